#include "knights/ik/hinge_axis.h"

#include <cmath>

namespace knights::ik {
namespace {

constexpr float kRadToDeg = 57.29577951f;

glm::vec3 UnitOrZero(const glm::vec3& v) {
  const float len2 = glm::dot(v, v);
  return len2 > 1e-20f ? v * (1.0f / std::sqrt(len2)) : glm::vec3(0.0f);
}

}  // namespace

glm::vec3 RestHingeAxisLs(const glm::mat4& upper_ms, const glm::mat4& mid_ms, const glm::mat4& end_ms,
                          const glm::vec3& bend_toward_ms) {
  const glm::vec3 upper = glm::vec3(mid_ms[3]) - glm::vec3(upper_ms[3]);
  const glm::vec3 lower = glm::vec3(end_ms[3]) - glm::vec3(mid_ms[3]);
  const glm::vec3 upper_dir = UnitOrZero(upper);
  if (upper_dir == glm::vec3(0.0f) || UnitOrZero(lower) == glm::vec3(0.0f)) return glm::vec3(0.0f);
  // The conventional axis: the mid joint moves towards bend_toward_ms, so
  // upper x lower = toward x upper (up to a positive factor).
  const glm::vec3 convention_ms = UnitOrZero(glm::cross(bend_toward_ms, upper_dir));
  const glm::vec3 rest_bend_ms = glm::cross(upper, lower);
  const float sin_bend = glm::length(rest_bend_ms) / (glm::length(upper) * glm::length(lower));
  glm::vec3 axis_ms = convention_ms;
  if (sin_bend >= std::sin(kRestBendMinDeg / kRadToDeg) && glm::dot(rest_bend_ms, convention_ms) > 0.0f) {
    axis_ms = UnitOrZero(rest_bend_ms);
  }
  // The inverse of HingeAxisMs's map: M^T / det(M), up to a positive factor.
  const glm::mat3 m(upper_ms);
  const float det = glm::determinant(m);
  return UnitOrZero(glm::transpose(m) * axis_ms * (det < 0.0f ? -1.0f : 1.0f));
}

glm::vec3 HingeAxisMs(const glm::mat4& upper_ms, const glm::vec3& axis_ls) {
  // The axis is the direction of a cross product (upper x lower), so it is
  // carried by the cofactor matrix det(M) M^-T, not by M: right under
  // mirroring (the sign) and non-uniform scale (the direction).
  const glm::mat3 m(upper_ms);
  const glm::mat3 cofactor(glm::cross(m[1], m[2]), glm::cross(m[2], m[0]), glm::cross(m[0], m[1]));
  return UnitOrZero(cofactor * axis_ls);
}

float SignedHingeBendDeg(const glm::vec3& start, const glm::vec3& mid, const glm::vec3& end, const glm::vec3& axis_ms) {
  const glm::vec3 axis = UnitOrZero(axis_ms);
  glm::vec3 upper = mid - start;
  glm::vec3 lower = end - mid;
  upper -= glm::dot(upper, axis) * axis;
  lower -= glm::dot(lower, axis) * axis;
  return std::atan2(glm::dot(glm::cross(upper, lower), axis), glm::dot(upper, lower)) * kRadToDeg;
}

}  // namespace knights::ik
