#pragma once
// Small vector and quaternion helpers for the IK solvers. They live here
// because src/math has no equivalent yet; the lead may move them to src/math.
//
// Everything is inline and free of libm trigonometry: rotations are built
// from vectors with the half-vector construction, so the hot path costs a few
// square roots only.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace knights::ik {

// True when the linear part of m is a similarity: orthogonal columns of one
// length (rotation, uniform scale, mirroring), to a relative 1e-4. Under such
// a frame model space is a faithful image of a chain (the fast two-bone
// solves need it).
inline bool IsSimilarity(const glm::mat4& m) {
  const glm::vec3 c0(m[0]), c1(m[1]), c2(m[2]);
  const float l0 = glm::dot(c0, c0), l1 = glm::dot(c1, c1), l2 = glm::dot(c2, c2);
  const float tol = 1e-4f * std::max(l0, std::max(l1, l2));
  return std::abs(l0 - l1) <= tol && std::abs(l0 - l2) <= tol && std::abs(glm::dot(c0, c1)) <= tol &&
         std::abs(glm::dot(c0, c2)) <= tol && std::abs(glm::dot(c1, c2)) <= tol;
}

// The root-to-end distance the solve aims for with the target at `distance`:
// soft IK (Andy Nicholas, "Soft IK", softimageblog.com, 2009): past
// d_soft = d_max - soften*chain the reach approaches d_max exponentially,
// d = d_soft + ds*(1 - exp(-(distance - d_soft)/ds)), which meets the
// identity with the same value and slope at d_soft (C1) and never quite
// straightens, so the knee speed stays finite; then clamped to what the
// bones allow, [d_min, d_max] (too close / too far: the formulas of the
// solves then give ik.md's folded and fully extended poses, cos(theta) = +-1).
inline float SoftIkReach(float distance, float d_min, float d_max, float chain, float soften) {
  float reach = distance;
  if (soften > 0.0f) {
    const float ds = soften * chain;
    const float d_soft = d_max - ds;
    if (reach > d_soft) reach = d_soft + ds * (1.0f - std::exp(-(reach - d_soft) / ds));
  }
  return std::clamp(reach, d_min, d_max);
}

// True when every component is a finite number (no NaN, no infinity).
inline bool IsFinite(float v) { return std::isfinite(v); }
inline bool IsFinite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
inline bool IsFinite(const glm::vec4& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w);
}
// A float is NaN or infinite exactly when its exponent bits are all ones.
// Testing the bit patterns of all 16 elements is branch-free and vectorises
// (SSE2 and/compare/or), far cheaper than 16 classifications on the hot path.
inline bool IsFinite(const glm::mat4& m) {
  uint32_t bits[16];
  std::memcpy(bits, &m, sizeof(bits));
  uint32_t bad = 0;
  for (int i = 0; i < 16; ++i) bad |= static_cast<uint32_t>((bits[i] & 0x7f800000u) == 0x7f800000u);
  return bad == 0;
}
inline bool IsFinite(const glm::quat& q) {
  return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}

// A unit vector perpendicular to v (v need not be unit, but must not be zero).
// Crosses v with the world axis it is least aligned with, so the result is
// well conditioned. Used only as a last resort where no meaningful direction
// exists (an exactly antiparallel pair, a straight limb with no pole).
inline glm::vec3 AnyPerpendicular(const glm::vec3& v) {
  const glm::vec3 a = glm::abs(v);
  glm::vec3 p;
  if (a.x <= a.y && a.x <= a.z) {
    p = glm::vec3(0.0f, v.z, -v.y);  // v x (1,0,0)
  } else if (a.y <= a.z) {
    p = glm::vec3(-v.z, 0.0f, v.x);  // v x (0,1,0)
  } else {
    p = glm::vec3(v.y, -v.x, 0.0f);  // v x (0,0,1)
  }
  return p * (1.0f / std::sqrt(glm::dot(p, p)));
}

// The minimal rotation taking the direction of u to the direction of v.
// u and v need not be unit. Half-vector construction: for unit vectors the
// quaternion (1 + u.v, u x v), normalised, is (cos(phi/2), sin(phi/2) axis),
// so no acos/atan2 is needed. Past 120 degrees 1 + u.v cancels (at 179.9
// degrees a float rounding of 1e-7 in u.v is a 5% error in w), so there the
// rotation is split: a half turn about an axis a perpendicular to u (taking u
// exactly to -u), then the small, accurately computed rotation from -u to v.
// Exactly antiparallel vectors get a half turn about any axis perpendicular
// to u (never the identity). A zero vector gives the identity.
inline glm::quat RotationBetween(const glm::vec3& u, const glm::vec3& v) {
  const float uu = glm::dot(u, u);
  const float k = std::sqrt(uu * glm::dot(v, v));  // |u||v|
  if (!(k > 0.0f)) return glm::identity<glm::quat>();
  const float d = glm::dot(u, v);
  const glm::vec3 axis = glm::cross(u, v);
  if (d >= -0.5f * k) {
    const float w = k + d;  // >= k/2: no cancellation
    const float inv = 1.0f / std::sqrt(w * w + glm::dot(axis, axis));
    return glm::quat(w * inv, axis.x * inv, axis.y * inv, axis.z * inv);
  }
  // Half turn about a = u x v made exactly perpendicular to u (rounding of
  // the cross product of nearly opposite vectors would tilt it).
  glm::vec3 a = axis - (glm::dot(axis, u) / uu) * u;
  const float a2 = glm::dot(a, a);
  a = a2 > 1e-24f * k * k ? a * (1.0f / std::sqrt(a2)) : AnyPerpendicular(u);
  // Small rotation from -u to v: (k - u.v, (-u) x v), no cancellation.
  const float w = k - d;
  const float inv = 1.0f / std::sqrt(w * w + glm::dot(axis, axis));
  const glm::quat small(w * inv, -axis.x * inv, -axis.y * inv, -axis.z * inv);
  return small * glm::quat(0.0f, a.x, a.y, a.z);
}

// RotationBetween for vectors the caller knows to be of (nearly) equal
// length, as a bone before and after a rotation: |u||v| is then the mean of
// |u|^2 and |v|^2 (equal to second order in their relative mismatch), which
// saves a square root on the solver's critical path.
inline glm::quat RotationBetweenEqualLength(const glm::vec3& u, const glm::vec3& v) {
  const float uu = glm::dot(u, u);
  const float k = 0.5f * (uu + glm::dot(v, v));
  if (!(k > 0.0f)) return glm::identity<glm::quat>();
  const float d = glm::dot(u, v);
  const glm::vec3 axis = glm::cross(u, v);
  if (d >= -0.5f * k) {
    const float w = k + d;
    const float inv = 1.0f / std::sqrt(w * w + glm::dot(axis, axis));
    return glm::quat(w * inv, axis.x * inv, axis.y * inv, axis.z * inv);
  }
  return RotationBetween(u, v);  // past 120 degrees: the careful split
}

// The rotation about unit `axis` taking the direction of u to that of v, for
// u and v perpendicular to the axis (their parts along it are ignored). Like
// RotationBetween, but a half turn is about `axis` itself, and any rotation
// it returns keeps the axis fixed: a hinge. Returns the identity when either
// vector has no part perpendicular to the axis.
inline glm::quat RotationAbout(glm::vec3 u, glm::vec3 v, const glm::vec3& axis) {
  u -= glm::dot(u, axis) * axis;
  v -= glm::dot(v, axis) * axis;
  const float k = std::sqrt(glm::dot(u, u) * glm::dot(v, v));
  if (!(k > 0.0f)) return glm::identity<glm::quat>();
  const float d = glm::dot(u, v);
  // For vectors perpendicular to the axis, u x v is along it: take its signed
  // length so rounding cannot tilt the rotation axis.
  const float s = glm::dot(glm::cross(u, v), axis);
  if (d >= -0.5f * k) {
    const float w = k + d;
    const float inv = 1.0f / std::sqrt(w * w + s * s);
    return glm::quat(w * inv, axis.x * (s * inv), axis.y * (s * inv), axis.z * (s * inv));
  }
  // Past 120 degrees: the small rotation from -u to v, (k - u.v, -s axis)
  // normalised, after a half turn (0, axis): the product is (s, (k - u.v) axis)
  // normalised. A zero s is then the half turn itself, never the identity.
  const float w = k - d;
  const float inv = 1.0f / std::sqrt(w * w + s * s);
  return glm::quat(s * inv, axis.x * (w * inv), axis.y * (w * inv), axis.z * (w * inv));
}

// Rotates v by unit quaternion q (q v q^-1), written out: v + 2w(r x v) +
// 2 r x (r x v) with r the vector part.
inline glm::vec3 Rotate(const glm::quat& q, const glm::vec3& v) {
  const glm::vec3 r(q.x, q.y, q.z);
  const glm::vec3 t = 2.0f * glm::cross(r, v);
  return v + q.w * t + glm::cross(r, t);
}

// Rotates v by the inverse of unit quaternion q.
inline glm::vec3 InverseRotate(const glm::quat& q, const glm::vec3& v) {
  return Rotate(glm::quat(q.w, -q.x, -q.y, -q.z), v);
}

// Blends unit quaternion q with the identity: weight 0 gives the identity,
// 1 gives q. Normalised lerp (nlerp) on the shorter arc: cheap, smooth and
// monotonic in the weight; exact at both ends.
inline glm::quat WeightRotation(const glm::quat& q, float weight) {
  if (weight >= 1.0f) return q;
  if (weight <= 0.0f) return glm::identity<glm::quat>();
  const float s = q.w < 0.0f ? -weight : weight;  // shorter arc
  glm::quat r(1.0f - weight + s * q.w, s * q.x, s * q.y, s * q.z);
  const float inv = 1.0f / std::sqrt(r.w * r.w + r.x * r.x + r.y * r.y + r.z * r.z);
  return glm::quat(r.w * inv, r.x * inv, r.y * inv, r.z * inv);
}

// Expresses model-space direction v_ms in the rotation frame of a joint whose
// model matrix has linear part (c0 c1 c2), with the scale removed: the
// components along the unit columns. For a joint under a similarity (rotation,
// translation, uniform scale, mirror) with any own scale, the columns are
// orthogonal, so this is the inverse of the joint's rotation frame applied to
// v_ms: exactly the frame in which a correction post-multiplied into the
// joint's local rotation acts (before the joint's own scale). inv_len holds
// 1/|c_i|. A mirrored frame is handled: the transpose of an orthonormal frame
// is its inverse whatever its handedness.
inline glm::vec3 ToFrame(const glm::mat4& m, const glm::vec3& inv_len, const glm::vec3& v_ms) {
  return glm::vec3(glm::dot(glm::vec3(m[0]), v_ms) * inv_len.x, glm::dot(glm::vec3(m[1]), v_ms) * inv_len.y,
                   glm::dot(glm::vec3(m[2]), v_ms) * inv_len.z);
}

// The inverse of ToFrame: frame components v back to a model-space direction,
// sum of v_i times the unit columns of m.
inline glm::vec3 FromFrame(const glm::mat4& m, const glm::vec3& inv_len, const glm::vec3& v) {
  return glm::vec3(m[0]) * (v.x * inv_len.x) + glm::vec3(m[1]) * (v.y * inv_len.y) +
         glm::vec3(m[2]) * (v.z * inv_len.z);
}

// 1/|c_i| for the three linear columns of m.
inline glm::vec3 InverseColumnLengths(const glm::mat4& m) {
  return glm::vec3(1.0f / std::sqrt(glm::dot(glm::vec3(m[0]), glm::vec3(m[0]))),
                   1.0f / std::sqrt(glm::dot(glm::vec3(m[1]), glm::vec3(m[1]))),
                   1.0f / std::sqrt(glm::dot(glm::vec3(m[2]), glm::vec3(m[2]))));
}

// 1/|c_i| like InverseColumnLengths, with one square root and division
// instead of three when the columns have one length (uniform scale, the
// common case).
inline glm::vec3 FrameWeights(const glm::mat4& m) {
  const float l0 = glm::dot(glm::vec3(m[0]), glm::vec3(m[0]));
  const float l1 = glm::dot(glm::vec3(m[1]), glm::vec3(m[1]));
  const float l2 = glm::dot(glm::vec3(m[2]), glm::vec3(m[2]));
  const float tol = 1e-6f * l0;
  if (std::abs(l1 - l0) <= tol && std::abs(l2 - l0) <= tol) return glm::vec3(1.0f / std::sqrt(l0));
  return glm::vec3(1.0f / std::sqrt(l0), 1.0f / std::sqrt(l1), 1.0f / std::sqrt(l2));
}

}  // namespace knights::ik
