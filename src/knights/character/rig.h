#pragma once
// A CharacterDesc resolved against a skeleton: joint indices of every IK
// chain, ready for the per-frame IK pass (no name lookups per frame).

#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "knights/anim/prop_placement_job.h"
#include "knights/anim/skeleton.h"
#include "knights/anim/skinned_mesh.h"
#include "knights/core/status.h"
#include "knights/character/character_desc.h"

namespace knights::character {

// Joint indices of one two-bone chain; tip is -1 when the rig has none.
struct LimbChain {
  int upper = -1;  // hip / shoulder
  int mid = -1;    // knee / elbow
  int end = -1;    // ankle / wrist
  int tip = -1;    // toe
};

struct Rig {
  int pelvis = -1;
  LimbChain leg_l, leg_r, arm_l, arm_r;
  glm::vec3 sole_offset_l_ls{0.0f};  // foot joint space, metres
  glm::vec3 sole_offset_r_ls{0.0f};
  glm::vec3 ball_offset_l_ls{0.0f};  // foot joint space, metres
  glm::vec3 ball_offset_r_ls{0.0f};
  glm::vec3 grip_offset_l_ls{0.0f};  // hand joint space, metres
  glm::vec3 grip_offset_r_ls{0.0f};
  // Heel point of each foot, foot joint space, metres: the back of the sole,
  // behind the sole point by 0.6 of the sole-to-ball distance (the boot's
  // heel on a human foot, whose ankle is about 40% of the way from the heel
  // to the ball). With the sole and ball points it is where the foot meets
  // the ground: the foot IK keeps all three out of it and the metrics
  // measure all three.
  glm::vec3 heel_offset_l_ls{0.0f};
  glm::vec3 heel_offset_r_ls{0.0f};
  // Hinge axis of each knee and elbow in its upper joint's frame (unit; see
  // knights/ik/hinge_axis.h), read from the rest pose: a bent rest limb gives its
  // own axis, a straight one bends knees towards model +x (the facing) and
  // elbows towards -x. Indexed like anim::Limb: leg_l, leg_r, arm_l, arm_r.
  std::array<glm::vec3, 4> hinge_axis_ls{};
  // From the soles to the top of the head in the bind pose, metres (0: not
  // measured, the controller keeps its own): how tall the collision body is.
  float body_height_m = 0.0f;
  // Props and their sockets (knights/character/rig_props.h), placed after the IK pass.
  std::vector<anim::PropSockets> props;
};

// The factor of the sole-to-ball vector that puts the heel behind the sole.
inline constexpr float kHeelBehindSole = 0.6f;

// Looks up every joint; each chain must really be a chain (mid's parent is
// upper, end's parent is mid, tip's parent is end). Errors name the file and field.
core::Expected<Rig> ResolveRig(const CharacterDesc& desc, const anim::Skeleton& skeleton);

// The mesh's height in its bind pose, lowest vertex to highest, metres (0
// for an empty mesh): the character's height whatever joint 0 is.
float BindPoseHeightM(const anim::SkinnedMesh& mesh);

}  // namespace knights::character
