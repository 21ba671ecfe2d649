#pragma once
// Root motion rule: clips are played IN PLACE and the game moves the
// character (see knights/anim/clip.h). This helper makes an exported clip that
// travels (its root joint walks forward) in place at load time, before
// Clip::Create.
//
// Usage:
//   anim::ClipDesc desc = ...;  // from the loader
//   core::Expected<glm::vec3> v = anim::ExtractRootMotion(desc, hips, {0, 1, 0});
//   if (!v) log(v.status().message());
//   // desc.speed_mps is now |v| if it was unset.
//   core::Expected<anim::Clip> clip = anim::Clip::Create(std::move(desc));
//
// Method: the root's average horizontal velocity over the clip, v = horizontal
// part of (last key - first key) / (last time - first time), is subtracted
// linearly in time from every translation key: p_k -= v (t_k - t_0). The
// in-cycle sway (the hips moving side to side or surging within a step) and
// all vertical motion stay; only the steady travel goes. With
// remove_all_horizontal the horizontal position is instead pinned to the first
// key's (for clips whose sway should not move the character either).
// "Horizontal" means perpendicular to `up`, in the root joint's parent space
// (model space for a root joint).

#include <glm/glm.hpp>

#include "knights/anim/clip.h"
#include "knights/core/status.h"

namespace knights::anim {

// Removes the horizontal travel of `joint`'s translation track in `desc` and
// returns the removed average horizontal velocity (m/s, parent space of
// `joint`). A joint without translation keys (or with one) has nothing to
// remove: returns zero. Errors: joint out of range, zero or non-finite `up`.
core::Expected<glm::vec3> ExtractRootMotion(ClipDesc& desc, int joint, glm::vec3 up = glm::vec3(0.0f, 1.0f, 0.0f),
                                            bool remove_all_horizontal = false);

}  // namespace knights::anim
