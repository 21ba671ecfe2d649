#pragma once
// A skeleton: joints as flat arrays in depth-first order, every parent before
// its children (parents[i] < i), so local-to-model is one forward loop and the
// joints below any joint form one contiguous range. Immutable once built.
//
// Usage (load time):
//   core::Expected<anim::Skeleton> skeleton =
//       anim::Skeleton::Create(names, parents, rest_pose_ls, inverse_bind_ms);
//   if (!skeleton) log(skeleton.status().message());
//   const int hand = skeleton->FindJoint("hand.L");
//   // The joints under `hand` are [hand, skeleton->SubtreeEnd(hand)).
// Per character, size pose buffers with JointCount() at spawn; feed Parents()
// to LocalToModelJob, RestPose() to SamplingJob/BlendingJob, InverseBind() to
// SkinningPaletteJob.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "knights/core/status.h"
#include "knights/math/transform.h"

namespace knights::anim {

class Skeleton {
 public:
  // The most joints a skeleton may have: the GPU palette holds this many.
  static constexpr int kMaxJoints = 128;
  static constexpr int16_t kNoParent = -1;

  Skeleton() = default;

  // Checks the arrays (same sizes, parents[i] < i, at most kMaxJoints joints,
  // finite values, unique names) and builds the skeleton, or says what is wrong.
  static core::Expected<Skeleton> Create(std::vector<std::string> names, std::vector<int16_t> parents,
                                         std::vector<math::Transform> rest_pose_ls,
                                         std::vector<glm::mat4> inverse_bind_ms);

  int JointCount() const { return static_cast<int>(parents_.size()); }
  std::span<const std::string> Names() const { return names_; }
  std::span<const int16_t> Parents() const { return parents_; }
  // Rest (bind) pose of each joint relative to its parent.
  std::span<const math::Transform> RestPose() const { return rest_pose_ls_; }
  // Inverse of each joint's model-space bind matrix (model -> joint space).
  std::span<const glm::mat4> InverseBind() const { return inverse_bind_ms_; }

  // Index of the joint called `name`, or -1.
  int FindJoint(std::string_view name) const;
  // One past the last joint of the subtree rooted at `joint` (depth-first order
  // makes the subtree the range [joint, SubtreeEnd(joint))).
  int SubtreeEnd(int joint) const;
  // Whether `joint` is `root` or under it (false for an index out of range).
  bool InSubtree(int root, int joint) const { return root >= 0 && joint >= root && joint < SubtreeEnd(root); }

 private:
  std::vector<std::string> names_;
  std::vector<int16_t> parents_;
  std::vector<math::Transform> rest_pose_ls_;
  std::vector<glm::mat4> inverse_bind_ms_;
};

}  // namespace knights::anim
