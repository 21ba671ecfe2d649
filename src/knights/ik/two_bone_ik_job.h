#pragma once
// Closed-form two-bone IK (hip-knee-ankle, shoulder-elbow-wrist), following
// docs/ik.md. The job reads the three joints' model matrices and
// a target, and writes two local-space correction quaternions: post-multiply
// them into the start and mid joints' local rotations
// (locals_ls[start].rotation = locals_ls[start].rotation * start_correction),
// then recompute model matrices from the start joint (ApplyTwoBoneIk does both).
// Bones only rotate: they never stretch or translate.
//
// Interface shaped after ozz-animation's IKTwoBoneJob (model matrices in,
// local corrections out); the solve itself is ik.md's: final joint positions
// first (law of cosines, knee kept nearest its animated position), then the
// minimal rotations that carry each bone onto them.
//
// Extras: pole (hint) vector, soft IK (Andy Nicholas, "Soft IK", 2009:
// exponential approach of the reach over the last fraction of the chain),
// hinge limits for the mid joint, weight, and a `reached` flag.
//
// Exactness: the solve happens in model space, which keeps bone lengths and
// puts the end on the target whenever everything above the chain is a
// similarity (translation, rotation, uniform scale, mirroring) and the start
// joint's own scale is uniform. Set parent_ms to the start joint's parent model
// matrix to also handle non-uniform scale above the chain: the chain is then
// solved in that parent's space, where it is rigid (bone lengths are kept in
// that space; in model space a non-uniformly scaled bone changes length with
// any rotation, animated or not). Mirrored own scale on the start or mid
// joint is not supported.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace knights::ik {

struct TwoBoneIkJob {
  // --- Inputs -------------------------------------------------------------
  // Model-space matrices of the start (hip), mid (knee) and end (ankle)
  // joints. Required. The start must be an ancestor of the mid joint and the
  // mid an ancestor of the end.
  const glm::mat4* start_joint_ms = nullptr;
  const glm::mat4* mid_joint_ms = nullptr;
  const glm::mat4* end_joint_ms = nullptr;
  // Optional: model matrix of the start joint's parent (or the root_ms of a
  // root start joint). Used only when its linear part is not a similarity
  // (non-uniform scale): see the header comment. nullptr: solve in model space.
  const glm::mat4* parent_ms = nullptr;

  // Where the end joint should go, model space, metres.
  glm::vec3 target_ms{0.0f};
  // Pole (hint) direction, model space, need not be unit; zero = none. The
  // knee bends toward it when the limb is straight (no animated bend plane),
  // and pole_weight of the way toward it otherwise.
  glm::vec3 pole_vector_ms{0.0f};
  // 0: the pole is only a fallback for a straight limb (the animated bend
  // plane wins); 1: the bend plane follows the pole fully.
  float pole_weight = 0.0f;

  // Soft IK: fraction of the chain length (0..1) over which the reach is
  // softened exponentially, so the knee does not pop straight. 0 = off.
  float soften = 0.0f;
  // Blend of the corrections with the identity, 0..1 (0: the pose is kept).
  float weight = 1.0f;

  // Hinge limits for the mid joint. When enabled, the mid joint bends only
  // one way around mid_axis_ls (its axis in the mid joint's local frame: the
  // bend is positive when upper x lower points along it), with a bend angle
  // (0 = straight) within [hinge_min_deg, hinge_max_deg]. Applied by clamping
  // the bend angle, i.e. the root-to-end distance, and aiming the limb at the
  // target.
  bool hinge_enabled = false;
  glm::vec3 mid_axis_ls{0.0f, 0.0f, 1.0f};
  float hinge_min_deg = 0.0f;
  float hinge_max_deg = 180.0f;

  // The end counts as reached when it ends within this distance of the
  // (unsoftened) target, model space, metres.
  float reach_tolerance = 1e-3f;

  // The hinge rule (knees and elbows never bend backwards): the mid joint's
  // hinge axis in model space, any length; zero = no rule. A bend is the
  // right way when (mid - start) x (end - mid) points along it (see
  // knights/ik/hinge_axis.h; knees: the model's up x forward). The knee's offset from
  // the root-target line keeps at least kMinForwardBend * (upper bone length)
  // along the forward direction axis x (root - target): a knee already there
  // keeps its animated bend plane (exactly, the fast path), one behind it or
  // on the line is carried round to the forward side continuously, so it
  // never flips in one step. A straight limb bends forward, the pole used
  // only when it points forward too.
  glm::vec3 bend_axis_ms{0.0f};
  static constexpr float kMinForwardBend = 0.05f;

  // --- Outputs ------------------------------------------------------------
  // Local-space corrections to post-multiply into the start and mid joints'
  // local rotations. Required. Identity when Run() fails.
  glm::quat* start_correction = nullptr;
  glm::quat* mid_correction = nullptr;
  // Optional: whether the end reaches target_ms. False when Run() fails.
  bool* reached = nullptr;

  // False on a null required pointer, a NaN or infinite input, or a weight,
  // soften or hinge range out of range.
  bool Validate() const;
  // Returns false when Validate() fails; outputs are then the identity (the
  // pose keeps its animated value) and reached is false.
  bool Run() const;
};

}  // namespace knights::ik
