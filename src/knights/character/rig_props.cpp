#include "knights/character/rig_props.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <utility>

#include <glm/gtc/matrix_transform.hpp>

#include "knights/anim/model_pose.h"
#include "knights/math/matrix_ops.h"

namespace knights::character {
namespace {

constexpr int kClipSamples = 24;

// The rig's own joints, which the IK moves: a prop's subtree holds none.
std::vector<int> RigJoints(const Rig& rig) {
  std::vector<int> joints = {rig.pelvis};
  for (const LimbChain* c : {&rig.leg_l, &rig.leg_r, &rig.arm_l, &rig.arm_r}) {
    for (int j : {c->upper, c->mid, c->end, c->tip}) {
      if (j >= 0) joints.push_back(j);
    }
  }
  return joints;
}

core::Status CheckShape(const CharacterDesc& desc, const PropDesc& prop, const anim::Skeleton& skeleton, const Rig& rig,
                        const anim::PropSockets& s) {
  const std::string path = desc.file + ": props." + prop.name;
  const auto& names = skeleton.Names();
  for (const int joint : RigJoints(rig)) {
    if (skeleton.InSubtree(s.prop, joint)) {
      return core::Status::Error(path + ".joint: joint '" + names[s.prop] + "' carries '" + names[joint] +
                                 "', a joint of the rig the IK moves");
    }
  }
  for (const auto& [field, joint] : {std::pair{".carry", s.carry}, {".stow", s.stow}}) {
    if (skeleton.InSubtree(s.prop, joint)) {
      return core::Status::Error(path + field + ": joint '" + names[joint] + "' is the prop's joint or under it ('" +
                                 names[s.prop] + "')");
    }
  }
  return core::Status::Ok();
}

// The prop's frame in the stow joint's frame at each of kClipSamples times
// of the clip; the first one, and how far the prop's origin strays from it.
struct ClipStow {
  glm::mat4 stowed_in_stow{1.0f};
  float spread_m = 0.0f;
};
ClipStow ReadClipStow(const anim::Skeleton& skeleton, const anim::Clip& clip, const anim::PropSockets& s) {
  ClipStow out;
  for (int i = 0; i < kClipSamples; ++i) {
    const float t = clip.DurationS() * static_cast<float>(i) / (kClipSamples - 1);
    const std::vector<glm::mat4> models_ms = anim::ModelPoseAt(skeleton, &clip, t);
    const glm::mat4 rel = math::InverseAffine(models_ms[s.stow]) * models_ms[s.prop];
    if (i == 0) out.stowed_in_stow = rel;
    out.spread_m = std::max(out.spread_m, glm::length(glm::vec3(rel[3]) - glm::vec3(out.stowed_in_stow[3])));
  }
  return out;
}

glm::mat4 FileStow(const PropDesc& prop) {
  const glm::vec3 r = glm::radians(*prop.stow_rotation_deg);
  glm::mat4 m = glm::translate(glm::mat4(1.0f), *prop.stow_offset_m);
  // About x, then y, then z: the last applied is the leftmost.
  m = glm::rotate(m, r.z, glm::vec3(0, 0, 1));
  m = glm::rotate(m, r.y, glm::vec3(0, 1, 0));
  return glm::rotate(m, r.x, glm::vec3(1, 0, 0));
}

// The farthest point of the prop's mesh part from its joint, in the joint's
// frame: its vertices (those bound at least half to the joint) taken from
// bind model space by the joint's inverse bind matrix.
glm::vec3 PropTipLs(const anim::Skeleton& skeleton, const anim::SkinnedMesh& mesh, int prop) {
  glm::vec3 tip_ls(0.0f);
  for (const anim::SkinnedVertex& v : mesh.vertices) {
    float weight = 0.0f;
    for (int k = 0; k < anim::kMaxInfluences; ++k) {
      if (v.joints[k] == prop) weight += v.weights[k];
    }
    if (weight < 0.5f) continue;
    const glm::vec3 p_ls = glm::vec3(skeleton.InverseBind()[prop] * glm::vec4(v.position_ms, 1.0f));
    if (glm::dot(p_ls, p_ls) > glm::dot(tip_ls, tip_ls)) tip_ls = p_ls;
  }
  return tip_ls;
}

}  // namespace

core::Expected<std::vector<anim::PropSockets>> ResolveProps(const CharacterDesc& desc, const anim::Skeleton& skeleton,
                                                            const Rig& rig, const anim::Clip* climb_up,
                                                            const anim::SkinnedMesh* mesh) {
  std::vector<anim::PropSockets> out;
  for (const PropDesc& prop : desc.props) {
    const std::string path = desc.file + ": props." + prop.name;
    anim::PropSockets s;
    s.prop = skeleton.FindJoint(prop.joint);
    s.carry = skeleton.FindJoint(prop.carry);
    s.stow = skeleton.FindJoint(prop.stow);
    for (const auto& [field, index, name] :
         {std::tuple{".joint", s.prop, &prop.joint}, {".carry", s.carry, &prop.carry}, {".stow", s.stow, &prop.stow}}) {
      if (index < 0) return core::Status::Error(path + field + ": joint '" + *name + "' is not in the skeleton");
    }
    if (auto status = CheckShape(desc, prop, skeleton, rig, s); !status.ok()) return status;
    const ClipStow clip = climb_up != nullptr ? ReadClipStow(skeleton, *climb_up, s) : ClipStow{};
    if (prop.stow_offset_m) {
      s.stowed_in_stow = FileStow(prop);
      // The clip may stow it there too: then it, not the game, does so.
      const float clip_to_file_m = glm::length(glm::vec3(clip.stowed_in_stow[3]) - glm::vec3(s.stowed_in_stow[3]));
      s.clips_stow = climb_up != nullptr && clip.spread_m <= kStowStillM && clip_to_file_m <= 2.0f * kStowStillM;
    } else if (climb_up == nullptr) {
      return core::Status::Error(path +
                                 ": no climb_up clip to read the stowed place from: give stow_offset_m and "
                                 "stow_rotation_deg");
    } else if (clip.spread_m > kStowStillM) {
      const long spread_mm = std::lround(clip.spread_m * 1000.0f);
      return core::Status::Error(path + ": the climb_up clip moves '" + prop.joint + "' " + std::to_string(spread_mm) +
                                 " mm against '" + prop.stow + "' (more than " +
                                 std::to_string(std::lround(kStowStillM * 1000.0f)) +
                                 ": it does not stow it there): give stow_offset_m and stow_rotation_deg");
    } else {
      s.stowed_in_stow = clip.stowed_in_stow;
      s.clips_stow = true;
    }
    if (mesh != nullptr) s.tip_ls = PropTipLs(skeleton, *mesh, s.prop);
    out.push_back(s);
  }
  return out;
}

}  // namespace knights::character
