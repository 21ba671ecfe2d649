#pragma once
// When an attack clip can hurt, read from the clip itself: around its
// fastest moment, from when the weapon's point first moves at least half as
// fast as it ever does (the wind-up is slower) until it slows below a fifth
// of that (the follow-through, where the blade meets what stands in front,
// is slower than the swing's middle). A character brings its own attack
// clips; their timing is never a table in the code.
//
//   const int weapon = FindWeaponProp(rig);
//   const AttackWindow w = FindAttackWindow(skeleton, clip, rig, weapon);
//   // the blade hurts from w.active_from_s to w.active_to_s

#include <span>

#include <glm/glm.hpp>

#include "knights/anim/clip.h"
#include "knights/anim/skeleton.h"
#include "knights/character/rig.h"

namespace knights::game {

struct AttackWindow {
  float duration_s = 0.0f;      // the clip's length, seconds
  float active_from_s = 0.0f;   // the blade hurts from here ...
  float active_to_s = 0.0f;     // ... to here, seconds into the clip
  float peak_speed_mps = 0.0f;  // the weapon point's fastest, model space, m/s (0: nothing moves)
  // How far ahead of the knight's feet (model +x, root motion included) the
  // point goes while the window is open, metres: from how near a swing
  // reaches a foe (a sword's, or a fist's).
  float reach_m = 0.0f;
  bool operator==(const AttackWindow&) const = default;
};

// The window opens where the point's speed first reaches kSwingStartFraction
// of its peak (going back from the peak) and closes where it falls below
// kSwingEndFraction after it.
inline constexpr float kSwingStartFraction = 0.5f;
inline constexpr float kSwingEndFraction = 0.2f;

// The prop that is the weapon: the one carried by the right hand, else by
// the left, else none (-1). An index into rig.props.
int FindWeaponProp(const character::Rig& rig);

// The weapon as a segment in model space: its joint (the grip) and its point.
// Without a weapon prop (weapon < 0) the right forearm stands in: from the
// elbow to the hand's grip point and a fist's length past it.
// Its space is the one its variable names (weapon_ms, weapon_ws), metres.
struct WeaponSegment {
  glm::vec3 base{0.0f};   // the grip (the prop's joint)
  glm::vec3 point{0.0f};  // the blade's point
};
WeaponSegment WeaponSegmentMs(std::span<const glm::mat4> models_ms, const character::Rig& rig, int weapon);

// Samples the clip every 1/120 s. A clip whose weapon never moves has an
// empty window (active_from_s == active_to_s == 0).
AttackWindow FindAttackWindow(const anim::Skeleton& skeleton, const anim::Clip& clip, const character::Rig& rig,
                              int weapon);

}  // namespace knights::game
