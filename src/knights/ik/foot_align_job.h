#pragma once
// Foot orientation on uneven ground: rotates the foot (ankle) joint so that
// the sole lies on the surface, i.e. the foot's "up" axis turns onto the
// surface normal, by the minimal rotation, limited to a maximum tilt and
// blended by a weight. Optionally the toe joint is aligned too, to the normal
// under the toe, after the foot's correction.
//
// Like TwoBoneIkJob the outputs are local corrections: post-multiply them into
// the joints' local rotations, then recompute model matrices from the foot.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace knights::ik {

struct FootAlignJob {
  // --- Inputs -------------------------------------------------------------
  // Model matrix of the foot (ankle) joint, after the leg IK. Required.
  const glm::mat4* foot_joint_ms = nullptr;
  // Surface normal under the foot, model space (need not be unit).
  glm::vec3 normal_ms{0.0f, 1.0f, 0.0f};
  // The foot's "up" (sole normal) in the foot joint's local frame, e.g. the
  // rest pose's model up expressed in the joint.
  glm::vec3 foot_up_ls{0.0f, 1.0f, 0.0f};
  // Largest tilt applied, degrees (0..180): steeper normals tilt this far.
  float max_tilt_deg = 45.0f;
  // 0..1: fraction of the (limited) tilt applied.
  float weight = 1.0f;

  // Optional toe joint (a child of the foot): nullptr = no toe.
  const glm::mat4* toe_joint_ms = nullptr;
  // Surface normal under the toe, model space.
  glm::vec3 toe_normal_ms{0.0f, 1.0f, 0.0f};
  // The toe's "up" in the toe joint's local frame.
  glm::vec3 toe_up_ls{0.0f, 1.0f, 0.0f};
  // Largest toe bend relative to its pose after the foot correction, degrees.
  float toe_max_tilt_deg = 30.0f;

  // --- Outputs ------------------------------------------------------------
  // Local correction for the foot joint. Required. Identity on failure.
  glm::quat* foot_correction = nullptr;
  // Local correction for the toe joint; required when toe_joint_ms is set.
  glm::quat* toe_correction = nullptr;

  // False on null required pointers, NaN/inf inputs, zero normals or up
  // axes, or weight/angles out of range.
  bool Validate() const;
  // Returns false (outputs set to the identity where given) when Validate()
  // fails.
  bool Run() const;
};

// The minimal rotation taking direction `up` to `normal` (one frame, any
// lengths), its angle limited to max_rad, then scaled by weight (0..1): the
// tilt FootAlignJob gives a foot, for callers that predict where it puts the
// foot's points.
glm::quat LimitedTilt(const glm::vec3& up, const glm::vec3& normal, float max_rad, float weight);

}  // namespace knights::ik
