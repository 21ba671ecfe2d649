#include "knights/character/clip_baker.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "knights/anim/local_to_model_job.h"
#include "knights/ik/limb_placement_job.h"

namespace knights::character {
namespace {

glm::quat YawAbout(float yaw_rad) { return glm::angleAxis(yaw_rad, glm::vec3(0.0f, 1.0f, 0.0f)); }

}  // namespace

glm::vec3 HoldPointLs(const Rig& rig, int limb, bool ladder_feet) {
  switch (limb) {
    case anim::kFootL:
      return ladder_feet ? rig.ball_offset_l_ls : rig.sole_offset_l_ls;
    case anim::kFootR:
      return ladder_feet ? rig.ball_offset_r_ls : rig.sole_offset_r_ls;
    case anim::kHandL:
      return rig.grip_offset_l_ls;
    default:
      return rig.grip_offset_r_ls;
  }
}

glm::vec3 PointMs(const glm::mat4& joint_ms, const glm::vec3& offset_ls) {
  return glm::vec3(joint_ms * glm::vec4(offset_ls, 1.0f));
}

glm::quat RotationMs(const glm::mat4& joint_ms) { return glm::normalize(glm::quat_cast(glm::mat3(joint_ms))); }

float Smoothstep(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

core::Expected<anim::Clip> CreateBakedClip(anim::ClipDesc desc) {
  const std::string name = desc.name;
  auto clip = anim::Clip::Create(std::move(desc));
  if (!clip) return core::Status::Error("clip '" + name + "' built at load: " + clip.status().message());
  return clip;
}

const LimbChain& ClipBaker::Chain(int limb) const {
  switch (limb) {
    case anim::kFootL:
      return rig_->leg_l;
    case anim::kFootR:
      return rig_->leg_r;
    case anim::kHandL:
      return rig_->arm_l;
    default:
      return rig_->arm_r;
  }
}

glm::quat ClipBaker::FlatFootMs(int limb, float yaw_rad) const {
  return YawAbout(yaw_rad) * RotationMs(rest_ms_[Chain(limb).end]);
}

float ClipBaker::LimbLengthM(int limb) const {
  const LimbChain& chain = Chain(limb);
  if (chain.upper < 0 || chain.mid < 0 || chain.end < 0) return 0.0f;
  const auto at = [&](int joint) { return glm::vec3(rest_ms_[joint][3]); };
  return glm::distance(at(chain.upper), at(chain.mid)) + glm::distance(at(chain.mid), at(chain.end));
}

ClipBaker::ClipBaker(const anim::Skeleton& skeleton, const Rig& rig)
    : skeleton_(&skeleton), rig_(&rig), rest_ms_(static_cast<size_t>(skeleton.JointCount())) {
  ToModel(skeleton.RestPose(), rest_ms_);
}

void ClipBaker::ToModel(std::span<const math::Transform> locals_ls, std::span<glm::mat4> models_ms) const {
  anim::LocalToModelJob job;
  job.parents = skeleton_->Parents();
  job.locals_ls = locals_ls;
  job.models_ms = models_ms;
  job.Run();
}

// The root joint takes the root motion and the yaw; the pelvis (with
// everything under it) the shift and the lean, about its own position.
void ClipBaker::MoveBody(const BakeFrame& frame, std::span<math::Transform> locals_ls,
                         std::span<glm::mat4> models_ms) const {
  locals_ls[0].translation += frame.root_ms;
  locals_ls[0].rotation = YawAbout(frame.root_yaw_rad) * locals_ls[0].rotation;
  ToModel(locals_ls, models_ms);
  const int pelvis = rig_->pelvis;
  if (pelvis <= 0 || (frame.pelvis_shift_ms == glm::vec3(0.0f) && !frame.pelvis_at_ms && frame.pelvis_lean_rad == 0.0f))
    return;
  // The body's side axis: model z turned with the root.
  const glm::vec3 side_ms = YawAbout(frame.root_yaw_rad) * glm::vec3(0.0f, 0.0f, 1.0f);
  const glm::mat4& old_ms = models_ms[pelvis];
  glm::mat4 new_ms = glm::mat4_cast(glm::angleAxis(-frame.pelvis_lean_rad, side_ms)) * glm::mat4(glm::mat3(old_ms));
  new_ms[3] =
      frame.pelvis_at_ms ? glm::vec4(*frame.pelvis_at_ms, 1.0f) : old_ms[3] + glm::vec4(frame.pelvis_shift_ms, 0.0f);
  const int parent = skeleton_->Parents()[pelvis];
  const math::Transform local = math::FromMatrix(glm::inverse(models_ms[parent]) * new_ms);
  locals_ls[pelvis].translation = local.translation;
  locals_ls[pelvis].rotation = local.rotation;
  ToModel(locals_ls, models_ms);
}

void ClipBaker::PlaceLimb(int limb, const BakeFrame& frame, bool ladder_feet, std::span<math::Transform> locals_ls,
                          std::span<glm::mat4> models_ms) const {
  const BakeLimbGoal& goal = frame.limbs[limb];
  const LimbChain& chain = Chain(limb);
  if (!goal.active || chain.upper < 0 || chain.mid < 0 || chain.end < 0) return;
  const glm::quat yaw = YawAbout(frame.root_yaw_rad);
  const bool foot = limb < 2;
  ik::LimbPlacementJob job;
  job.chain = {chain.upper, chain.mid, chain.end};
  job.parents = skeleton_->Parents();
  job.locals_ls = locals_ls;
  job.models_ms = models_ms;
  job.effector_ls = HoldPointLs(*rig_, limb, ladder_feet);
  job.target_ms = goal.point_ms;
  job.hinge_axis_ls = rig_->hinge_axis_ls[limb];
  // Knees forward; elbows down and back, out to their side (left is -z).
  job.pole_vector_ms =
      yaw * (foot ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(-0.5f, -1.0f, limb == anim::kHandL ? -0.4f : 0.4f));
  if (goal.end_rotation_ms) job.end_turn_ms = *goal.end_rotation_ms * glm::inverse(RotationMs(models_ms[chain.end]));
  job.Run();
}

void ClipBaker::Solve(const BakeSpec& spec, const BaseFn& base, const ScriptFn& script, float t_s,
                      std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms) const {
  const auto rest = skeleton_->RestPose();
  std::copy(rest.begin(), rest.end(), locals_ls.begin());
  if (base) base(t_s, locals_ls);
  const BakeFrame frame = script(t_s);
  MoveBody(frame, locals_ls, models_ms);
  for (int limb = 0; limb < anim::kLimbCount; ++limb) PlaceLimb(limb, frame, spec.ladder_feet, locals_ls, models_ms);
}

std::vector<math::Transform> ClipBaker::PoseLs(const BaseFn& base, const ScriptFn& script, float t_s) const {
  std::vector<math::Transform> locals_ls(static_cast<size_t>(skeleton_->JointCount()));
  std::vector<glm::mat4> models_ms(locals_ls.size());
  Solve(BakeSpec{}, base, script, t_s, locals_ls, models_ms);
  return locals_ls;
}

std::vector<glm::mat4> ClipBaker::PoseMs(const BaseFn& base, const ScriptFn& script, float t_s) const {
  std::vector<math::Transform> locals_ls(static_cast<size_t>(skeleton_->JointCount()));
  std::vector<glm::mat4> models_ms(locals_ls.size());
  Solve(BakeSpec{}, base, script, t_s, locals_ls, models_ms);
  return models_ms;
}

anim::ClipDesc ClipBaker::Bake(const BakeSpec& spec, const BaseFn& base, const ScriptFn& script) const {
  const int joints = skeleton_->JointCount();
  anim::ClipDesc clip;
  clip.name = spec.name;
  clip.joint_count = joints;
  clip.loop = spec.loop;
  clip.duration_s = spec.duration_s;
  clip.tracks.resize(static_cast<size_t>(joints));
  for (int j = 0; j < joints; ++j) clip.tracks[j].joint = j;
  std::vector<math::Transform> locals_ls(static_cast<size_t>(joints));
  std::vector<glm::mat4> models_ms(locals_ls.size());
  const int frames = std::max(1, static_cast<int>(std::ceil(spec.duration_s * kKeysPerS - 1e-3f)));
  for (int f = 0; f <= frames; ++f) {
    const float t_s = std::min(static_cast<float>(f) / kKeysPerS, spec.duration_s);
    Solve(spec, base, script, t_s, locals_ls, models_ms);
    for (int j = 0; j < joints; ++j) {
      clip.tracks[j].translations.push_back({t_s, locals_ls[j].translation});
      clip.tracks[j].rotations.push_back({t_s, locals_ls[j].rotation});
    }
  }
  return clip;
}

}  // namespace knights::character
