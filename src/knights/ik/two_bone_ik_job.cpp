#include "knights/ik/two_bone_ik_job.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "knights/ik/ik_math.h"
#include "knights/ik/two_bone_ik_general.h"
#include "knights/math/quaternion.h"

#include "knights/math/simd.h"

namespace knights::ik {
namespace {

using Solution = TwoBoneSolution;

// Whether the animated knee already obeys the hinge rule, so that the fast
// path's answer (the knee kept in its animated bend plane) is the rule's
// too: the knee's offset from the root-target line has at least
// kMinForwardBend * l1 along the forward direction axis x n. With
// w = at x ab that offset's forward part is -axis.w / |axis x at|.
inline bool KneeAheadOfLine(const glm::vec3& axis, const glm::vec3& w, const glm::vec3& at, float l1) {
  if (axis == glm::vec3(0.0f)) return true;
  const float ahead = -glm::dot(axis, w);
  const glm::vec3 side = glm::cross(axis, at);
  const float min_ahead = TwoBoneIkJob::kMinForwardBend * l1;
  return ahead >= 0.0f && ahead * ahead >= min_ahead * min_ahead * glm::dot(side, side);
}

// Square root without the errno branch std::sqrt carries (no -fno-math-errno
// here): one sqrtss.
inline float Sqrt(float x) {
#if KNIGHTS_SIMD
  return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x)));
#else
  return std::sqrt(x);
#endif
}

#if KNIGHTS_SIMD

// v - v is 0 in every lane where v is finite and NaN where it is NaN or
// infinite; summing those keeps a NaN. Two instructions per four floats.
inline __m128 AccumulateNonFinite(__m128 acc, __m128 v) { return _mm_add_ps(acc, _mm_sub_ps(v, v)); }
inline __m128 AccumulateNonFinite(__m128 acc, const float* p) { return AccumulateNonFinite(acc, _mm_loadu_ps(p)); }

// A vec3 into lanes 0..2 (lane 3 zero) with an 8-byte and a 4-byte load: a
// 16-byte load would read past it, and callers write targets just before
// Run(), which a wider load could not take from the store buffer.
inline __m128 LoadVec3(const glm::vec3& v) {
  return _mm_movelh_ps(_mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(&v.x)), _mm_load_ss(&v.z));
}

// True when the 48 floats of three matrices, the target and the pole are all
// finite, and pole_weight, soften and weight lie in [0, 1] (NaN fails): SSE
// arithmetic on whole rows instead of 60 scalar classifications and compares.
// Reads target_ms .. weight as 10 consecutive floats (checked below).
inline bool FiniteAndInRange(const TwoBoneIkJob& job) {
  __m128 acc = _mm_setzero_ps();
  for (const glm::mat4* m : {job.start_joint_ms, job.mid_joint_ms, job.end_joint_ms}) {
    const float* p = &(*m)[0][0];
    acc = AccumulateNonFinite(acc, p);
    acc = AccumulateNonFinite(acc, p + 4);
    acc = AccumulateNonFinite(acc, p + 8);
    acc = AccumulateNonFinite(acc, p + 12);
  }
  acc = AccumulateNonFinite(acc, LoadVec3(job.target_ms));
  acc = AccumulateNonFinite(acc, _mm_setr_ps(job.pole_vector_ms.x, job.pole_vector_ms.y, job.pole_vector_ms.z, 0.0f));
  const __m128 unit = _mm_setr_ps(job.pole_weight, job.soften, job.weight, 0.0f);  // each must lie in [0, 1]
  const int in_range =
      _mm_movemask_ps(_mm_and_ps(_mm_cmpge_ps(unit, _mm_setzero_ps()), _mm_cmple_ps(unit, _mm_set1_ps(1.0f))));
  return (_mm_movemask_ps(_mm_cmpeq_ps(acc, acc)) == 0xf) & ((in_range & 7) == 7);  // NaN != NaN
}

// 1/sqrt in four lanes: the SSE estimate refined by one Newton-Raphson step,
// as math::InvSqrtFast (relative error under 1e-6).
inline __m128 InvSqrt4(__m128 x) {
  const __m128 y = _mm_rsqrt_ps(x);
  const __m128 half_x_yy = _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), x), _mm_mul_ps(y, y));
  return _mm_mul_ps(y, _mm_sub_ps(_mm_set1_ps(1.5f), half_x_yy));
}

template <int kLane>
inline __m128 Splat(__m128 v) {
  return _mm_shuffle_ps(v, v, _MM_SHUFFLE(kLane, kLane, kLane, kLane));
}
template <int kLane>
inline float Lane(__m128 v) {
  return _mm_cvtss_f32(Splat<kLane>(v));
}

// 3-vectors live in lanes 0..2 with lane 3 zero.
inline __m128 Xyz(__m128 v) { return _mm_and_ps(v, _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0))); }

// a x b with three shuffles: a * b.yzx - a.yzx * b is the cross product in
// lane order z, x, y.
inline __m128 Cross(__m128 a, __m128 b) {
  const __m128 a_yzx = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 0, 2, 1));
  const __m128 b_yzx = _mm_shuffle_ps(b, b, _MM_SHUFFLE(3, 0, 2, 1));
  const __m128 c_zxy = _mm_sub_ps(_mm_mul_ps(a, b_yzx), _mm_mul_ps(a_yzx, b));
  return _mm_shuffle_ps(c_zxy, c_zxy, _MM_SHUFFLE(3, 0, 2, 1));
}

// The sums of the lanes of p0..p3, in lanes 0..3 (four dot products from
// their lane-wise products: a transpose and three adds).
inline __m128 Sum4(__m128 p0, __m128 p1, __m128 p2, __m128 p3) {
  const __m128 s01 = _mm_add_ps(_mm_unpacklo_ps(p0, p1), _mm_unpackhi_ps(p0, p1));
  const __m128 s23 = _mm_add_ps(_mm_unpacklo_ps(p2, p3), _mm_unpackhi_ps(p2, p3));
  return _mm_add_ps(_mm_movelh_ps(s01, s23), _mm_movehl_ps(s23, s01));
}

// The sums of the lanes of p0 and p1, in lanes 0 and 1.
inline __m128 Sum2(__m128 p0, __m128 p1) {
  const __m128 s = _mm_add_ps(_mm_unpacklo_ps(p0, p1), _mm_unpackhi_ps(p0, p1));
  return _mm_add_ps(s, _mm_movehl_ps(s, s));
}

// -0.0f in lanes 0..2 when the linear part of m is mirrored (negative
// determinant), else +0.0f; lane 3 is +0.0f.
inline __m128 HandednessSign(const glm::mat4& m) {
  const float* p = &m[0][0];
  const __m128 c = Cross(_mm_loadu_ps(p), _mm_loadu_ps(p + 4));
  const __m128 d = _mm_mul_ps(Xyz(c), _mm_loadu_ps(p + 8));
  const __m128 det = Splat<0>(Sum2(d, d));
  return Xyz(_mm_and_ps(det, _mm_set1_ps(-0.0f)));
}

// The local correction of a joint for the model-space rotation
// (w, k) * scale, k (lanes 0..2) the axis times the sine part, the product
// a unit quaternion: the same angle about det(R) R^T k, where R is the
// joint's rotation frame (the columns of m with the scale removed). A
// rotation about k in model space is, post-multiplied into the joint's local
// rotation, the rotation about R^T k by the same angle; det(R) R^T k is also
// what crossing two vectors' frame coordinates gives (R^T u x R^T v), which
// makes mirrored frames work (`sign` from HandednessSign). Only the last two
// instructions wait for `scale` and `w`, so the frame work overlaps the
// normalisation.
inline glm::quat LocalRotation(const glm::mat4& m, __m128 sign, __m128 k, float w, float scale) {
  // Columns to rows: lane i of x (y, z) is the x (y, z) component of column i.
  const float* p = &m[0][0];
  const __m128 c0 = _mm_loadu_ps(p), c1 = _mm_loadu_ps(p + 4), c2 = _mm_loadu_ps(p + 8);
  const __m128 t0 = _mm_unpacklo_ps(c0, c1), t1 = _mm_unpackhi_ps(c0, c1);
  const __m128 t2 = _mm_unpacklo_ps(c2, _mm_setzero_ps()), t3 = _mm_unpackhi_ps(c2, _mm_setzero_ps());
  const __m128 x = _mm_movelh_ps(t0, t2), y = _mm_movehl_ps(t2, t0), z = _mm_movelh_ps(t1, t3);
  // handedness / |column i| in lanes 0..2, 1 in lane 3.
  __m128 len_sq = _mm_add_ps(_mm_add_ps(_mm_mul_ps(x, x), _mm_mul_ps(y, y)), _mm_mul_ps(z, z));
  len_sq = _mm_add_ps(len_sq, _mm_setr_ps(0.0f, 0.0f, 0.0f, 1.0f));
  const __m128 weight = _mm_xor_ps(InvSqrt4(len_sq), sign);
  // (column i . k) * weight_i, plus w in lane 3 (glm::quat stores x, y, z, w).
  __m128 r = _mm_add_ps(_mm_add_ps(_mm_mul_ps(x, Splat<0>(k)), _mm_mul_ps(y, Splat<1>(k))), _mm_mul_ps(z, Splat<2>(k)));
  r = _mm_add_ps(_mm_mul_ps(r, weight), _mm_setr_ps(0.0f, 0.0f, 0.0f, w));
  glm::quat out;
  _mm_storeu_ps(&out.x, _mm_mul_ps(r, _mm_set1_ps(scale)));
  return out;
}

#else  // Portable version of the same.

inline bool FiniteAndInRange(const TwoBoneIkJob& job) {
  return IsFinite(*job.start_joint_ms) && IsFinite(*job.mid_joint_ms) && IsFinite(*job.end_joint_ms) &&
         IsFinite(job.target_ms) && IsFinite(job.pole_vector_ms) && job.pole_weight >= 0.0f &&
         job.pole_weight <= 1.0f && job.soften >= 0.0f && job.soften <= 1.0f && job.weight >= 0.0f &&
         job.weight <= 1.0f;
}

#endif

// The hot path of the same solve, for the common case: no hinge, the pole
// (if any) only a fallback (pole_weight 0), the knee off the root-target line,
// no zero-length bone, the target off the root. Returns false, writing
// nothing, when a case needs SolveGeneral's fallbacks. Same results as
// SolveGeneral up to float rounding, with a fraction of its work:
//
// - The knee stays in its animated bend plane (ik.md step 1.3), so the plane
//   of root a, knee b and target t holds the old and the new thigh. With the
//   orthonormal basis n = (t - a)/|t - a|, u (toward the knee) and
//   e = n x u (the plane normal), the thigh goes from (p, q) to (x, h) in
//   that plane, q, h >= 0, and its correction is a rotation about e: a 2D
//   problem, no matrix inverse and no frame change of positions.
// - The shin correction is the minimal rotation from the old shin to the new
//   one carried back by the inverse thigh rotation (the mid joint's new
//   frame is its old one carried by the thigh's rotation); the new shin is in
//   the plane, so carrying it back is a 2D rotation too.
// - Minimal rotations use the half-vector form with s = u + v:
//   (|s|^2 / 2, u x s) normalised equals (|u||v| + u.v, u x v) normalised for
//   |u| = |v|, but stays accurate up to a half turn: u + v is computed
//   without cancellation error (a float sum is correctly rounded), where
//   |u||v| + u.v cancels catastrophically near 180 degrees. No branch.
// - Local corrections: a model-space rotation about axis k is, in a joint's
//   rotation frame R (columns with the scale removed), the rotation by the
//   same angle about det(R) R^T k. Only the axis changes frame.
// - No trigonometry (libm exp only for soft IK near full extension); square
//   roots and divisions where the result needs full precision (lengths, the
//   reach), the SSE reciprocal square root with a Newton step for unit
//   quaternions and frame weights. On SSE the 3-vectors are single registers
//   and the dot products are done four at a time.
#if KNIGHTS_SIMD

// The SSE version is written for latency (the solve is a chain of dependent
// square roots and divisions): the 2D quantities are kept scaled by
// D = 2 reach, so no division by the reach sits on the chain (X = D x,
// H = D h, P = D p, Q = D q; the minimal rotation in the plane does not
// depend on the common scale, and the shin's scale is restored by one factor
// computed alongside), and quaternions are normalised with
// |(|s|^2 / 2, u x s)| = |u| |s| (true for |u| = |v|), which needs only
// |s|^2, not the finished quaternion.
// The SSE hot path (the readable form is two_bone_ik_reference.h), its
// steps forced inline so their registers stay live across them.
//
// The chain as the fast path sees it: bones and root-to-target in
// registers (xyz, w lane 0), their squares and lengths.
struct FastChain {
  __m128 ab, bc, at;  // thigh, shin, root to target
  __m128 w;           // at x ab: normal of the plane of root, knee and target
  __m128 len;         // l1, l2, l_at, l_at
  float l1_sq, l2_sq, ab_at, at_sq, w_sq;
  float l1, l2, l_at;
};

// Step 0: the chain's measurements. False for the general solve's cases.
[[gnu::always_inline]] inline bool MeasureFast(const glm::mat4& s_ms, const glm::mat4& m_ms, const glm::mat4& e_ms,
                                               const glm::vec3& t, const TwoBoneIkJob& job, FastChain& c) {
  const __m128 a = _mm_loadu_ps(&s_ms[3][0]);
  const __m128 b = _mm_loadu_ps(&m_ms[3][0]);
  c.ab = Xyz(_mm_sub_ps(b, a));
  c.bc = Xyz(_mm_sub_ps(_mm_loadu_ps(&e_ms[3][0]), b));
  c.at = Xyz(_mm_sub_ps(LoadVec3(t), a));
  const __m128 sq =
      Sum4(_mm_mul_ps(c.ab, c.ab), _mm_mul_ps(c.bc, c.bc), _mm_mul_ps(c.ab, c.at), _mm_mul_ps(c.at, c.at));
  // sq is l1^2, l2^2, ab.at, at^2: the square roots of lanes 0, 1, 3.
  c.at_sq = Lane<3>(sq);
  c.len = _mm_sqrt_ps(_mm_shuffle_ps(sq, sq, _MM_SHUFFLE(3, 3, 1, 0)));
  // |w| = l_at * (distance of the knee from the root-target line).
  c.w = Cross(c.at, c.ab);
  const __m128 ww = _mm_mul_ps(c.w, c.w);
  c.w_sq = _mm_cvtss_f32(Sum2(ww, ww));
  c.l1_sq = Lane<0>(sq), c.l2_sq = Lane<1>(sq), c.ab_at = Lane<2>(sq);
  c.l1 = Lane<0>(c.len), c.l2 = Lane<1>(c.len), c.l_at = Lane<2>(c.len);
  const float tiny = 1e-6f * (c.l1 + c.l2);
  // The general solve's fallbacks: zero-length bone, target on the root,
  // straight limb (same threshold as SolveGeneral: |u_anim|^2 <= 1e-8 l1^2).
  if (!((c.l1 > tiny) & (c.l2 > tiny) & (c.l_at > tiny) & (c.w_sq > 1e-8f * c.l1_sq * c.at_sq))) return false;
  if (job.bend_axis_ms == glm::vec3(0.0f)) return true;
  alignas(16) float w3[4], at3[4];
  _mm_store_ps(w3, c.w);
  _mm_store_ps(at3, c.at);
  return KneeAheadOfLine(job.bend_axis_ms, glm::vec3(w3[0], w3[1], w3[2]), glm::vec3(at3[0], at3[1], at3[2]), c.l1);
}

bool SolveFast(const glm::mat4& s_ms, const glm::mat4& m_ms, const glm::mat4& e_ms, const glm::vec3& t,
               const TwoBoneIkJob& job, Solution& out) {
  FastChain c;
  if (!MeasureFast(s_ms, m_ms, e_ms, t, job, c)) return false;
  const __m128 &bc = c.bc, &at = c.at, &w = c.w, &len = c.len;
  const float l1_sq = c.l1_sq, l2_sq = c.l2_sq, ab_at = c.ab_at, w_sq = c.w_sq;
  const float l1 = c.l1, l2 = c.l2, l_at = c.l_at;
  const float chain = l1 + l2;
  const __m128 inv_bones = _mm_div_ps(_mm_set1_ps(1.0f), len);  // 1/l1, 1/l2

  // Step 1: the reach (soft IK, then clamped to what the bones allow), and
  // the new thigh in the plane, scaled by D: X = D l1 cos(theta) along n,
  // H = D l1 sin(theta) along u (law of cosines; Heron's factored form, see
  // SolveGeneral).
  const float diff = l1 - l2;
  const float reach = SoftIkReach(l_at, std::abs(diff), chain, chain, job.soften);
  const float w_len = Sqrt(w_sq);
  const __m128 inv = _mm_div_ps(_mm_set1_ps(1.0f), _mm_setr_ps(reach, w_len, l_at, 1.0f));
  const float reach_sq = reach * reach;
  const float heron = (reach - diff) * (reach + diff) * (chain - reach) * (chain + reach);
  const float big_x = diff * chain + reach_sq;
  const float big_h = Sqrt(heron > 0.0f ? heron : 0.0f);
  // The old thigh in the plane, scaled by D: p along n, q = |w| / l_at >= 0
  // along u.
  const float inv_reach = Lane<0>(inv), inv_w = Lane<1>(inv), inv_lat = Lane<2>(inv);
  const float d_inv_lat = 2.0f * reach * inv_lat;
  const float big_p = ab_at * d_inv_lat, big_q = w_len * d_inv_lat;

  // Step 2.1: thigh rotation (P, Q) -> (X, H) about e = w / |w|: half-vector
  // form in the plane, S = (P + X, Q + H), (|S|^2 / 2, (P H - Q X) e)
  // normalised by D l1 |S|.
  const float sx = big_p + big_x, sy = big_q + big_h;
  const float s_sq = sx * sx + sy * sy;
  const float sin1 = big_p * big_h - big_q * big_x;  // (D l1)^2 sin(phi)

  // Step 2.2: the new shin, carried back by the thigh's rotation phi, then
  // the minimal rotation from the old shin to it. In the plane the new thigh
  // is (x, h) and the new shin (reach - x, -h); rotated by -phi the shin is
  //   v_n = (p E + q 2 reach h) / (2 l1^2),  v_u = (q E - p 2 reach h) / (2 l1^2),
  // E = reach^2 - l1^2 - l2^2 (= 2 thigh'.shin'), which in the scaled
  // quantities is K (P E + Q H) and K (Q E - P H) with K = 1 / (4 reach l1^2).
  // In 3D, with u = (w x at) / (|w| l_at) exactly perpendicular to at
  // whatever the rounding of w: v = n v_n + u v_u.
  const float inv_l1 = Lane<0>(inv_bones), inv_l2 = Lane<1>(inv_bones);
  const float e = reach_sq - l1_sq - l2_sq;
  const float k = 0.25f * inv_reach * inv_l1 * inv_l1 * inv_lat;
  const float v_n = (big_p * e + big_q * big_h) * k;
  const float v_u = (big_q * e - big_p * big_h) * (k * inv_w);
  const __m128 s2 = _mm_add_ps(_mm_add_ps(bc, _mm_mul_ps(at, _mm_set1_ps(v_n))),
                               _mm_mul_ps(Cross(w, at), _mm_set1_ps(v_u)));  // old + new shin
  const __m128 s2s2 = _mm_mul_ps(s2, s2);
  const float s2_sq = _mm_cvtss_f32(Sum2(s2s2, s2s2));
  // A shin turned exactly half round has no minimal rotation axis: the
  // general solve picks one.
  if (!(s2_sq > 1e-12f * l2_sq)) return false;
  const __m128 inv_s = InvSqrt4(_mm_setr_ps(s_sq, s2_sq, 1.0f, 1.0f));
  const float n1 = Lane<0>(inv_s) * 0.5f * inv_reach * inv_l1;  // 1 / (D l1 |S|)
  const float n2 = Lane<1>(inv_s) * inv_l2;                     // 1 / (l2 |s2|)

  // Into the joints' frames (the mid joint has the start joint's
  // handedness: mirrored own scale is not supported).
  const __m128 sign = HandednessSign(s_ms);
  const glm::quat start_q = LocalRotation(s_ms, sign, _mm_mul_ps(w, _mm_set1_ps(sin1 * inv_w)), 0.5f * s_sq, n1);
  const glm::quat mid_q = LocalRotation(m_ms, sign, Cross(bc, s2), 0.5f * s2_sq, n2);

  // The end lands at a + reach n: exactly t when reachable, else |reach -
  // l_at| short of it along the line (end_position is not needed here).
  out.miss_sq = (reach - l_at) * (reach - l_at);
  out.start_correction = math::WeightRotation(start_q, job.weight);
  out.mid_correction = math::WeightRotation(mid_q, job.weight);
  return true;
}

#else  // Portable version of the same, glm scalar code.

// -1 when the frame (linear columns of m) is mirrored, else +1.
inline float Handedness(const glm::mat4& m) {
  return glm::dot(glm::cross(glm::vec3(m[0]), glm::vec3(m[1])), glm::vec3(m[2])) < 0.0f ? -1.0f : 1.0f;
}

bool SolveFast(const glm::mat4& s_ms, const glm::mat4& m_ms, const glm::mat4& e_ms, const glm::vec3& t,
               const TwoBoneIkJob& job, Solution& out) {
  const glm::vec3 a(s_ms[3]);
  const glm::vec3 b(m_ms[3]);
  const glm::vec3 ab = b - a;                   // thigh
  const glm::vec3 bc = glm::vec3(e_ms[3]) - b;  // shin
  const glm::vec3 at = t - a;                   // root to target
  const float l1_sq = glm::dot(ab, ab), l2_sq = glm::dot(bc, bc), at_sq = glm::dot(at, at);
  const float l1 = Sqrt(l1_sq), l2 = Sqrt(l2_sq), l_at = Sqrt(at_sq);
  const float chain = l1 + l2;
  const float tiny = 1e-6f * chain;
  // Normal of the plane of root, knee and target; |w| = l_at * (distance of
  // the knee from the root-target line).
  const glm::vec3 w = glm::cross(at, ab);
  const float w_sq = glm::dot(w, w);
  // The general solve's fallbacks: zero-length bone, target on the root,
  // straight limb (same threshold as SolveGeneral: |u_anim|^2 <= 1e-8 l1^2).
  if (!(l1 > tiny) || !(l2 > tiny) || !(l_at > tiny) || !(w_sq > 1e-8f * l1_sq * at_sq)) return false;
  if (!KneeAheadOfLine(job.bend_axis_ms, w, at, l1)) return false;

  // Step 1: the reach (soft IK, then clamped to what the bones allow), and
  // the new thigh in the plane: x = l1 cos(theta) along n, h = l1 sin(theta)
  // along u (law of cosines; h from Heron's factored form, see SolveGeneral).
  const float inv_lat = 1.0f / l_at;
  const float diff = l1 - l2;
  const float reach = SoftIkReach(l_at, std::abs(diff), chain, chain, job.soften);
  const float inv_reach = 1.0f / reach;  // reach >= a share of l_at > tiny
  const float half_inv_reach = 0.5f * inv_reach;
  const float x = (diff * chain + reach * reach) * half_inv_reach;
  const float h2 = (reach - diff) * (reach + diff) * (chain - reach) * (chain + reach);
  const float h = Sqrt(std::max(h2, 0.0f)) * half_inv_reach;

  // The plane's basis and the old thigh in it.
  const float inv_w = math::InvSqrtFast(w_sq);
  const glm::vec3 n = at * inv_lat;
  const glm::vec3 u = glm::cross(w, at) * (inv_w * inv_lat);  // exactly in the plane, toward b
  const glm::vec3 e = w * inv_w;                              // n x u
  const float p = glm::dot(ab, at) * inv_lat;
  const float q = w_sq * inv_w * inv_lat;  // >= 0

  // Step 2.1: thigh rotation (p, q) -> (x, h) about e. Half-vector form in
  // the plane: s = (p + x, q + h), w1 = |s|^2 / 2, sine part p h - q x.
  const float sx = p + x, sy = q + h;
  const float w1 = 0.5f * (sx * sx + sy * sy);
  const float s1 = p * h - q * x;

  // Step 2.2: the new shin c' - b' = (reach - x, -h) in the plane, carried
  // back by the thigh's rotation phi (cos and sin from the 2D vectors), then
  // the minimal rotation from the old shin to it.
  const float inv_l1_sq = 1.0f / l1_sq;
  const float cos_phi = (p * x + q * h) * inv_l1_sq, sin_phi = s1 * inv_l1_sq;
  const float shin_x = reach - x, shin_y = -h;
  const glm::vec3 v = n * (cos_phi * shin_x + sin_phi * shin_y) + u * (cos_phi * shin_y - sin_phi * shin_x);
  const glm::vec3 s2 = bc + v;
  const float w2 = 0.5f * glm::dot(s2, s2);
  const glm::vec3 axis2 = glm::cross(bc, s2);
  const float n2_sq = w2 * w2 + glm::dot(axis2, axis2);
  // A shin turned exactly half round has no minimal rotation axis: the
  // general solve picks one.
  if (!(n2_sq > 1e-12f * l2_sq * l2_sq)) return false;

  // Axes into the joints' rotation frames; normalise.
  const float inv_n1 = math::InvSqrtFast(w1 * w1 + s1 * s1);
  const float inv_n2 = math::InvSqrtFast(n2_sq);
  const float sign = Handedness(s_ms);
  const glm::vec3 axis1_ls = ToFrame(s_ms, InverseColumnLengths(s_ms), e) * (s1 * sign);
  const glm::vec3 axis2_ls = ToFrame(m_ms, InverseColumnLengths(m_ms), axis2) * sign;
  const glm::quat start_q(w1 * inv_n1, axis1_ls.x * inv_n1, axis1_ls.y * inv_n1, axis1_ls.z * inv_n1);
  const glm::quat mid_q(w2 * inv_n2, axis2_ls.x * inv_n2, axis2_ls.y * inv_n2, axis2_ls.z * inv_n2);

  // The end lands at a + reach n: exactly t when reachable.
  out.miss_sq = (reach - l_at) * (reach - l_at);  // the end lands at a + reach n
  out.start_correction = math::WeightRotation(start_q, job.weight);
  out.mid_correction = math::WeightRotation(mid_q, job.weight);
  return true;
}

#endif

// Validate(), inlined into Run().
inline bool IsValid(const TwoBoneIkJob& job) {
  if (job.start_joint_ms == nullptr || job.mid_joint_ms == nullptr || job.end_joint_ms == nullptr ||
      job.start_correction == nullptr || job.mid_correction == nullptr) {
    return false;
  }
  // Written as !(in range) so that NaN fails too.
  if (!FiniteAndInRange(job) || (job.parent_ms != nullptr && !IsFinite(*job.parent_ms)) ||
      !(job.reach_tolerance >= 0.0f && job.reach_tolerance < std::numeric_limits<float>::infinity())) {
    return false;
  }
  if (!IsFinite(job.bend_axis_ms)) return false;
  if (job.hinge_enabled) {
    if (!IsFinite(job.mid_axis_ls) || !(glm::dot(job.mid_axis_ls, job.mid_axis_ls) > 0.0f)) return false;
    if (!(job.hinge_min_deg >= 0.0f && job.hinge_min_deg <= job.hinge_max_deg && job.hinge_max_deg <= 180.0f)) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool TwoBoneIkJob::Validate() const { return IsValid(*this); }

bool TwoBoneIkJob::Run() const {
  if (!IsValid(*this)) {
    if (start_correction != nullptr) *start_correction = glm::identity<glm::quat>();
    if (mid_correction != nullptr) *mid_correction = glm::identity<glm::quat>();
    if (reached != nullptr) *reached = false;
    return false;
  }
  Solution solution;
  float miss_sq;  // squared distance of the end from the target, model space
  if (parent_ms == nullptr || IsSimilarity(*parent_ms)) {
    // Hot path: model space is a faithful (similarity) image of the chain.
    const bool fast = !hinge_enabled && !(pole_weight > 0.0f) &&
                      SolveFast(*start_joint_ms, *mid_joint_ms, *end_joint_ms, target_ms, *this, solution);
    if (!fast) {
      SolveTwoBoneGeneral(*start_joint_ms, *mid_joint_ms, glm::vec3((*end_joint_ms)[3]), target_ms, pole_vector_ms,
                          *this, solution);
    }
    const glm::vec3 miss = solution.end_position - target_ms;
    miss_sq = fast ? solution.miss_sq : glm::dot(miss, miss);
  } else {
    // Non-uniform scale above the chain: solve in the parent's space, where
    // the bones are rigid, and map the end back to model space.
    const glm::mat4 parent_inv = glm::inverse(*parent_ms);
    const glm::mat4 start_ps = parent_inv * *start_joint_ms;
    const glm::mat4 mid_ps = parent_inv * *mid_joint_ms;
    const glm::vec3 end_ps(parent_inv * (*end_joint_ms)[3]);
    const glm::vec3 target_ps(parent_inv * glm::vec4(target_ms, 1.0f));
    const glm::vec3 pole_ps = glm::mat3(parent_inv) * pole_vector_ms;
    // The axis is a normal of the bend plane: carried by the inverse transpose.
    TwoBoneIkJob in_parent = *this;
    in_parent.bend_axis_ms = glm::transpose(glm::mat3(*parent_ms)) * bend_axis_ms;
    if (glm::determinant(glm::mat3(*parent_ms)) < 0.0f) in_parent.bend_axis_ms = -in_parent.bend_axis_ms;
    SolveTwoBoneGeneral(start_ps, mid_ps, end_ps, target_ps, pole_ps, in_parent, solution);
    const glm::vec3 miss = glm::vec3(*parent_ms * glm::vec4(solution.end_position, 1.0f)) - target_ms;
    miss_sq = glm::dot(miss, miss);
  }
  *start_correction = solution.start_correction;
  *mid_correction = solution.mid_correction;
  if (reached != nullptr) *reached = (weight >= 1.0f) & (miss_sq <= reach_tolerance * reach_tolerance);
  return true;
}

}  // namespace knights::ik
