#pragma once
// A rig rooted at its hips (Rigify's `spine`, Mixamo's `Hips`) has no joint
// on the ground to carry the character's travel. The importer gives it one
// (ModelImportOptions::ground_root_ms): a new joint 0 on the ground under
// the hips, the hips its child; this moves each clip's travel of the hips
// into it, as engines take root motion from the hips of such clips.
//
//   anim::ClipDesc desc = ...;  // the hips (joint 1) keyed relative to the ground joint (0)
//   asset::MoveTravelToGround(desc, /*ground=*/0, /*hips=*/1, ground_ms);

#include "knights/anim/clip.h"

namespace knights::asset {

// A clip whose hips end this much higher or lower than they start moves the
// body up or down (a climb onto a ledge): its vertical motion is travel too.
// Less is the body's bob, and stays in the hips. Metres.
inline constexpr float kGroundRootRiseM = 0.25f;

// For each translation key of `hips`, the `ground` joint gets its rest
// translation (ground_rest_ls) plus the hips' horizontal displacement from
// the clip's first key (and the vertical one in a clip that rises or sinks
// by kGroundRootRiseM or more), and the hips keep the rest. Both are keyed at the same times, so with linear
// interpolation their sum is the hips' motion at any time. Model space is
// +Y up (the importer has turned the rig). A clip without hips translation
// keys, or one that already keys `ground`, is left as it is.
void MoveTravelToGround(anim::ClipDesc& desc, int ground, int hips, const glm::vec3& ground_rest_ls);

// A rise taken from the hips ends where the hips end, which is the ledge's
// height only if the body stands as high over its feet as it started (a
// climber's hips are lower than a stander's): scales the ground joint's
// vertical travel so that it ends at soles_end_y (the height its soles
// stand at at the clip's end, the joint's parent space), the hips keeping
// the difference. A clip whose ground joint does not rise is left as it is;
// returns whether the clip changed.
bool SettleRiseOnSoles(anim::ClipDesc& desc, int ground, int hips, float soles_end_y);

}  // namespace knights::asset
