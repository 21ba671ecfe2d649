#pragma once
// Convenience wrapper around TwoBoneIkJob for a whole pose: runs the solve on
// the chain's model matrices, post-multiplies the corrections into the start
// and mid joints' local rotations, and recomputes model matrices of the start
// joint's subtree (a partial local-to-model).

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "knights/ik/two_bone_ik_job.h"
#include "knights/math/transform.h"

namespace knights::ik {

// Joint indices of a two-bone chain in a skeleton's depth-first order. The
// start must be an ancestor of the mid joint, and the mid of the end.
struct TwoBoneChain {
  int start = -1;  // hip / shoulder
  int mid = -1;    // knee / elbow
  int end = -1;    // ankle / wrist
};

// True when `ancestor` is `joint` or one of its ancestors (depth-first
// order: parents[i] < i; joint in range).
bool IsAncestor(std::span<const int16_t> parents, int ancestor, int joint);

// True when the indices are in range and ordered, start an ancestor of mid
// and mid of end.
bool IsValidChain(const TwoBoneChain& chain, std::span<const int16_t> parents);

// The second half of ApplyTwoBoneIk, for corrections solved elsewhere (e.g.
// by TwoBoneIkBatchJob): post-multiplies them into the start and mid joints'
// local rotations and recomputes the start joint's subtree. Returns false,
// leaving the pose untouched, on invalid chain indices or spans.
bool ApplyTwoBoneCorrections(const TwoBoneChain& chain, const glm::quat& start_correction,
                             const glm::quat& mid_correction, std::span<const int16_t> parents,
                             std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms,
                             const glm::mat4& root_ms);

// Solves and applies IK to one chain of a pose. `settings` supplies the
// inputs (target, pole, soften, weight, hinge, tolerance); its pointer fields
// are ignored and filled here. parents/locals_ls/models_ms/root_ms are those
// of anim::LocalToModelJob; models_ms must be up to date on entry.
// Returns false, leaving the pose untouched, when the chain indices or the
// spans are invalid or the job refuses its inputs (NaN/inf). `reached`
// (optional) receives the job's reached flag.
bool ApplyTwoBoneIk(const TwoBoneIkJob& settings, const TwoBoneChain& chain, std::span<const int16_t> parents,
                    std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms, const glm::mat4& root_ms,
                    bool* reached = nullptr);

}  // namespace knights::ik
