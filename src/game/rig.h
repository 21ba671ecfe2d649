#pragma once
// A CharacterDesc resolved against a skeleton: joint indices of every IK
// chain, ready for the per-frame IK pass (no name lookups per frame).

#include <string>

#include <glm/glm.hpp>

#include "anim/skeleton.h"
#include "core/status.h"
#include "game/character_desc.h"

namespace knights::game {

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
};

// Looks up every joint; each chain must really be a chain (mid's parent is
// upper, end's parent is mid, tip's parent is end). Errors name the file and field.
core::Expected<Rig> ResolveRig(const CharacterDesc& desc, const anim::Skeleton& skeleton);

}  // namespace knights::game
