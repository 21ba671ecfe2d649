#pragma once
// The hinge of a mid joint (knee, elbow): the axis it bends about, fixed in
// the upper joint's frame (thigh, upper arm) and read once from the rig's
// rest pose. A bend is positive, "the right way", when upper x lower points
// along the axis (upper = mid - start, lower = end - mid); a negative bend
// is a knee (elbow) bent backwards. The solvers keep the bend positive
// (TwoBoneIkJob::hinge_axis_ms) and the metrics measure it from outside
// (game::IkMetrics), both with this one definition.

#include <glm/glm.hpp>

namespace knights::ik {

// A rest limb bent by at least this much defines its hinge by its own bend.
inline constexpr float kRestBendMinDeg = 5.0f;

// The hinge axis in the upper joint's rotation frame (unit, scale removed),
// from the rest pose's model matrices of the three joints. A rest limb bent
// by kRestBendMinDeg or more the way `bend_toward_ms` says gives its own
// axis; a straight one (or one bent the other way) bends so the mid joint
// moves towards bend_toward_ms (model space: knees forward, elbows back).
// Returns zero when there is no hinge to read (a zero-length bone, or
// bend_toward_ms along the upper bone).
glm::vec3 RestHingeAxisLs(const glm::mat4& upper_ms, const glm::mat4& mid_ms, const glm::mat4& end_ms,
                          const glm::vec3& bend_toward_ms);

// The hinge axis of a posed limb in model space (unit): axis_ls carried by
// the upper joint's model matrix, scale removed. Zero for a zero axis.
glm::vec3 HingeAxisMs(const glm::mat4& upper_ms, const glm::vec3& axis_ls);

// The signed bend of the mid joint about axis_ms, degrees in (-180, 180]:
// the angle from the upper bone to the lower one, both projected on the
// plane perpendicular to the axis; 0 straight, > 0 the right way, < 0
// bent backwards. Positions in any one space, metres.
float SignedHingeBendDeg(const glm::vec3& start, const glm::vec3& mid, const glm::vec3& end, const glm::vec3& axis_ms);

}  // namespace knights::ik
