#pragma once
// The closest points of two line segments in 3D (any space, both in the
// same one): for capsule tests such as a sword's blade against a body.
// Degenerate segments (points) are handled.

#include <algorithm>

#include <glm/glm.hpp>

namespace knights::math {

struct SegmentClosest {
  glm::vec3 on_a{0.0f};  // the closest point on segment a
  glm::vec3 on_b{0.0f};  // ... and on segment b
  float distance = 0.0f;
};

inline SegmentClosest ClosestBetweenSegments(const glm::vec3& a0, const glm::vec3& a1, const glm::vec3& b0,
                                             const glm::vec3& b1) {
  const glm::vec3 da = a1 - a0;
  const glm::vec3 db = b1 - b0;
  const glm::vec3 r = a0 - b0;
  const float aa = glm::dot(da, da);
  const float bb = glm::dot(db, db);
  const float ab = glm::dot(da, db);
  const float ar = glm::dot(da, r);
  const float br = glm::dot(db, r);
  constexpr float kTiny = 1e-12f;
  float s = 0.0f;  // along a, 0..1
  float t = 0.0f;  // along b, 0..1
  if (aa <= kTiny && bb <= kTiny) {
    // two points
  } else if (aa <= kTiny) {
    t = std::clamp(br / bb, 0.0f, 1.0f);
  } else if (bb <= kTiny) {
    s = std::clamp(-ar / aa, 0.0f, 1.0f);
  } else {
    // The lines' closest parameters, clamped to a, then b's best for that
    // point clamped, then a's best for b's point (the standard two-pass clamp).
    const float denom = aa * bb - ab * ab;
    s = denom > kTiny ? std::clamp((ab * br - ar * bb) / denom, 0.0f, 1.0f) : 0.0f;
    t = (ab * s + br) / bb;
    if (t < 0.0f) {
      t = 0.0f;
      s = std::clamp(-ar / aa, 0.0f, 1.0f);
    } else if (t > 1.0f) {
      t = 1.0f;
      s = std::clamp((ab - ar) / aa, 0.0f, 1.0f);
    }
  }
  SegmentClosest c;
  c.on_a = a0 + da * s;
  c.on_b = b0 + db * t;
  c.distance = glm::length(c.on_a - c.on_b);
  return c;
}

}  // namespace knights::math
