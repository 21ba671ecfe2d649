#include "knights/ik/two_bone_ik_batch_job.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "knights/ik/ik_math.h"
#include "knights/ik/two_bone_ik_job.h"

#include "knights/math/simd.h"

namespace knights::ik {
namespace {

// One chain through the scalar job: the fallback for what the four-wide
// path does not take, and the whole solve without SSE.
bool SolveOne(const TwoBoneIkBatchJob& batch, size_t i) {
  const TwoBoneIkBatchJob::Chain& chain = batch.chains[i];
  TwoBoneIkJob job;
  job.start_joint_ms = chain.start_joint_ms;
  job.mid_joint_ms = chain.mid_joint_ms;
  job.end_joint_ms = chain.end_joint_ms;
  job.target_ms = chain.target_ms;
  job.pole_vector_ms = chain.pole_vector_ms;
  job.bend_axis_ms = chain.bend_axis_ms;
  job.soften = batch.soften;
  job.weight = batch.weight;
  job.reach_tolerance = batch.reach_tolerance;
  job.start_correction = &batch.start_corrections[i];
  job.mid_correction = &batch.mid_corrections[i];
  bool reached = false;
  job.reached = &reached;
  const bool ok = job.Run();
  if (!batch.reached.empty()) batch.reached[i] = reached;
  return ok;
}

#if KNIGHTS_SIMD

// Four floats, one per chain, with the arithmetic written as arithmetic.
struct F4 {
  __m128 v;
};
inline F4 Set1(float x) { return {_mm_set1_ps(x)}; }
inline F4 operator+(F4 a, F4 b) { return {_mm_add_ps(a.v, b.v)}; }
inline F4 operator-(F4 a, F4 b) { return {_mm_sub_ps(a.v, b.v)}; }
inline F4 operator*(F4 a, F4 b) { return {_mm_mul_ps(a.v, b.v)}; }
inline F4 operator/(F4 a, F4 b) { return {_mm_div_ps(a.v, b.v)}; }
inline F4 Min(F4 a, F4 b) { return {_mm_min_ps(a.v, b.v)}; }
inline F4 Max(F4 a, F4 b) { return {_mm_max_ps(a.v, b.v)}; }
inline F4 Sqrt(F4 a) { return {_mm_sqrt_ps(a.v)}; }
inline F4 Abs(F4 a) { return {_mm_andnot_ps(_mm_set1_ps(-0.0f), a.v)}; }
// Masks: all ones in a lane where the comparison holds.
inline F4 Greater(F4 a, F4 b) { return {_mm_cmpgt_ps(a.v, b.v)}; }
inline F4 LessEqual(F4 a, F4 b) { return {_mm_cmple_ps(a.v, b.v)}; }
inline F4 GreaterEqual(F4 a, F4 b) { return {_mm_cmpge_ps(a.v, b.v)}; }
inline F4 And(F4 a, F4 b) { return {_mm_and_ps(a.v, b.v)}; }
inline F4 Select(F4 mask, F4 if_true, F4 if_false) {
  return {_mm_or_ps(_mm_and_ps(mask.v, if_true.v), _mm_andnot_ps(mask.v, if_false.v))};
}
// 1/sqrt: the SSE estimate refined by one Newton-Raphson step (relative
// error under 1e-6), as TwoBoneIkJob's InvSqrt4.
inline F4 InvSqrt(F4 x) {
  const F4 y{_mm_rsqrt_ps(x.v)};
  return y * (Set1(1.5f) - Set1(0.5f) * x * y * y);
}

// A 3-vector per lane.
struct V3 {
  F4 x, y, z;
};
inline V3 operator+(const V3& a, const V3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline V3 operator-(const V3& a, const V3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline V3 operator*(const V3& a, F4 s) { return {a.x * s, a.y * s, a.z * s}; }
inline F4 Dot(const V3& a, const V3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline V3 Cross(const V3& a, const V3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

// Column `column` (0..3) of four matrices, one per lane: x, y, z (the w row
// is not needed). One 4x4 transpose.
inline V3 GatherColumn(const glm::mat4* const m[4], int column) {
  __m128 c0 = _mm_loadu_ps(&(*m[0])[column][0]);
  __m128 c1 = _mm_loadu_ps(&(*m[1])[column][0]);
  __m128 c2 = _mm_loadu_ps(&(*m[2])[column][0]);
  __m128 c3 = _mm_loadu_ps(&(*m[3])[column][0]);
  _MM_TRANSPOSE4_PS(c0, c1, c2, c3);
  return {{c0}, {c1}, {c2}};
}

// The linear columns of four joints' model matrices, and the inverse of each
// column's length (the rotation frame with the scale removed).
struct Frame4 {
  V3 c0, c1, c2;
  F4 inv0, inv1, inv2;
};
inline Frame4 GatherFrame(const glm::mat4* const m[4]) {
  Frame4 f{GatherColumn(m, 0), GatherColumn(m, 1), GatherColumn(m, 2), {}, {}, {}};
  f.inv0 = InvSqrt(Dot(f.c0, f.c0));
  f.inv1 = InvSqrt(Dot(f.c1, f.c1));
  f.inv2 = InvSqrt(Dot(f.c2, f.c2));
  return f;
}

// A quaternion per lane.
struct Q4 {
  F4 x, y, z, w;
};

// TwoBoneIkJob's LocalRotation in four lanes: the model-space rotation
// (w, k) * scale about axis k becomes, post-multiplied into a joint's local
// rotation, the same angle about det(R) R^T k, R the joint's rotation frame.
// `sign` is -1 in a lane whose frame is mirrored, else +1.
inline Q4 LocalRotation(const Frame4& f, F4 sign, const V3& k, F4 w, F4 scale) {
  const F4 s = sign * scale;
  return {Dot(f.c0, k) * f.inv0 * s, Dot(f.c1, k) * f.inv1 * s, Dot(f.c2, k) * f.inv2 * s, w * scale};
}

// WeightRotation in four lanes (weight shared, 0 < weight < 1): the shorter
// arc from the identity, normalised.
inline Q4 WeightRotation(const Q4& q, float weight) {
  const F4 neg = {_mm_cmplt_ps(q.w.v, _mm_setzero_ps())};
  const F4 s = Select(neg, Set1(-weight), Set1(weight));
  Q4 r{s * q.x, s * q.y, s * q.z, Set1(1.0f - weight) + s * q.w};
  const F4 inv = F4{_mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps((r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w).v))};
  return {r.x * inv, r.y * inv, r.z * inv, r.w * inv};
}

// Stores lane i of q into out[i], i < count.
inline void Scatter(const Q4& q, glm::quat* out, int count) {
  __m128 x = q.x.v, y = q.y.v, z = q.z.v, w = q.w.v;
  _MM_TRANSPOSE4_PS(x, y, z, w);  // now one quaternion (x, y, z, w) per register
  const __m128 lanes[4] = {x, y, z, w};
  for (int i = 0; i < count; ++i) _mm_storeu_ps(&out[i].x, lanes[i]);  // glm::quat stores x, y, z, w
}

// Lane i: 1 where every element of the chain's inputs is finite. x - x is 0
// for a finite x and NaN otherwise; sums keep the NaN.
int FiniteLanes(const TwoBoneIkBatchJob::Chain* chains, int count) {
  int mask = 0;
  for (int i = 0; i < count; ++i) {
    const TwoBoneIkBatchJob::Chain& c = chains[i];
    __m128 acc = _mm_setzero_ps();
    for (const glm::mat4* m : {c.start_joint_ms, c.mid_joint_ms, c.end_joint_ms}) {
      for (int col = 0; col < 4; ++col) {
        const __m128 v = _mm_loadu_ps(&(*m)[col][0]);
        acc = _mm_add_ps(acc, _mm_sub_ps(v, v));
      }
    }
    const glm::vec3& t = c.target_ms;
    const glm::vec3& p = c.pole_vector_ms;
    const glm::vec3& h = c.bend_axis_ms;
    acc = _mm_add_ps(acc, _mm_setr_ps(t.x - t.x, t.y - t.y, t.z - t.z, 0.0f));
    acc = _mm_add_ps(acc, _mm_setr_ps(p.x - p.x, p.y - p.y, p.z - p.z, 0.0f));
    acc = _mm_add_ps(acc, _mm_setr_ps(h.x - h.x, h.y - h.y, h.z - h.z, 0.0f));
    if (_mm_movemask_ps(_mm_cmpeq_ps(acc, acc)) == 0xf) mask |= 1 << i;
  }
  return mask;
}

// The four-lane SSE solve (the readable form is two_bone_ik_reference.h),
// its steps forced inline so their registers stay live across them.
//
// Four chains' inputs, one per lane. Short groups repeat their last chain
// in the unused lanes (computed and dropped), so every lane holds valid
// numbers.
struct Lanes4 {
  const glm::mat4* start[4];
  const glm::mat4* mid[4];
  const glm::mat4* end[4];
  // Component k of lane i at [k][i]; left in memory for MeasureFour to load
  // where it uses them (registers filled here stay live across the gather
  // and cost the batch a fifth of its speed).
  float target[3][4];  // model space
  float axis[3][4];    // the hinge rule's bend axis, model space (zero: none)
};

// The pointers and vectors of chains [0, count), the last repeated.
[[gnu::always_inline]] inline Lanes4 GatherLanes(const TwoBoneIkBatchJob::Chain* chains, int count) {
  Lanes4 lanes;
  for (int i = 0; i < 4; ++i) {
    const TwoBoneIkBatchJob::Chain& c = chains[i < count ? i : count - 1];
    lanes.start[i] = c.start_joint_ms;
    lanes.mid[i] = c.mid_joint_ms;
    lanes.end[i] = c.end_joint_ms;
    for (int k = 0; k < 3; ++k) {
      lanes.target[k][i] = c.target_ms[k];
      lanes.axis[k][i] = c.bend_axis_ms[k];
    }
  }
  return lanes;
}

// Four chains measured, as TwoBoneIkJob's MeasureFast measures one.
struct Chain4 {
  V3 at, ab, bc;  // root to target, thigh, shin
  V3 w;           // at x ab, |w| = l_at * distance of the knee from the root-target line
  F4 at_sq, l1_sq, l2_sq, ab_at, w_sq;
  F4 l1, l2, l_at, chain;
  F4 ok;  // all bits set in a lane the four-wide path solves
};

// Step 0: the chains' measurements, and which lanes the path can solve.
[[gnu::always_inline]] inline Chain4 MeasureFour(const Lanes4& lanes) {
  Chain4 c;
  const V3 a = GatherColumn(lanes.start, 3);
  const V3 b = GatherColumn(lanes.mid, 3);
  const V3 t{{_mm_loadu_ps(lanes.target[0])}, {_mm_loadu_ps(lanes.target[1])}, {_mm_loadu_ps(lanes.target[2])}};
  const V3 h{{_mm_loadu_ps(lanes.axis[0])}, {_mm_loadu_ps(lanes.axis[1])}, {_mm_loadu_ps(lanes.axis[2])}};
  c.at = t - a;
  c.ab = b - a;
  c.bc = GatherColumn(lanes.end, 3) - b;
  c.at_sq = Dot(c.at, c.at), c.l1_sq = Dot(c.ab, c.ab), c.l2_sq = Dot(c.bc, c.bc), c.ab_at = Dot(c.ab, c.at);
  c.l1 = Sqrt(c.l1_sq), c.l2 = Sqrt(c.l2_sq), c.l_at = Sqrt(c.at_sq);
  c.w = Cross(c.at, c.ab);
  c.w_sq = Dot(c.w, c.w);
  c.chain = c.l1 + c.l2;
  const F4 tiny = Set1(1e-6f) * c.chain;
  // The general solve's cases: zero-length bone, target on the root,
  // straight limb.
  c.ok = And(And(Greater(c.l1, tiny), Greater(c.l2, tiny)),
             And(Greater(c.l_at, tiny), Greater(c.w_sq, Set1(1e-8f) * c.l1_sq * c.at_sq)));
  // The hinge rule (TwoBoneIkJob's KneeAheadOfLine): a knee that must move
  // to the forward side of the root-target line goes to the one-chain solve.
  // With no axis both sides are 0 and the lane passes.
  const F4 ahead = Set1(0.0f) - Dot(h, c.w);
  const V3 side = Cross(h, c.at);
  const F4 min_ahead = Set1(TwoBoneIkJob::kMinForwardBend) * c.l1;
  c.ok = And(
      c.ok, And(GreaterEqual(ahead, Set1(0.0f)), GreaterEqual(ahead * ahead, min_ahead * min_ahead * Dot(side, side))));
  return c;
}

// Step 1's reach: soft IK where the target is within the softened range,
// per lane (libm exp), as the one-chain solve; then clamped to what the
// bones allow.
[[gnu::always_inline]] inline F4 ReachFour(const Chain4& c, float soften) {
  const F4 diff = c.l1 - c.l2;
  F4 reach = c.l_at;
  if (soften > 0.0f) {
    const F4 d_soft = c.chain - Set1(soften) * c.chain;
    const int soft_lanes = _mm_movemask_ps(Greater(reach, d_soft).v);
    if (soft_lanes != 0) {
      alignas(16) float r[4], lo[4], hi[4];
      _mm_store_ps(r, reach.v);
      _mm_store_ps(lo, Abs(diff).v);
      _mm_store_ps(hi, c.chain.v);
      for (int i = 0; i < 4; ++i) {
        if (soft_lanes & (1 << i)) r[i] = SoftIkReach(r[i], lo[i], hi[i], hi[i], soften);
      }
      reach = {_mm_load_ps(r)};
    }
  }
  return Min(Max(reach, Abs(diff)), c.chain);
}

// Writes each solved lane's corrections and whether its end reached the
// target; the lanes the four-wide path does not take go to the scalar job,
// alone. Returns false when a chain was refused.
[[gnu::always_inline]] inline bool StoreFour(const TwoBoneIkBatchJob& job, size_t first, int count, Q4 start_q,
                                             Q4 mid_q, const Chain4& c, F4 reach, int fast) {
  if (job.weight < 1.0f) {
    start_q = WeightRotation(start_q, job.weight);
    mid_q = WeightRotation(mid_q, job.weight);
  }
  Scatter(start_q, &job.start_corrections[first], count);
  Scatter(mid_q, &job.mid_corrections[first], count);
  if (!job.reached.empty()) {
    // The end lands at a + reach n: |end - target| = |reach - l_at|.
    const int reached =
        job.weight >= 1.0f ? _mm_movemask_ps(LessEqual(Abs(reach - c.l_at), Set1(job.reach_tolerance)).v) : 0;
    for (int i = 0; i < count; ++i) job.reached[first + i] = (reached >> i) & 1;
  }
  bool all_ok = true;
  for (int i = 0; i < count; ++i) {
    if (!(fast & (1 << i))) all_ok &= SolveOne(job, first + i);
  }
  return all_ok;
}

// Chains [first, first + count), count <= 4: the solve of TwoBoneIkJob's
// SolveFast (see there for every step), lane by lane identical in its
// arithmetic. Returns false when a chain was refused (non-finite input).
bool SolveFour(const TwoBoneIkBatchJob& job, size_t first, int count) {
  const TwoBoneIkBatchJob::Chain* chains = &job.chains[first];
  const Lanes4 lanes = GatherLanes(chains, count);
  const int finite = FiniteLanes(chains, count);
  const Chain4 c = MeasureFour(lanes);
  F4 ok = c.ok;

  // Step 1: the reach, the new thigh in the plane scaled by D = 2 reach.
  const F4 reach = ReachFour(c, job.soften);
  const F4 diff = c.l1 - c.l2;
  const F4 w_len = Sqrt(c.w_sq);
  const F4 inv_reach = Set1(1.0f) / reach, inv_w = Set1(1.0f) / w_len, inv_lat = Set1(1.0f) / c.l_at;
  const F4 inv_l1 = Set1(1.0f) / c.l1, inv_l2 = Set1(1.0f) / c.l2;
  const F4 reach_sq = reach * reach;
  const F4 heron = (reach - diff) * (reach + diff) * (c.chain - reach) * (c.chain + reach);
  const F4 big_x = diff * c.chain + reach_sq;
  const F4 big_h = Sqrt(Max(heron, Set1(0.0f)));
  const F4 d_inv_lat = Set1(2.0f) * reach * inv_lat;
  const F4 big_p = c.ab_at * d_inv_lat, big_q = w_len * d_inv_lat;

  // Step 2.1: the thigh's rotation in the plane, half-vector form.
  const F4 sx = big_p + big_x, sy = big_q + big_h;
  const F4 s_sq = sx * sx + sy * sy;
  const F4 sin1 = big_p * big_h - big_q * big_x;

  // Step 2.2: the new shin carried back by the thigh's rotation, then the
  // minimal rotation from the old shin to it.
  const F4 e = reach_sq - c.l1_sq - c.l2_sq;
  const F4 k = Set1(0.25f) * inv_reach * inv_l1 * inv_l1 * inv_lat;
  const F4 v_n = (big_p * e + big_q * big_h) * k;
  const F4 v_u = (big_q * e - big_p * big_h) * (k * inv_w);
  const V3 s2 = c.bc + c.at * v_n + Cross(c.w, c.at) * v_u;  // old + new shin
  const F4 s2_sq = Dot(s2, s2);
  ok = And(ok, Greater(s2_sq, Set1(1e-12f) * c.l2_sq));
  const F4 n1 = InvSqrt(s_sq) * Set1(0.5f) * inv_reach * inv_l1;  // 1 / (D l1 |S|)
  const F4 n2 = InvSqrt(s2_sq) * inv_l2;                          // 1 / (l2 |s2|)

  // Into the joints' frames; the mid joint has the start's handedness.
  const Frame4 start_frame = GatherFrame(lanes.start);
  const Frame4 mid_frame = GatherFrame(lanes.mid);
  const F4 det = Dot(Cross(start_frame.c0, start_frame.c1), start_frame.c2);
  const F4 sign = Select(F4{_mm_cmplt_ps(det.v, _mm_setzero_ps())}, Set1(-1.0f), Set1(1.0f));
  const Q4 start_q = LocalRotation(start_frame, sign, c.w * (sin1 * inv_w), Set1(0.5f) * s_sq, n1);
  const Q4 mid_q = LocalRotation(mid_frame, sign, Cross(c.bc, s2), Set1(0.5f) * s2_sq, n2);
  const int fast = _mm_movemask_ps(ok.v) & finite & ((1 << count) - 1);
  return StoreFour(job, first, count, start_q, mid_q, c, reach, fast);
}

#endif

}  // namespace

bool TwoBoneIkBatchJob::Validate() const {
  if (start_corrections.size() < chains.size() || mid_corrections.size() < chains.size()) return false;
  if (!reached.empty() && reached.size() < chains.size()) return false;
  if (!(soften >= 0.0f && soften <= 1.0f) || !(weight >= 0.0f && weight <= 1.0f)) return false;
  if (!(reach_tolerance >= 0.0f && reach_tolerance < std::numeric_limits<float>::infinity())) return false;
  for (const Chain& c : chains) {
    if (c.start_joint_ms == nullptr || c.mid_joint_ms == nullptr || c.end_joint_ms == nullptr) return false;
  }
  return true;
}

bool TwoBoneIkBatchJob::Run() const {
  if (!Validate()) return false;
  bool all_ok = true;
#if KNIGHTS_SIMD
  if (weight > 0.0f) {
    for (size_t first = 0; first < chains.size(); first += 4) {
      const int count = static_cast<int>(std::min<size_t>(4, chains.size() - first));
      all_ok &= SolveFour(*this, first, count);
    }
    return all_ok;
  }
#endif
  // Weight 0 (identity corrections), or no SSE: the scalar job per chain.
  for (size_t i = 0; i < chains.size(); ++i) all_ok &= SolveOne(*this, i);
  return all_ok;
}

}  // namespace knights::ik
