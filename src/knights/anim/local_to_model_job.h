#pragma once
// Converts local joint transforms to model-space matrices: one forward loop
// over the depth-first joint order. Can restart at any joint, updating only
// that joint's subtree (the IK pass uses this after changing a few joints).
//
// Usage (buffers sized once at spawn, no allocation here):
//   anim::LocalToModelJob job;
//   job.parents = skeleton.Parents();
//   job.locals_ls = pose_ls;          // e.g. the output of a BlendingJob
//   job.models_ms = models_ms;        // std::span<glm::mat4>, >= JointCount()
//   if (!job.Run()) { /* sizes or `from` wrong: nothing written */ }
//   // After IK changed joint k's local transform:
//   job.from = k; job.Run();          // recomputes [k, skeleton.SubtreeEnd(k)) only
//
// models_ms[i] = models_ms[parent(i)] * ToMatrix(locals_ls[i]) (root_ms for a
// root). Cost: about 16 four-wide multiply-adds per joint (math::MulMat4Trs).

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "knights/math/transform.h"

namespace knights::anim {

struct LocalToModelJob {
  // Parent index of each joint, depth-first (parents[i] < i, -1 for roots).
  std::span<const int16_t> parents;
  // Input: each joint relative to its parent.
  std::span<const math::Transform> locals_ls;
  // Output: each joint in model space. Same size as locals_ls.
  std::span<glm::mat4> models_ms;
  // Model matrix of the roots' parent (identity: the roots are in model space).
  glm::mat4 root_ms{1.0f};
  // First joint to update. Joints before it must already be up to date in
  // models_ms; with from > 0 only the subtree of `from` is recomputed.
  int from = 0;

  // Sizes, `from`, and the depth-first order of the whole skeleton.
  bool Validate() const;
  // Returns false (and writes nothing) when Validate() fails; with from > 0
  // it checks only the sizes and the part of the skeleton it reads (`from`'s
  // parent and subtree), so a partial update costs what its subtree costs.
  bool Run() const;

 private:
  bool ValidateSubtree() const;
};

}  // namespace knights::anim
