#pragma once
// Samples a Clip at a time into a local-space pose (one Transform per joint).
//
// Usage (per frame, per playing clip; buffers sized at spawn):
//   anim::SamplingJob job;
//   job.clip = &walk;
//   job.time_s = walk_time_s;              // any value: wrapped or clamped
//   job.cache = &walk_cache;               // optional, makes playback O(1) per track
//   job.rest_pose_ls = skeleton.RestPose(); // optional, see below
//   job.output_ls = walk_pose_ls;          // >= clip.JointCount() transforms
//   if (!job.Run()) { /* bad input: nothing written */ }
//
// Time: loop clips wrap time_s into [0, duration) (negative times too); other
// clips clamp it to [0, duration]. See knights/anim/clip.h for how a track that does
// not cover the whole loop interpolates across the wrap.
// Interpolation: translation and scale lerp; rotation is shortest-path nlerp
// (normalised), see math::NlerpShortest.
// Channels the clip does not animate (no keys): written from rest_pose_ls
// when it is given, otherwise left as they are in output_ls, so a caller can
// pre-fill the output (e.g. with the rest pose once at spawn). Joints at or
// beyond clip.JointCount() are never written.

#include <span>

#include "knights/anim/clip.h"
#include "knights/anim/sampling_cache.h"
#include "knights/math/transform.h"

namespace knights::anim {

struct SamplingJob {
  const Clip* clip = nullptr;
  // Clip time, seconds.
  float time_s = 0.0f;
  // Optional key cursors (results are the same without; only slower).
  SamplingCache* cache = nullptr;
  // Optional rest pose (parent space) for channels without keys; empty or at
  // least clip->JointCount() transforms.
  std::span<const math::Transform> rest_pose_ls;
  // Output: local (parent-space) transforms, at least clip->JointCount().
  std::span<math::Transform> output_ls;

  // Clip set, sizes big enough (cache included), time finite.
  bool Validate() const;
  // Returns false (and writes nothing) when Validate() fails.
  bool Run() const;
};

}  // namespace knights::anim
