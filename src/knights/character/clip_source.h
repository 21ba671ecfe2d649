#pragma once
// Where the clip a character plays in each role comes from: the clip its
// character file maps, or a fallback built at load from the clips it has
// (knights/character/fallback_clips.h, knights/character/procedural_climb.h). Only idle and walk are
// required; every other role has a fallback, except the fight roles, which
// a character without them simply does not play.

#include <array>
#include <cstdint>

#include "knights/character/character_desc.h"

namespace knights::character {

enum class ClipSource : uint8_t {
  kNone,             // not played (an unmapped fight role)
  kClip,             // the file's clip for the role
  kJumpSplit,        // a piece of the file's single jump clip, split at its apex
  kWarpedWalk,       // run: the walk at a faster cadence with a longer stride
  kTuckedPose,       // jump_up, fall: a walk pose with the legs tucked, held
  kLandingDip,       // land: the pelvis dips on a spring over planted feet
  kProceduralTurn,   // turn: the root yaws while each foot steps round in turn
  kProceduralClimb,  // the four ladder roles: holds on the rungs, solved by IK
  kRetargeted,       // the knight's clip for the role, carried onto the rig (knights/character/retarget.h)
};

// "clip", "jump split at apex", "walk warped", ...: for --inspect-character
// and the overlay.
const char* Describe(ClipSource source);

// The source of each role, indexed by ClipRole.
using ClipSources = std::array<ClipSource, kClipRoleCount>;

// True for the roles the procedural climb plays (climb_up, climb_down,
// ladder_enter_bottom, ladder_exit_top).
inline constexpr bool IsLadderRole(ClipRole role) {
  return role == ClipRole::kClimbUp || role == ClipRole::kClimbDown || role == ClipRole::kLadderEnterBottom ||
         role == ClipRole::kLadderExitTop;
}

}  // namespace knights::character
