#pragma once
// Fast 4x4 matrix kernels for the animation hot paths (local-to-model,
// skinning palette). Same results as the glm expressions noted on each
// function, up to float rounding, but written as four-wide column operations
// (SSE on x86-64, plain glm::vec4 elsewhere) so a product costs ~16 multiplies
// and adds of 4-wide vectors instead of glm's scalar code.
//
// Usage:
//   math::MulMat4(parent_ms, child_rel, child_ms);        // child_ms = parent_ms * child_rel
//   math::MulMat4Trs(parent_ms, local_ls, joint_ms);       // joint_ms = parent_ms * ToMatrix(local_ls)
//   const glm::mat4 world_to_model = math::InverseAffine(model_to_world);
//   if (!math::AllFinite(palette_ms)) { /* NaN or infinity somewhere */ }
//
// Matrices are column-major (glm and GLSL); glm::mat4 stores 16 contiguous
// floats, column after column, which the SSE loads rely on.

#include <cstdint>
#include <cstring>
#include <span>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/math/transform.h"

#include "knights/math/simd.h"

namespace knights::math {

static_assert(sizeof(glm::mat4) == 16 * sizeof(float), "glm::mat4 must be 16 packed floats");

// The 3x3 rotation of a unit quaternion, columns scaled by `scale`, as nine
// floats: column c is (m[3c], m[3c+1], m[3c+2]). Standard formula, e.g.
// K. Shoemake, "Animating rotation with quaternion curves", SIGGRAPH 1985.
// Row 3, column 2 (1-based) is 2(qy*qz + qw*qx): note the plus.
//
// Most joints have no scale (1, 1, 1, exactly): they skip the nine
// multiplies by it (the same results: x * 1 is x), found by comparing the
// scale's bits, which keeps the test off the floating-point units that this
// conversion keeps busy.
inline void RotationScaleColumns(const glm::quat& q, const glm::vec3& scale, float m[9]) {
  const float x2 = q.x + q.x, y2 = q.y + q.y, z2 = q.z + q.z;
  const float xx = q.x * x2, yy = q.y * y2, zz = q.z * z2;
  const float xy = q.x * y2, xz = q.x * z2, yz = q.y * z2;
  const float wx = q.w * x2, wy = q.w * y2, wz = q.w * z2;
  m[0] = 1.0f - (yy + zz);
  m[1] = xy + wz;
  m[2] = xz - wy;
  m[3] = xy - wz;
  m[4] = 1.0f - (xx + zz);
  m[5] = yz + wx;
  m[6] = xz + wy;
  m[7] = yz - wx;
  m[8] = 1.0f - (xx + yy);
  uint32_t bits[3];
  std::memcpy(bits, &scale, sizeof(bits));
  constexpr uint32_t kOne = 0x3f800000u;  // 1.0f
  if (((bits[0] ^ kOne) | (bits[1] ^ kOne) | (bits[2] ^ kOne)) == 0) return;
  for (int c = 0; c < 3; ++c) {
    m[3 * c] *= scale[c];
    m[3 * c + 1] *= scale[c];
    m[3 * c + 2] *= scale[c];
  }
}

#if KNIGHTS_SIMD

// out = a * b. `out` may alias `a` or `b`.
inline void MulMat4(const glm::mat4& a, const glm::mat4& b, glm::mat4& out) {
  const float* pa = &a[0][0];
  const __m128 a0 = _mm_loadu_ps(pa), a1 = _mm_loadu_ps(pa + 4);
  const __m128 a2 = _mm_loadu_ps(pa + 8), a3 = _mm_loadu_ps(pa + 12);
  const float* pb = &b[0][0];
  float* po = &out[0][0];
  for (int c = 0; c < 4; ++c) {
    const float* bc = pb + 4 * c;
    __m128 r = _mm_mul_ps(a0, _mm_set1_ps(bc[0]));
    r = _mm_add_ps(r, _mm_mul_ps(a1, _mm_set1_ps(bc[1])));
    r = _mm_add_ps(r, _mm_mul_ps(a2, _mm_set1_ps(bc[2])));
    r = _mm_add_ps(r, _mm_mul_ps(a3, _mm_set1_ps(bc[3])));
    _mm_storeu_ps(po + 4 * c, r);
  }
}

// out = parent * ToMatrix(local): the local TRS matrix is never built as a
// 4x4; its last row is (0, 0, 0, 1), so each output column is three (or, for
// the translation column, four) scaled parent columns. `out` may alias `parent`.
inline void MulMat4Trs(const glm::mat4& parent, const Transform& local, glm::mat4& out) {
  float m[9];
  RotationScaleColumns(local.rotation, local.scale, m);
  const float* pp = &parent[0][0];
  const __m128 p0 = _mm_loadu_ps(pp), p1 = _mm_loadu_ps(pp + 4);
  const __m128 p2 = _mm_loadu_ps(pp + 8), p3 = _mm_loadu_ps(pp + 12);
  float* po = &out[0][0];
  for (int c = 0; c < 3; ++c) {
    __m128 r = _mm_mul_ps(p0, _mm_set1_ps(m[3 * c]));
    r = _mm_add_ps(r, _mm_mul_ps(p1, _mm_set1_ps(m[3 * c + 1])));
    r = _mm_add_ps(r, _mm_mul_ps(p2, _mm_set1_ps(m[3 * c + 2])));
    _mm_storeu_ps(po + 4 * c, r);
  }
  const glm::vec3& t = local.translation;
  __m128 r = _mm_mul_ps(p0, _mm_set1_ps(t.x));
  r = _mm_add_ps(r, _mm_mul_ps(p1, _mm_set1_ps(t.y)));
  r = _mm_add_ps(r, _mm_mul_ps(p2, _mm_set1_ps(t.z)));
  r = _mm_add_ps(r, p3);
  _mm_storeu_ps(po + 12, r);
}

#else  // Portable fallback with the same structure.

inline void MulMat4(const glm::mat4& a, const glm::mat4& b, glm::mat4& out) {
  const glm::vec4 a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
  for (int c = 0; c < 4; ++c) {
    const glm::vec4 bc = b[c];
    out[c] = a0 * bc.x + a1 * bc.y + a2 * bc.z + a3 * bc.w;
  }
}

inline void MulMat4Trs(const glm::mat4& parent, const Transform& local, glm::mat4& out) {
  float m[9];
  RotationScaleColumns(local.rotation, local.scale, m);
  const glm::vec4 p0 = parent[0], p1 = parent[1], p2 = parent[2], p3 = parent[3];
  for (int c = 0; c < 3; ++c) out[c] = p0 * m[3 * c] + p1 * m[3 * c + 1] + p2 * m[3 * c + 2];
  const glm::vec3& t = local.translation;
  out[3] = p0 * t.x + p1 * t.y + p2 * t.z + p3;
}

#endif

// The inverse of an affine matrix (last row 0, 0, 0, 1): the 3x3 part
// inverted by cofactors (its rows are the cross products of its columns over
// the determinant), the translation carried back by it. Same as
// glm::inverse(m) for affine m, at about a third of the cost: the general 4x4
// cofactor expansion is not needed. A singular m gives non-finite results.
inline glm::mat4 InverseAffine(const glm::mat4& m) {
  const glm::vec3 c0(m[0]), c1(m[1]), c2(m[2]);
  const glm::vec3 r0 = glm::cross(c1, c2), r1 = glm::cross(c2, c0), r2 = glm::cross(c0, c1);
  const float inv_det = 1.0f / glm::dot(c0, r0);
  // Rows of the inverse are r0, r1, r2 (scaled); stored column-major.
  glm::mat4 out(1.0f);
  for (int c = 0; c < 3; ++c) {
    out[c] = glm::vec4(r0[c] * inv_det, r1[c] * inv_det, r2[c] * inv_det, 0.0f);
  }
  const glm::vec3 t(m[3]);
  out[3] = glm::vec4(-(glm::dot(r0, t) * inv_det), -(glm::dot(r1, t) * inv_det), -(glm::dot(r2, t) * inv_det), 1.0f);
  return out;
}

// True when no element of any matrix is NaN or infinite. x - x is 0 for a
// finite x and NaN otherwise, and a sum with a NaN in it stays NaN: two
// four-wide operations per column and one test at the end (SSE), instead of a
// classification per element on the per-frame path.
inline bool AllFinite(std::span<const glm::mat4> matrices) {
#if KNIGHTS_SIMD
  __m128 acc = _mm_setzero_ps();
  for (const glm::mat4& m : matrices) {
    const float* p = &m[0][0];
    for (int c = 0; c < 16; c += 4) {
      const __m128 v = _mm_loadu_ps(p + c);
      acc = _mm_add_ps(acc, _mm_sub_ps(v, v));
    }
  }
  return _mm_movemask_ps(_mm_cmpeq_ps(acc, acc)) == 0xf;  // NaN != NaN
#else
  uint32_t bad = 0;
  for (const glm::mat4& m : matrices) {
    uint32_t bits[16];
    std::memcpy(bits, &m, sizeof(bits));
    for (int i = 0; i < 16; ++i) bad |= static_cast<uint32_t>((bits[i] & 0x7f800000u) == 0x7f800000u);
  }
  return bad == 0;
#endif
}

}  // namespace knights::math
