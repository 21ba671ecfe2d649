#include "knights/character/retarget.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "knights/anim/model_pose.h"

namespace knights::character {
namespace {

glm::vec3 PositionMs(const glm::mat4& joint_ms) { return glm::vec3(joint_ms[3]); }

// The lowest joint above both a and b (their common ancestor), or -1.
int CommonAncestor(std::span<const int16_t> parents, int a, int b) {
  for (int i = a; i >= 0; i = parents[i]) {
    for (int j = b; j >= 0; j = parents[j]) {
      if (i == j) return i;
    }
  }
  return -1;
}

// The joints strictly between `top` and its ancestor `bottom`, bottom first.
std::vector<int> Between(std::span<const int16_t> parents, int bottom, int top) {
  std::vector<int> path;
  for (int j = top >= 0 ? parents[top] : -1; j >= 0 && j != bottom; j = parents[j]) path.push_back(j);
  std::reverse(path.begin(), path.end());
  return path;
}

// The shortest rotation taking direction `from` to direction `to`; identity
// when either is too short to have one.
glm::quat RotationBetween(const glm::vec3& from, const glm::vec3& to) {
  if (glm::dot(from, from) < 1e-10f || glm::dot(to, to) < 1e-10f) return glm::identity<glm::quat>();
  const glm::vec3 a = glm::normalize(from), b = glm::normalize(to);
  const float cos_angle = glm::dot(a, b);
  if (cos_angle < -0.9999f) {
    // Opposite: half a turn about any axis across them.
    const glm::vec3 across = std::fabs(a.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::angleAxis(glm::pi<float>(), glm::normalize(glm::cross(a, across)));
  }
  const glm::vec3 axis = glm::cross(a, b);
  return glm::normalize(glm::quat(1.0f + cos_angle, axis.x, axis.y, axis.z));
}

// How a model-space point of a rig moves with its root: into the root's
// frame and back.
glm::vec3 InRootMs(const glm::mat4& root_ms, const glm::vec3& point_ms) {
  return glm::vec3(glm::inverse(root_ms) * glm::vec4(point_ms, 1.0f));
}

// The head's chain under the chest: from the chest's child that holds no
// arm, down the child with the most joints below it, to its end.
std::vector<int> HeadChain(const anim::Skeleton& skeleton, int chest, const Rig& rig) {
  std::vector<int> chain;
  const auto parents = skeleton.Parents();
  int at = chest;
  while (at >= 0) {
    int best = -1, best_size = 0;
    for (int j = at + 1; j < skeleton.SubtreeEnd(at); ++j) {
      if (parents[j] != at || skeleton.InSubtree(j, rig.arm_l.upper) || skeleton.InSubtree(j, rig.arm_r.upper) ||
          skeleton.InSubtree(j, rig.pelvis))
        continue;
      const int size = skeleton.SubtreeEnd(j) - j;
      if (size > best_size) best = j, best_size = size;
    }
    if (best >= 0) chain.push_back(best);
    at = best;
  }
  return chain;
}

}  // namespace

Retargeter::Retargeter(const ClipBaker& source, const ClipBaker& target) : source_(&source), target_(&target) {
  const float source_leg_m = source.LegLengthM();
  scale_ = source_leg_m > 0.0f ? target.LegLengthM() / source_leg_m : 1.0f;
  const size_t joints = static_cast<size_t>(target.skeleton().JointCount());
  drive_.assign(joints, Drive{});
  align_ms_.assign(joints, glm::identity<glm::quat>());
  MapChains();
}

void Retargeter::Map(int target_joint, int source_joint, const glm::vec3& target_dir_ms,
                     const glm::vec3& source_dir_ms) {
  if (target_joint < 0 || source_joint < 0) return;
  drive_[target_joint] = {source_joint, source_joint, 0.0f};
  align_ms_[target_joint] = RotationBetween(target_dir_ms, source_dir_ms);
}

void Retargeter::Spread(const std::vector<int>& inner, const std::vector<int>& along, int ends) {
  if (along.empty()) return;
  const float last = static_cast<float>(along.size() - 1);
  for (size_t i = 0; i < inner.size(); ++i) {
    const float fraction = static_cast<float>(i + 1) / static_cast<float>(inner.size() + ends - 1);
    const float at = std::min(fraction * last, last);
    const int from = static_cast<int>(at);
    const int to = std::min(from + 1, static_cast<int>(last));
    drive_[inner[i]] = {along[from], along[to], at - static_cast<float>(from)};
  }
}

// The body's chains: root, pelvis, spine, chest and head turn as the
// source's (the spine and neck spread over the source's by how far up they
// are), then the limbs.
void Retargeter::MapChains() {
  const Rig& s = source_->rig();
  const Rig& t = target_->rig();
  const auto s_parents = source_->skeleton().Parents();
  const auto t_parents = target_->skeleton().Parents();
  Map(0, 0, glm::vec3(0.0f), glm::vec3(0.0f));
  Map(t.pelvis, s.pelvis, glm::vec3(0.0f), glm::vec3(0.0f));
  const int s_chest = CommonAncestor(s_parents, s.arm_l.upper, s.arm_r.upper);
  const int t_chest = CommonAncestor(t_parents, t.arm_l.upper, t.arm_r.upper);
  if (t_chest > t.pelvis && s_chest > s.pelvis) {
    Map(t_chest, s_chest, glm::vec3(0.0f), glm::vec3(0.0f));
    std::vector<int> s_spine = Between(s_parents, s.pelvis, s_chest);
    s_spine.insert(s_spine.begin(), s.pelvis);
    s_spine.push_back(s_chest);
    Spread(Between(t_parents, t.pelvis, t_chest), s_spine, 2);
    std::vector<int> s_head = HeadChain(source_->skeleton(), s_chest, s);
    s_head.insert(s_head.begin(), s_chest);
    Spread(HeadChain(target_->skeleton(), t_chest, t), s_head, 1);
  }
  MapLimbs(s_chest, t_chest);
}

// Each leg's hip, knee and ankle and each arm's collarbone, shoulder, elbow
// and wrist, their rest bones aligned with the source's first.
void Retargeter::MapLimbs(int s_chest, int t_chest) {
  const Rig& s = source_->rig();
  const Rig& t = target_->rig();
  const auto s_at = [&](int joint) { return PositionMs(source_->RestMs()[joint]); };
  const auto t_at = [&](int joint) { return PositionMs(target_->RestMs()[joint]); };
  const auto s_point = [&](int joint, const glm::vec3& offset_ls) {
    return PointMs(source_->RestMs()[joint], offset_ls);
  };
  const auto t_point = [&](int joint, const glm::vec3& offset_ls) {
    return PointMs(target_->RestMs()[joint], offset_ls);
  };
  const auto map_chain = [&](const LimbChain& tc, const LimbChain& sc, const glm::vec3& t_end_point,
                             const glm::vec3& s_end_point) {
    Map(tc.upper, sc.upper, t_at(tc.mid) - t_at(tc.upper), s_at(sc.mid) - s_at(sc.upper));
    Map(tc.mid, sc.mid, t_at(tc.end) - t_at(tc.mid), s_at(sc.end) - s_at(sc.mid));
    Map(tc.end, sc.end, t_end_point - t_at(tc.end), s_end_point - s_at(sc.end));
  };
  map_chain(t.leg_l, s.leg_l, t_point(t.leg_l.end, t.ball_offset_l_ls), s_point(s.leg_l.end, s.ball_offset_l_ls));
  map_chain(t.leg_r, s.leg_r, t_point(t.leg_r.end, t.ball_offset_r_ls), s_point(s.leg_r.end, s.ball_offset_r_ls));
  map_chain(t.arm_l, s.arm_l, t_point(t.arm_l.end, t.grip_offset_l_ls), s_point(s.arm_l.end, s.grip_offset_l_ls));
  map_chain(t.arm_r, s.arm_r, t_point(t.arm_r.end, t.grip_offset_r_ls), s_point(s.arm_r.end, s.grip_offset_r_ls));
  // A collarbone between the chest and the arm follows the source's, or
  // rides on the chest where the source has none.
  const auto s_parents = source_->skeleton().Parents();
  const auto t_parents = target_->skeleton().Parents();
  for (const auto& [tc, sc] : {std::pair{&t.arm_l, &s.arm_l}, std::pair{&t.arm_r, &s.arm_r}}) {
    const int t_collar = t_parents[tc->upper], s_collar = s_parents[sc->upper];
    if (t_collar == t_chest || t_collar < 0 || s_collar == s_chest || s_collar < 0) continue;
    Map(t_collar, s_collar, t_at(tc->upper) - t_at(t_collar), s_at(sc->upper) - s_at(s_collar));
  }
}

void Retargeter::BasePose(const std::vector<glm::mat4>& source_ms, std::span<math::Transform> locals_ls) const {
  const auto parents = target_->skeleton().Parents();
  const auto rest_ls = target_->skeleton().RestPose();
  const auto source_rest_ms = source_->RestMs();
  const auto target_rest_ms = target_->RestMs();
  // How a source joint turned from its rest pose, model space.
  const auto turn_ms = [&](int joint) {
    return RotationMs(source_ms[joint]) * glm::inverse(RotationMs(source_rest_ms[joint]));
  };
  std::vector<glm::quat> rotations_ms(locals_ls.size());
  for (size_t j = 0; j < locals_ls.size(); ++j) {
    const int parent = parents[j];
    const glm::quat parent_ms = parent >= 0 ? rotations_ms[parent] : glm::identity<glm::quat>();
    const Drive& drive = drive_[j];
    if (drive.from >= 0) {
      const glm::quat turn =
          drive.weight > 0.0f ? glm::slerp(turn_ms(drive.from), turn_ms(drive.to), drive.weight) : turn_ms(drive.from);
      rotations_ms[j] = turn * align_ms_[j] * RotationMs(target_rest_ms[j]);
    } else {
      rotations_ms[j] = parent_ms * rest_ls[j].rotation;
    }
    locals_ls[j].rotation = glm::normalize(glm::inverse(parent_ms) * rotations_ms[j]);
  }
  // The root travels as the source's, scaled about the rest pose.
  locals_ls[0].translation =
      rest_ls[0].translation + scale_ * (PositionMs(source_ms[0]) - PositionMs(source_rest_ms[0]));
}

glm::vec3 Retargeter::ScaledPointMs(const std::vector<glm::mat4>& source_ms, const glm::mat4& target_root_ms,
                                    const glm::vec3& source_point_ms, const glm::vec3& source_rest_point_ms,
                                    const glm::vec3& target_rest_point_ms) const {
  const glm::vec3 moved =
      InRootMs(source_ms[0], source_point_ms) - InRootMs(source_->RestMs()[0], source_rest_point_ms);
  const glm::vec3 rest = InRootMs(target_->RestMs()[0], target_rest_point_ms);
  return glm::vec3(target_root_ms * glm::vec4(rest + scale_ * moved, 1.0f));
}

BakeFrame Retargeter::Goals(const std::vector<glm::mat4>& source_ms, const glm::mat4& target_root_ms,
                            bool ladder) const {
  const Rig& s = source_->rig();
  const Rig& t = target_->rig();
  BakeFrame frame;
  frame.pelvis_at_ms = ScaledPointMs(source_ms, target_root_ms, PositionMs(source_ms[s.pelvis]),
                                     PositionMs(source_->RestMs()[s.pelvis]), PositionMs(target_->RestMs()[t.pelvis]));
  // The feet always, about the rig's own stance; on a ladder the hands too,
  // and every hold where the source's is, scaled: on the ladder's rungs,
  // whatever the rest pose's arms (a T-pose's hands are far out to the sides).
  for (int limb = 0; limb < (ladder ? anim::kLimbCount : 2); ++limb) {
    const glm::vec3 s_point_ls = HoldPointLs(s, limb, ladder), t_point_ls = HoldPointLs(t, limb, ladder);
    const int s_end = source_->Chain(limb).end, t_end = target_->Chain(limb).end;
    const glm::vec3 source_point_ms = PointMs(source_ms[s_end], s_point_ls);
    BakeLimbGoal& goal = frame.limbs[limb];
    goal.active = true;
    goal.point_ms =
        ladder
            ? glm::vec3(target_root_ms * glm::vec4(scale_ * InRootMs(source_ms[0], source_point_ms), 1.0f))
            : ScaledPointMs(source_ms, target_root_ms, source_point_ms, PointMs(source_->RestMs()[s_end], s_point_ls),
                            PointMs(target_->RestMs()[t_end], t_point_ls));
  }
  return frame;
}

bool Retargeter::ClimbFits() const {
  const float source_ratio = source_->ArmLengthM() / source_->LegLengthM();
  const float target_ratio = target_->ArmLengthM() / target_->LegLengthM();
  return std::fabs(scale_ - 1.0f) <= kClimbMostScaleChange &&
         std::fabs(target_ratio / source_ratio - 1.0f) <= kClimbMostArmRatioChange;
}

core::Expected<anim::Clip> Retargeter::Retarget(const anim::Clip& source_clip, const std::string& name,
                                                bool ladder) const {
  // The source's pose at the time the baker asks for, kept for its goals.
  std::vector<glm::mat4> source_ms;
  glm::mat4 target_root_ms(1.0f);
  const auto base = [&](float t_s, std::span<math::Transform> locals_ls) {
    source_ms = anim::ModelPoseAt(source_->skeleton(), &source_clip, t_s);
    BasePose(source_ms, locals_ls);
    target_root_ms = math::ToMatrix(locals_ls[0]);
  };
  const auto script = [&](float) { return Goals(source_ms, target_root_ms, ladder); };
  anim::ClipDesc desc = target_->Bake({name, source_clip.DurationS(), source_clip.Loop(), ladder}, base, script);
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    const auto ranges = source_clip.Contacts(static_cast<anim::Limb>(limb));
    desc.contacts[limb].assign(ranges.begin(), ranges.end());
  }
  const auto scaled = [&](std::optional<float> v) { return v ? std::optional<float>(*v * scale_) : v; };
  desc.speed_mps = scaled(source_clip.SpeedMps());
  desc.climb_m_per_cycle = scaled(source_clip.ClimbMPerCycle());
  desc.rung_spacing_m = scaled(source_clip.RungSpacingM());
  desc.rung_reach_m = scaled(source_clip.RungReachM());
  return CreateBakedClip(std::move(desc));
}

}  // namespace knights::character
