#include "knights/ik/two_bone_ik_reference.h"

#include <algorithm>
#include <cmath>

namespace knights::ik {
namespace {

// A unit direction across `n`: the pole's part across it, else any.
template <typename T>
glm::vec<3, T> AcrossLimb(const glm::vec<3, T>& n, const glm::vec<3, T>& pole) {
  glm::vec<3, T> across = pole - glm::dot(pole, n) * n;
  if (glm::length(across) < T(1e-6)) {
    const glm::vec<3, T> other = std::abs(n.x) < T(0.9) ? glm::vec<3, T>(1, 0, 0) : glm::vec<3, T>(0, 1, 0);
    across = glm::cross(n, other);
  }
  return glm::normalize(across);
}

}  // namespace

template <typename T>
TwoBoneReferenceResult<T> SolveTwoBoneReference(const glm::vec<3, T>& start, const glm::vec<3, T>& mid,
                                                const glm::vec<3, T>& end, const glm::vec<3, T>& target,
                                                const glm::vec<3, T>& pole) {
  using V = glm::vec<3, T>;
  const T upper = glm::distance(start, mid), lower = glm::distance(mid, end);
  const T to_target = glm::distance(start, target);
  // n: from the target back to the start (any way along the limb when the
  // target is on the start).
  const V n = to_target > T(1e-6) ? (start - target) / to_target : glm::normalize(start - end);
  TwoBoneReferenceResult<T> out;
  if (to_target < std::abs(upper - lower)) {
    // Too near: folded along the line, the longer bone towards the target.
    const T side = upper > lower ? T(1) : T(-1);
    out.mid = start - side * upper * n;
    out.end = out.mid + side * lower * n;
  } else if (to_target > upper + lower) {
    // Too far: straight towards it.
    out.mid = start - upper * n;
    out.end = out.mid - lower * n;
  } else {
    // Law of cosines: the angle at the start between the upper bone and the
    // start-target line; the mid joint on that circle, nearest where it was.
    const T cos_theta = (upper * upper + to_target * to_target - lower * lower) / (T(2) * upper * to_target);
    const T theta = std::acos(std::clamp(cos_theta, T(-1), T(1)));
    const V centre = start - upper * std::cos(theta) * n;
    V across = (mid - centre) - glm::dot(mid - centre, n) * n;
    across = glm::length(across) < T(1e-4) * upper ? AcrossLimb(n, pole) : glm::normalize(across);
    out.mid = centre + upper * std::sin(theta) * across;
    out.end = target;
    out.reached = true;
  }
  return out;
}

template <typename T>
glm::qua<T> RotationBetween(const glm::vec<3, T>& u_in, const glm::vec<3, T>& v_in) {
  const glm::vec<3, T> u = glm::normalize(u_in), v = glm::normalize(v_in);
  const glm::vec<3, T> axis = glm::cross(u, v);
  const T sin_angle = glm::length(axis), cos_angle = glm::dot(u, v);
  if (sin_angle < T(1e-7)) {
    if (cos_angle > T(0)) return glm::qua<T>(T(1), T(0), T(0), T(0));
    return glm::angleAxis(T(3.14159265358979323846), AcrossLimb(u, glm::vec<3, T>(0)));
  }
  return glm::angleAxis(std::atan2(sin_angle, cos_angle), axis / sin_angle);
}

template TwoBoneReferenceResult<float> SolveTwoBoneReference(const glm::vec3&, const glm::vec3&, const glm::vec3&,
                                                             const glm::vec3&, const glm::vec3&);
template TwoBoneReferenceResult<double> SolveTwoBoneReference(const glm::dvec3&, const glm::dvec3&, const glm::dvec3&,
                                                              const glm::dvec3&, const glm::dvec3&);
template glm::quat RotationBetween(const glm::vec3&, const glm::vec3&);
template glm::dquat RotationBetween(const glm::dvec3&, const glm::dvec3&);

}  // namespace knights::ik
