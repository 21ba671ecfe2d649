#pragma once
// Where a segment first enters a capsule (any space, both in the same
// one): the fraction along the segment, the point and the capsule's
// outward normal there. A segment starting inside the capsule never
// "enters" it (no hit): what holds the segment's start cannot be cleared
// by turning the segment about it.

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

namespace knights::math {

struct CapsuleEntry {
  bool hit = false;
  float t = 1.0f;  // 0 at the segment's start .. 1 at its end
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit, out of the capsule
};

namespace detail {

// The smaller root of q_a t^2 + q_b t + q_c = 0 in [0, 1], else -1.
inline float FirstRootInUnit(float q_a, float q_b, float q_c) {
  if (q_a <= 1e-12f) return -1.0f;
  const float disc = q_b * q_b - 4.0f * q_a * q_c;
  if (disc < 0.0f) return -1.0f;
  const float t = (-q_b - std::sqrt(disc)) / (2.0f * q_a);
  return t >= 0.0f && t <= 1.0f ? t : -1.0f;
}

}  // namespace detail

// Segment a..b against the capsule of axis c0..c1 and radius r: the union
// of a cylinder and two spheres, entered at the least of their entries.
inline CapsuleEntry SegmentIntoCapsule(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c0, const glm::vec3& c1,
                                       float r) {
  CapsuleEntry best;
  const glm::vec3 d = b - a;
  const glm::vec3 axis = c1 - c0;
  const float axis_len2 = glm::dot(axis, axis);
  // The start inside: no entry.
  const float s_a = axis_len2 > 1e-12f ? std::clamp(glm::dot(a - c0, axis) / axis_len2, 0.0f, 1.0f) : 0.0f;
  const glm::vec3 from_axis_a = a - (c0 + axis * s_a);
  if (glm::dot(from_axis_a, from_axis_a) <= r * r) return best;
  const auto take = [&](float t, const glm::vec3& centre) {
    if (t < 0.0f || (best.hit && t >= best.t)) return;
    best.hit = true;
    best.t = t;
    best.point = a + d * t;
    const glm::vec3 out = best.point - centre;
    const float len = glm::length(out);
    best.normal = len > 1e-9f ? out / len : glm::vec3(0.0f, 1.0f, 0.0f);
  };
  if (axis_len2 > 1e-12f) {
    // The cylinder: the segment's part across the axis at distance r.
    const glm::vec3 d_across = d - axis * (glm::dot(d, axis) / axis_len2);
    const glm::vec3 a_across = (a - c0) - axis * (glm::dot(a - c0, axis) / axis_len2);
    const float t = detail::FirstRootInUnit(glm::dot(d_across, d_across), 2.0f * glm::dot(d_across, a_across),
                                            glm::dot(a_across, a_across) - r * r);
    if (t >= 0.0f) {
      const float s = glm::dot(a + d * t - c0, axis) / axis_len2;
      if (s >= 0.0f && s <= 1.0f) take(t, c0 + axis * s);
    }
  }
  for (const glm::vec3& centre : {c0, c1}) {
    const glm::vec3 f = a - centre;
    take(detail::FirstRootInUnit(glm::dot(d, d), 2.0f * glm::dot(f, d), glm::dot(f, f) - r * r), centre);
  }
  return best;
}

}  // namespace knights::math
