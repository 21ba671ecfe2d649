#pragma once
// Quaternion helpers used by sampling, blending and IK.
//
// Usage:
//   glm::quat q = math::NlerpShortest(a_ls, b_ls, 0.25f);  // 25% from a to b
//   glm::quat b_aligned = math::AlignHemisphere(b, a);     // b or -b, whichever is nearer a
//
// glm pitfalls these helpers avoid:
// - glm::quat(w, x, y, z) takes w FIRST; glm::quat(0, 0, 0, 1) is a half turn
//   about z, not the identity. Use glm::identity<glm::quat>().
// - q and -q are the same rotation. Interpolating or averaging without aligning
//   the hemisphere first takes the long way round (or cancels to zero).

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/math/simd.h"

namespace knights::math {

// 1 / sqrt(x) for x > 0, to under 1e-6 relative error: the SSE estimate
// (12 bits) refined by one Newton-Raphson step y' = y (1.5 - 0.5 x y^2)
// (Intel 64 and IA-32 Optimization Reference Manual, "reciprocal square root").
// Several times cheaper than sqrt followed by a division on the hot paths.
inline float InvSqrtFast(float x) {
#if KNIGHTS_SIMD
  const float y = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
  return y * (1.5f - 0.5f * x * y * y);
#else
  return 1.0f / std::sqrt(x);
#endif
}

// 4D dot product of two quaternions (cosine of half the angle between them).
inline float QuatDot(const glm::quat& a, const glm::quat& b) { return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z; }

// q or -q, whichever lies in the same 4D hemisphere as `reference`
// (non-negative dot product), so that interpolation takes the short path.
inline glm::quat AlignHemisphere(const glm::quat& q, const glm::quat& reference) {
  return QuatDot(q, reference) < 0.0f ? glm::quat(-q.w, -q.x, -q.y, -q.z) : q;
}

// q / |q|, or the identity when |q| is too small to normalise safely.
inline glm::quat NormalizeOrIdentity(const glm::quat& q) {
  const float len_sq = QuatDot(q, q);
  if (!(len_sq > 1e-12f)) return glm::identity<glm::quat>();
  const float inv = 1.0f / std::sqrt(len_sq);
  return glm::quat(q.w * inv, q.x * inv, q.y * inv, q.z * inv);
}

// Like NormalizeOrIdentity, with InvSqrtFast (unit length to within ~1e-6).
inline glm::quat NormalizeOrIdentityFast(const glm::quat& q) {
  const float len_sq = QuatDot(q, q);
  if (!(len_sq > 1e-12f)) return glm::identity<glm::quat>();
  const float inv = InvSqrtFast(len_sq);
  return glm::quat(q.w * inv, q.x * inv, q.y * inv, q.z * inv);
}

// Normalised linear interpolation along the shortest path: lerp a toward b
// (b flipped into a's hemisphere), then normalise. Not constant angular
// velocity like slerp, but the error is tiny between close animation keys and
// it is several times cheaper (see J. Blow, "Understanding Slerp, Then Not
// Using It", 2004). The sign flip is branch-free: animation data makes a
// branch on it unpredictable.
#if KNIGHTS_SIMD

static_assert(sizeof(glm::quat) == 4 * sizeof(float), "glm::quat must be 4 packed floats");

namespace detail {
// The 4D dot product of a and b in every lane.
inline __m128 Dot4(__m128 a, __m128 b) {
  __m128 d = _mm_mul_ps(a, b);
  d = _mm_add_ps(d, _mm_shuffle_ps(d, d, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_add_ps(d, _mm_shuffle_ps(d, d, _MM_SHUFFLE(1, 0, 3, 2)));
}
}  // namespace detail

inline glm::quat NlerpShortest(const glm::quat& a, const glm::quat& b, float alpha) {
  // glm stores x, y, z, w; the lanes follow the storage, whatever the order,
  // since every step is the same for all four components.
  const __m128 qa = _mm_loadu_ps(&a[0]);
  const __m128 qb = _mm_loadu_ps(&b[0]);
  const __m128 sign_mask = _mm_set1_ps(-0.0f);
  const __m128 sign = _mm_and_ps(detail::Dot4(qa, qb), sign_mask);
  const __m128 wb = _mm_or_ps(_mm_andnot_ps(sign_mask, _mm_set1_ps(alpha)), sign);
  const __m128 q = _mm_add_ps(_mm_mul_ps(qa, _mm_set1_ps(1.0f - alpha)), _mm_mul_ps(qb, wb));
  const __m128 len_sq = detail::Dot4(q, q);
  if (!(_mm_cvtss_f32(len_sq) > 1e-12f)) return glm::identity<glm::quat>();
  // 1/sqrt as in InvSqrtFast, four lanes at once.
  const __m128 y = _mm_rsqrt_ps(len_sq);
  const __m128 half_x_yy = _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), len_sq), _mm_mul_ps(y, y));
  const __m128 inv = _mm_mul_ps(y, _mm_sub_ps(_mm_set1_ps(1.5f), half_x_yy));
  glm::quat result;
  _mm_storeu_ps(&result[0], _mm_mul_ps(q, inv));
  return result;
}

#else

inline glm::quat NlerpShortest(const glm::quat& a, const glm::quat& b, float alpha) {
  const float wa = 1.0f - alpha;
  const float wb = std::copysign(alpha, QuatDot(a, b));
  const glm::quat q(wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z);
  return NormalizeOrIdentityFast(q);
}

#endif

// --- Rotations from vectors (the IK solvers' building blocks) -------------
// Inline and free of libm trigonometry: rotations are built from vectors with
// the half-vector construction, so the hot path costs a few square roots.

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

}  // namespace knights::math
