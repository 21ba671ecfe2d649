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

#if defined(__SSE__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

namespace knights::math {

// 1 / sqrt(x) for x > 0, to under 1e-6 relative error: the SSE estimate
// (12 bits) refined by one Newton-Raphson step y' = y (1.5 - 0.5 x y^2)
// (Intel 64 and IA-32 Optimization Reference Manual, "reciprocal square root").
// Several times cheaper than sqrt followed by a division on the hot paths.
inline float InvSqrtFast(float x) {
#if defined(__SSE__) || defined(_M_X64)
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
#if defined(__SSE__) || defined(_M_X64)

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

}  // namespace knights::math
