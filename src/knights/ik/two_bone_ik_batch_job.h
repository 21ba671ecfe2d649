#pragma once
// Many two-bone chains solved together, four at a time in the four lanes of
// SSE registers (structure of arrays): the same solve as TwoBoneIkJob's hot
// path, with the same results up to float rounding, at a fraction of the cost
// per chain. One solve is a chain of dependent square roots and divisions
// (about 125 cycles of latency, see TwoBoneIkJob); four lanes share that
// latency, and the arithmetic is four-wide.
//
// Use it where several chains are solved at once: a crowd's legs, the four
// limbs of a climber, an offline retargeting pass.
//
//   ik::TwoBoneIkBatchJob::Chain chains[4] = {...};  // matrices + target per chain
//   glm::quat start_q[4], mid_q[4];
//   ik::TwoBoneIkBatchJob job;
//   job.chains = chains;
//   job.start_corrections = start_q;
//   job.mid_corrections = mid_q;
//   job.Run();
//   // post-multiply start_q[i] / mid_q[i] into the chain's local rotations
//
// What it covers is what TwoBoneIkJob covers without parent_ms: model space a
// similarity image of the chains (rotation, translation, uniform scale,
// mirroring above them), no hinge, the pole only a fallback (pole_weight 0).
// A chain the four-wide path cannot take (a straight limb, a zero-length
// bone, the target on the root, a shin turned half round, a knee the hinge
// rule must move to the forward side, a NaN or infinite input) is handed to TwoBoneIkJob on its own, so every chain
// gets exactly the scalar job's answer for those cases too.

#include <span>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace knights::ik {

struct TwoBoneIkBatchJob {
  // One chain: as TwoBoneIkJob's inputs of the same names.
  struct Chain {
    const glm::mat4* start_joint_ms = nullptr;  // hip / shoulder, model space
    const glm::mat4* mid_joint_ms = nullptr;    // knee / elbow
    const glm::mat4* end_joint_ms = nullptr;    // ankle / wrist
    glm::vec3 target_ms{0.0f};                  // where the end joint should go, model space, metres
    glm::vec3 pole_vector_ms{0.0f};             // bend direction for a straight limb; zero = none
    glm::vec3 bend_axis_ms{0.0f};               // the hinge rule's axis (TwoBoneIkJob); zero = none
  };

  // --- Inputs -------------------------------------------------------------
  std::span<const Chain> chains;
  // Shared by every chain, as in TwoBoneIkJob.
  float soften = 0.0f;            // soft IK fraction of the chain length, 0..1
  float weight = 1.0f;            // blend of the corrections with the identity, 0..1
  float reach_tolerance = 1e-3f;  // metres, for `reached`

  // --- Outputs (one per chain) ---------------------------------------------
  // Local-space corrections to post-multiply into the start and mid joints'
  // local rotations. Required, at least chains.size() each.
  std::span<glm::quat> start_corrections;
  std::span<glm::quat> mid_corrections;
  // Optional (empty: not written): whether each chain's end reaches its target.
  std::span<bool> reached;

  // False on a null matrix pointer, outputs shorter than the chains, or
  // soften, weight or reach_tolerance out of range.
  bool Validate() const;
  // Returns false, writing nothing, when Validate() fails. Otherwise every
  // chain is solved; a chain with a NaN or infinite input gets identity
  // corrections and reached = false (TwoBoneIkJob's answer), and Run()
  // returns false to say that at least one chain was refused.
  bool Run() const;
};

}  // namespace knights::ik
