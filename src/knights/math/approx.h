#pragma once
// Approximate comparisons for floats, vectors, quaternions, matrices and
// transforms, for tests and for "has this changed" checks.
//
// Usage:
//   if (math::ApproxEqual(a_ms, b_ms, 1e-5f)) ...
//   math::SameRotation(q, -q)  // true: q and -q are the same rotation
//
// Tolerances are absolute, in the units of the compared values (metres for
// translations, unitless for rotations and scales).

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/math/quaternion.h"
#include "knights/math/transform.h"

namespace knights::math {

inline constexpr float kDefaultTolerance = 1e-5f;

inline bool ApproxEqual(float a, float b, float tolerance = kDefaultTolerance) { return std::fabs(a - b) <= tolerance; }

inline bool ApproxEqual(const glm::vec3& a, const glm::vec3& b, float tolerance = kDefaultTolerance) {
  return ApproxEqual(a.x, b.x, tolerance) && ApproxEqual(a.y, b.y, tolerance) && ApproxEqual(a.z, b.z, tolerance);
}

inline bool ApproxEqual(const glm::vec4& a, const glm::vec4& b, float tolerance = kDefaultTolerance) {
  return ApproxEqual(a.x, b.x, tolerance) && ApproxEqual(a.y, b.y, tolerance) && ApproxEqual(a.z, b.z, tolerance) &&
         ApproxEqual(a.w, b.w, tolerance);
}

// Component-wise: q and -q are NOT equal here (see SameRotation).
inline bool ApproxEqual(const glm::quat& a, const glm::quat& b, float tolerance = kDefaultTolerance) {
  return ApproxEqual(a.w, b.w, tolerance) && ApproxEqual(a.x, b.x, tolerance) && ApproxEqual(a.y, b.y, tolerance) &&
         ApproxEqual(a.z, b.z, tolerance);
}

// True when a and b are the same rotation (q and -q both count).
inline bool SameRotation(const glm::quat& a, const glm::quat& b, float tolerance = kDefaultTolerance) {
  return ApproxEqual(a, AlignHemisphere(b, a), tolerance);
}

inline bool ApproxEqual(const glm::mat4& a, const glm::mat4& b, float tolerance = kDefaultTolerance) {
  for (int c = 0; c < 4; ++c) {
    if (!ApproxEqual(a[c], b[c], tolerance)) return false;
  }
  return true;
}

// Translation and scale component-wise, rotation up to sign.
inline bool ApproxEqual(const Transform& a, const Transform& b, float tolerance = kDefaultTolerance) {
  return ApproxEqual(a.translation, b.translation, tolerance) && SameRotation(a.rotation, b.rotation, tolerance) &&
         ApproxEqual(a.scale, b.scale, tolerance);
}

}  // namespace knights::math
