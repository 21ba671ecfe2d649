#pragma once
// A character file's props resolved against its skeleton and clips: the
// joint indices of each prop and its sockets, and where it rides stowed
// (from the file, or read from the climb_up clip), ready for
// anim::PropPlacementJob.

#include <vector>

#include "knights/anim/clip.h"
#include "knights/anim/prop_placement_job.h"
#include "knights/anim/skeleton.h"
#include "knights/anim/skinned_mesh.h"
#include "knights/core/status.h"
#include "knights/character/character_desc.h"
#include "knights/character/rig.h"

namespace knights::character {

// How far the climb_up clip may move a prop against its stow joint and
// still count as holding it still there, metres.
inline constexpr float kStowStillM = 0.01f;

// `climb_up` may be null (the character has no climb clip); each prop then
// needs its stow offsets in the file. `mesh` (may be null) gives each
// prop's tip: the farthest vertex bound mostly to its joint. Errors name the file and the field:
// a joint not in the skeleton, a socket inside the prop's own subtree, a
// prop that carries a joint of the rig (the pelvis, a limb), a clip that
// does not hold the prop still on the stow joint when the file gives no
// offsets.
core::Expected<std::vector<anim::PropSockets>> ResolveProps(const CharacterDesc& desc, const anim::Skeleton& skeleton,
                                                            const Rig& rig, const anim::Clip* climb_up,
                                                            const anim::SkinnedMesh* mesh);

}  // namespace knights::character
