#pragma once
// Blends two or more local-space poses by weight into one pose.
//
// Usage (per frame; buffers sized at spawn):
//   const anim::BlendLayer layers[] = {{walk_pose_ls, 1.0f - w}, {run_pose_ls, w}};
//   anim::BlendingJob job;
//   job.layers = layers;
//   job.rest_pose_ls = skeleton.RestPose();
//   job.output_ls = pose_ls;
//   if (!job.Run()) { /* bad input: nothing written */ }
//
// Weights need not sum to one: the result is normalised by their sum, so
// {0.2, 0.6} gives the same pose as {0.25, 0.75}. Layers with weight <= 0 are
// skipped. When the total weight falls below `threshold`, the rest pose is
// blended in with weight (threshold - total), so fading every layer out ends
// smoothly on the rest pose instead of dividing by ~0 (the scheme of
// ozz-animation's BlendingJob, guillaumeblanc.github.io/ozz-animation).
//
// Per joint: translation and scale are weighted averages; rotations are summed
// after flipping each into the hemisphere of the running sum (q and -q are the
// same rotation; without the flip they would cancel), then normalised. This
// normalised quaternion average is accurate for the nearby rotations blended
// in practice (F. L. Markley et al., "Averaging Quaternions", 2007, discuss
// its error).
//
// Per-joint weights (BlendingJob::joint_weights) scale a layer's weight
// joint by joint; the sums and the threshold are then taken per joint.
//
// The output must not alias any layer's pose (it is used as the accumulator).

#include <span>

#include "knights/math/transform.h"

namespace knights::anim {

struct BlendLayer {
  // Local (parent-space) pose; at least as many joints as the output.
  std::span<const math::Transform> pose_ls;
  // Non-negative, finite; need not be normalised.
  float weight = 0.0f;
};

struct BlendingJob {
  static constexpr float kDefaultThreshold = 0.1f;

  std::span<const BlendLayer> layers;
  // Optional, one per layer (or empty): per-joint factors of that layer's
  // weight (non-negative, finite, at least as many as the output; an empty
  // span: 1 for every joint), e.g. arms fading more slowly than legs in a
  // crossfade (a "blend profile"). With them the normalisation and the
  // rest-pose threshold apply joint by joint.
  std::span<const std::span<const float>> joint_weights;
  // Optional (empty: none): a pose whose rotations pick each layer's
  // hemisphere (q or -q) instead of the running sum, at least as many
  // joints as the output. Pass the blend's own output of the step before:
  // two layers whose rotations turn past 180 degrees apart while both have
  // weight then blend without a jump (with the running sum, the sign of
  // their dot product flips and the result jumps by up to a half turn).
  std::span<const math::Transform> hemisphere_ls;
  // With exactly two layers weighted at a joint (a cross-fade), turn its
  // rotation along the arc between them at a uniform rate (slerp) instead
  // of normalising their weighted sum: two rotations far apart (a sword
  // held point-down against one held upright) otherwise turn through most
  // of the way within the middle fifth of the fade. Translations and
  // scales are blended as always. Off: every blend is the normalised sum.
  bool slerp_pairs = false;
  // Fallback pose (parent space), at least as many joints as the output.
  std::span<const math::Transform> rest_pose_ls;
  // Total weight below which the rest pose fades in; must be > 0.
  float threshold = kDefaultThreshold;
  // Output: local (parent-space) transforms; its size is the joint count.
  std::span<math::Transform> output_ls;

  // Layer and rest poses big enough, weights finite and >= 0, threshold > 0.
  bool Validate() const;
  // Returns false (and writes nothing) when Validate() fails.
  bool Run() const;

 private:
  void RunPerJoint() const;
};

}  // namespace knights::anim
