#pragma once
// The two-bone solve as a newcomer should read it first: docs/ik.md's
// closed form done literally, with no shortcut. TwoBoneIkJob computes the
// same thing faster (model-space SSE, no inverse matrices, no acos); the
// tests hold it to this reference, in float and in double.
//
//   Step 1, positions. With the start joint at a, the mid joint at b, the
//   end at c and the target at t:
//     - target nearer than |ab - bc|: the limb folds along the start-target
//       line (the longer bone towards the target);
//     - target further than ab + bc: the limb lies straight towards it;
//     - otherwise the end goes on the target and the mid joint on the circle
//       the law of cosines allows, at the point nearest its animated
//       position (its own bend plane kept), or towards the pole when the
//       limb is straight and has none.
//   Step 2, rotations. The start bone turns by the minimal rotation taking
//   the old mid position to the new one, the mid bone by the one taking the
//   old end to the new one, each measured in the bone's own frame.
//
//   const auto solved = ik::SolveTwoBoneReference(a, b, c, t, pole);
//   // solved.mid, solved.end: where the joints go; then, for each bone,
//   // local *= ik::RotationBetween(old_in_own_frame, new_in_own_frame).

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace knights::ik {

template <typename T>
struct TwoBoneReferenceResult {
  glm::vec<3, T> mid{0};  // where the mid joint (knee, elbow) goes, the input's space
  glm::vec<3, T> end{0};  // where the end joint (ankle, wrist) goes
  bool reached = false;   // the end is on the target (the target lies within the limb's reach)
};

// Step 1 for joints at start, mid and end and a target, all in one space
// (model space, or any similar one). `pole`: the bend direction for a
// straight limb (zero: a direction across the limb is made up).
template <typename T>
TwoBoneReferenceResult<T> SolveTwoBoneReference(const glm::vec<3, T>& start, const glm::vec<3, T>& mid,
                                                const glm::vec<3, T>& end, const glm::vec<3, T>& target,
                                                const glm::vec<3, T>& pole = glm::vec<3, T>(0));

// Step 2's minimal rotation taking direction u to direction v (any
// lengths): about u x v by the angle between them, measured with atan2 (acos
// near 1 loses half the digits); a half turn goes about any axis across u.
template <typename T>
glm::qua<T> RotationBetween(const glm::vec<3, T>& u, const glm::vec<3, T>& v);

extern template TwoBoneReferenceResult<float> SolveTwoBoneReference(const glm::vec3&, const glm::vec3&,
                                                                    const glm::vec3&, const glm::vec3&,
                                                                    const glm::vec3&);
extern template TwoBoneReferenceResult<double> SolveTwoBoneReference(const glm::dvec3&, const glm::dvec3&,
                                                                     const glm::dvec3&, const glm::dvec3&,
                                                                     const glm::dvec3&);
extern template glm::quat RotationBetween(const glm::vec3&, const glm::vec3&);
extern template glm::dquat RotationBetween(const glm::dvec3&, const glm::dvec3&);

}  // namespace knights::ik
