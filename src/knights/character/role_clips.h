#pragma once
// The clip of every role a character plays: the file's, or a fallback built
// at load (knights/character/clip_source.h says which kinds). Only idle and walk must be
// in a character file.
//
//   core::Expected<RoleClips> roles = AddRoleClips(desc, skeleton, rig, model.clips);
//   // model.clips has the fallbacks appended; roles->clip[r] indexes it.
//
// The ladder roles are all procedural or all the file's: when the file
// leaves any of climb_up, climb_down, ladder_enter_bottom and
// ladder_exit_top out, or asks for "procedural_climb", all four come from
// knights/character/procedural_climb.h, whose getting on ends where its climb starts.

#include <array>
#include <span>
#include <vector>

#include "knights/anim/clip.h"
#include "knights/anim/skeleton.h"
#include "knights/core/status.h"
#include "knights/character/character_desc.h"
#include "knights/character/clip_source.h"
#include "knights/character/rig.h"

namespace knights::character {

class ClipBaker;

struct RoleClips {
  ClipSources source{};                    // indexed by ClipRole
  std::array<int, kClipRoleCount> clip{};  // index into the clips, -1 where source is kNone
  // How far the retargeted roles' travel, heights and speeds were scaled
  // from the source's (its legs over the source's); 0: none retargeted.
  float retarget_scale = 0.0f;
};

// The character whose clips are retargeted for the roles a file leaves out
// (the knight): its skeleton and rig (the baker), its clips and which
// plays each role. All must outlive AddRoleClips.
struct RetargetSource {
  const ClipBaker* baker = nullptr;
  std::span<const anim::Clip> clips;
  const RoleClips* roles = nullptr;
};

// Finds the file's clips by name in `clips` and appends a clip for each
// role without one: with a source and the file's "retarget" on, every role
// the source plays and the file leaves out, retargeted from it (the ladder
// roles where the source's climb fits the rig, the jump's pieces where the
// file has no single jump to split); then a fallback for each role still
// without one. Errors (a jump clip that cannot be split, a walk without a
// speed, idle or walk left out with nothing to retarget them from) name the
// character file and the clip.
core::Expected<RoleClips> AddRoleClips(const CharacterDesc& desc, const anim::Skeleton& skeleton, const Rig& rig,
                                       std::vector<anim::Clip>& clips, const RetargetSource* source = nullptr);

// Whether the file leaves a base role (idle, walk) out, so that it cannot
// play without retargeting.
bool NeedsRetargeting(const CharacterDesc& desc);

// Whether AddRoleClips needs a RetargetSource for this file: retargeting is
// on and the file leaves a role out.
bool RetargetsLeftOutRoles(const CharacterDesc& desc);

// Whether the four ladder roles come from the procedural climb.
bool UsesProceduralClimb(const CharacterDesc& desc);

}  // namespace knights::character
