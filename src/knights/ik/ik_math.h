#pragma once
// Small helpers for the IK solvers: finiteness, similarity frames, soft IK
// reach, and the frame conversions of joint corrections. The rotation
// helpers they use (RotationBetween, RotationAbout, Rotate, WeightRotation)
// are in knights/math/quaternion.h.
//
// Everything is inline and free of libm trigonometry.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/math/quaternion.h"

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

// The root-to-end distance of a chain with bone lengths l1 and l2 whose mid
// joint is bent by the angle of cosine cos_bend (0 degrees = straight): the
// law of cosines.
inline float ReachAtBend(float l1, float l2, float cos_bend) {
  return std::sqrt(std::max(0.0f, l1 * l1 + l2 * l2 + 2.0f * l1 * l2 * cos_bend));
}

// A point given in a joint's space (offset_ls), in world space: through the
// joint's model matrix, then the model's placement.
inline glm::vec3 PointWs(const glm::mat4& to_world, const glm::mat4& joint_ms, const glm::vec3& offset_ls) {
  return glm::vec3(to_world * (joint_ms * glm::vec4(offset_ls, 1.0f)));
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
