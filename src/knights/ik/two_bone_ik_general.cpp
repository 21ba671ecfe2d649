#include "knights/ik/two_bone_ik_general.h"

#include <algorithm>
#include <cmath>

#include "knights/ik/ik_math.h"
#include "knights/math/quaternion.h"

namespace knights::ik {
namespace {

constexpr float kDegToRad = 3.14159265358979323846f / 180.0f;

// The hinge rule of TwoBoneIkJob::bend_axis_ms. u: the direction from the
// root-target line towards the knee (any length), offset_m: how far the knee
// is from the line, n: unit, target to root. Returns the new direction (not
// unit): the offset offset_m * unit(u) with its part along the forward
// direction axis x n raised to at least kMinForwardBend * l1. *moved: 0 when
// the knee was already that far forward, rising to 1 as it is 0 or behind.
glm::vec3 KeepKneeForward(const glm::vec3& u, float offset_m, const glm::vec3& n, float l1, const glm::vec3& axis,
                          float* moved) {
  *moved = 0.0f;
  glm::vec3 forward = glm::cross(axis, n);
  const float forward_len2 = glm::dot(forward, forward);
  // An axis along the limb gives no forward side: nothing to keep.
  if (!(forward_len2 > 1e-12f * glm::dot(axis, axis))) return u;
  forward *= 1.0f / std::sqrt(forward_len2);
  const float u_len2 = glm::dot(u, u);
  const glm::vec3 offset = u_len2 > 0.0f ? u * (offset_m / std::sqrt(u_len2)) : glm::vec3(0.0f);
  const float ahead_m = glm::dot(offset, forward);
  const float min_ahead_m = TwoBoneIkJob::kMinForwardBend * l1;
  if (ahead_m >= min_ahead_m) return offset;
  *moved = std::min(1.0f, (min_ahead_m - ahead_m) / min_ahead_m);
  return offset + (min_ahead_m - ahead_m) * forward;
}

// The steps below are forced inline: called once each, they compile to one
// function, with no call or spill between the steps of a hot solve.

// Step 1's measurements of the chain, in the solve's space.
struct ChainShape {
  glm::vec3 a, ab, bc;                       // root position; root to knee; knee to end
  float l1 = 0.0f, l2 = 0.0f, chain = 0.0f;  // bone lengths and their sum
  float tiny = 0.0f;                         // lengths below this are zero
  glm::vec3 n{0.0f};                         // unit, target to root
  float l_at = 0.0f;                         // root to target distance
  glm::vec3 inv_m{0.0f};                     // the mid frame's scale removal
  glm::vec3 hinge_axis{0.0f};                // the mid hinge in this space (zero without)
  float d_min = 0.0f, d_max = 0.0f;          // reachable root-to-end distances
};

// Step 1: bone lengths, the target direction and the reachable range.
// False for a zero-length bone (no direction to rotate).
[[gnu::always_inline]] inline bool MeasureChain(const glm::mat4& s_ms, const glm::mat4& m_ms, const glm::vec3& c,
                                                const glm::vec3& t, const TwoBoneIkJob& job, ChainShape& shape) {
  shape.a = glm::vec3(s_ms[3]);
  const glm::vec3 b(m_ms[3]);
  shape.ab = b - shape.a;
  shape.bc = c - b;
  const glm::vec3 at = t - shape.a;
  shape.l1 = std::sqrt(glm::dot(shape.ab, shape.ab));
  shape.l2 = std::sqrt(glm::dot(shape.bc, shape.bc));
  shape.l_at = std::sqrt(glm::dot(at, at));
  shape.chain = shape.l1 + shape.l2;
  shape.tiny = 1e-6f * shape.chain;
  if (!(shape.l1 > shape.tiny) || !(shape.l2 > shape.tiny)) return false;
  // n: unit vector from the target to the root. With the target on the root
  // it is undefined: take it from the current limb (end to root, else knee
  // to root), never from a fixed world axis.
  if (shape.l_at > shape.tiny) {
    shape.n = at * (-1.0f / shape.l_at);
  } else {
    const glm::vec3 ca = shape.a - c;
    const float l_ca = std::sqrt(glm::dot(ca, ca));
    shape.n = l_ca > shape.tiny ? ca * (1.0f / l_ca) : shape.ab * (-1.0f / shape.l1);
  }
  // Mid joint frame with scale removed (needed for the hinge axis and step 2).
  shape.inv_m = FrameWeights(m_ms);
  // Reachable root-to-end distances: [|l1 - l2|, l1 + l2], narrowed by the
  // hinge range when there is one.
  shape.d_min = std::abs(shape.l1 - shape.l2);
  shape.d_max = shape.chain;
  if (job.hinge_enabled) {
    // The axis is a pseudo-vector: under a mirrored frame it flips, so that
    // "upper x lower along the axis" means the same bend as in the joint's
    // local coordinates.
    const float det = glm::dot(glm::cross(glm::vec3(m_ms[0]), glm::vec3(m_ms[1])), glm::vec3(m_ms[2]));
    shape.hinge_axis = FromFrame(m_ms, shape.inv_m, job.mid_axis_ls);
    if (det < 0.0f) shape.hinge_axis = -shape.hinge_axis;
    // The exact ends of the range stay exact (see sin^2 below).
    if (job.hinge_min_deg > 0.0f)
      shape.d_max = ReachAtBend(shape.l1, shape.l2, std::cos(job.hinge_min_deg * kDegToRad));
    if (job.hinge_max_deg < 180.0f)
      shape.d_min = ReachAtBend(shape.l1, shape.l2, std::cos(job.hinge_max_deg * kDegToRad));
  }
  return true;
}

// Law of cosines: theta is the angle at the root between root->end and
// root->knee. No acos: only cos and sin are needed. sin^2 comes from the
// factored form (Heron's formula),
//   sin^2 = (d - (l1-l2)) (d + (l1-l2)) ((l1+l2) - d) ((l1+l2) + d) / (2 l1 d)^2,
// rather than 1 - cos^2: at full extension or full fold (d clamped to
// exactly l1+l2 or |l1-l2|) one factor is exactly zero, where 1 - cos^2
// would turn a rounding error of 1e-7 in cos into a sine of 4e-4.
[[gnu::always_inline]] inline glm::vec2 RootAngle(const ChainShape& shape, float reach) {
  if (!(reach > shape.tiny)) return {shape.l1 > shape.l2 ? 1.0f : -1.0f, 0.0f};  // fully folded onto the root
  const float inv = 1.0f / (2.0f * shape.l1 * reach);
  const float diff = shape.l1 - shape.l2;
  const float cos_theta = std::clamp((shape.l1 * shape.l1 + reach * reach - shape.l2 * shape.l2) * inv, -1.0f, 1.0f);
  const float sin2 = (reach - diff) * (reach + diff) * (shape.chain - reach) * (shape.chain + reach) * (inv * inv);
  return {cos_theta, std::sqrt(std::clamp(sin2, 0.0f, 1.0f))};
}

// The side of the root-target line the knee goes to (not yet unit): the
// part of the animated knee offset perpendicular to n keeps the knee in its
// bend plane and moves it the least (the perpendicular part of b - m equals
// that of b - a, since m lies on the axis through a along n), steered to
// the pole; a straight limb bends toward the pole, else the way the hinge
// (or the hinge rule) allows, else any perpendicular.
[[gnu::always_inline]] inline glm::vec3 AnimatedBendSide(const ChainShape& shape, const glm::vec3& pole,
                                                         const TwoBoneIkJob& job, float u_anim_len2, bool straight) {
  const glm::vec3& n = shape.n;
  const glm::vec3 u_anim = shape.ab - glm::dot(shape.ab, n) * n;  // as BendSide measured it
  const glm::vec3 pole_perp = pole - glm::dot(pole, n) * n;
  const float pole_len2 = glm::dot(pole_perp, pole_perp);
  const bool has_pole = pole_len2 > 1e-12f * glm::dot(pole, pole) && pole_len2 > 0.0f;
  glm::vec3 u;
  if (!straight) {
    u = u_anim;
    if (has_pole && job.pole_weight > 0.0f) {
      // Steer the bend plane toward the pole (both unit, so the weight
      // means what it says).
      const glm::vec3 a_unit = u_anim * (1.0f / std::sqrt(u_anim_len2));
      const glm::vec3 p = pole_perp * (1.0f / std::sqrt(pole_len2));
      const glm::vec3 mix = a_unit + (p - a_unit) * job.pole_weight;
      u = glm::dot(mix, mix) > 1e-8f ? mix : p;
    }
  } else if (has_pole) {
    u = pole_perp;  // straight limb: no animated bend plane, bend toward the pole
  } else {
    // No pole either: the way the hinge (or the hinge rule) allows.
    const glm::vec3 axis = job.hinge_enabled ? shape.hinge_axis : job.bend_axis_ms;
    const glm::vec3 h_cross = glm::cross(axis, n);
    const float h_len2 = glm::dot(h_cross, h_cross);
    u = h_len2 > 1e-8f * glm::dot(axis, axis) && h_len2 > 0.0f ? h_cross : math::AnyPerpendicular(n);
  }
  return u;
}

// The knee's side as a unit vector perpendicular to n, after the hinge rule
// (*knee_moved: 0..1, how far it moved the knee off its animated side) and
// the hinge's bend direction.
[[gnu::always_inline]] inline glm::vec3 BendSide(const ChainShape& shape, const glm::vec3& pole,
                                                 const TwoBoneIkJob& job, float* knee_moved) {
  const glm::vec3& n = shape.n;
  const glm::vec3 u_anim = shape.ab - glm::dot(shape.ab, n) * n;
  const float u_anim_len2 = glm::dot(u_anim, u_anim);
  const bool straight = !(u_anim_len2 > 1e-8f * shape.l1 * shape.l1);
  glm::vec3 u = AnimatedBendSide(shape, pole, job, u_anim_len2, straight);
  // The hinge rule: keep the knee forward of the root-target line.
  *knee_moved = 0.0f;
  if (glm::dot(job.bend_axis_ms, job.bend_axis_ms) > 0.0f) {
    u = KeepKneeForward(u, straight ? 2.0f * TwoBoneIkJob::kMinForwardBend * shape.l1 : std::sqrt(u_anim_len2), n,
                        shape.l1, job.bend_axis_ms, knee_moved);
  }
  // Hinge: the bend is positive about the hinge axis when (n x u).axis > 0
  // (upper x lower = r*l_at*(n x u)); otherwise the knee would bend backwards,
  // so put it on the other side of the root-target line.
  if (job.hinge_enabled && glm::dot(glm::cross(n, u), shape.hinge_axis) < 0.0f) u = -u;
  // Make u unit and exactly perpendicular to n, or the knee leaves the
  // circle and the bones no longer meet the target. When u came from a short
  // vector (knee almost on the axis, pole almost along it), its rounding
  // error along n is large relative to its length: project it out once more.
  u -= glm::dot(u, n) * n;
  return u * (1.0f / std::sqrt(glm::dot(u, u)));
}

// Step 2.1: upper bone. Both knee offsets in the start joint's rotation
// frame (scale removed); the minimal rotation between them is the local
// correction to post-multiply, rolled so the knee bends about its hinge.
[[gnu::always_inline]] inline glm::quat StartCorrection(const glm::mat4& s_ms, const glm::vec3& inv_s,
                                                        const ChainShape& shape, const glm::vec3& b_new,
                                                        const glm::vec3& u, float knee_moved, const TwoBoneIkJob& job) {
  const glm::vec3 ab_old_ls = ToFrame(s_ms, inv_s, shape.ab);
  const glm::vec3 ab_new_ls = ToFrame(s_ms, inv_s, b_new - shape.a);
  // Both have length l1 (orthonormal frame, knee on its sphere).
  glm::quat start_q = math::RotationBetweenEqualLength(ab_old_ls, ab_new_ls);
  if (knee_moved > 0.0f && !job.hinge_enabled) {
    // A knee the hinge rule moved to the forward side left its animated bend
    // plane, and the thigh's minimal swing can carry the hinge axis far off
    // the new plane's normal: roll the thigh about its new direction until
    // the knee bends about its hinge, fully once the knee had to cross the
    // line, not at all where the rule starts to act (so nothing snaps).
    const glm::vec3 dir_ls = ab_new_ls * (1.0f / std::sqrt(glm::dot(ab_new_ls, ab_new_ls)));
    const glm::vec3 axis_swung_ls = math::Rotate(start_q, ToFrame(s_ms, inv_s, job.bend_axis_ms));
    const glm::vec3 plane_normal_ls = ToFrame(s_ms, inv_s, glm::cross(shape.n, u));
    start_q = math::WeightRotation(math::RotationAbout(axis_swung_ls, plane_normal_ls, dir_ls), knee_moved) * start_q;
  }
  if (job.hinge_enabled) {
    // A hinge only bends about its axis, so the thigh must also roll (twist
    // about its new direction) until the knee's hinge axis is the normal of
    // the new bend plane, n x u (the positive-bend side chosen above).
    const glm::vec3 dir_ls = ab_new_ls * (1.0f / std::sqrt(glm::dot(ab_new_ls, ab_new_ls)));
    const glm::vec3 axis_swung_ls = math::Rotate(start_q, ToFrame(s_ms, inv_s, shape.hinge_axis));
    const glm::vec3 plane_normal_ls = ToFrame(s_ms, inv_s, glm::cross(shape.n, u));
    start_q = math::RotationAbout(axis_swung_ls, plane_normal_ls, dir_ls) * start_q;
  }
  return start_q;
}

// Step 2.2: mid bone. The end offset in the mid joint's OLD frame, and the
// new end offset in its NEW frame: the new frame is the old one carried by
// the upper correction, so undo that correction (through the start frame)
// and express the result in the old mid frame.
[[gnu::always_inline]] inline glm::quat MidCorrection(const glm::mat4& s_ms, const glm::vec3& inv_s,
                                                      const glm::mat4& m_ms, const ChainShape& shape,
                                                      const glm::vec3& b_new, const glm::vec3& c_new,
                                                      const glm::quat& start_q, const TwoBoneIkJob& job) {
  const glm::vec3 bc_old_ls = ToFrame(m_ms, shape.inv_m, shape.bc);
  const glm::vec3 bc_new_s = math::InverseRotate(start_q, ToFrame(s_ms, inv_s, c_new - b_new));
  const glm::vec3 bc_new_ls = ToFrame(m_ms, shape.inv_m, FromFrame(s_ms, inv_s, bc_new_s));
  // A hinge: pure rotation about the mid axis (exact when the axis is
  // perpendicular to both bones, as in a planar limb).
  if (job.hinge_enabled) return math::RotationAbout(bc_old_ls, bc_new_ls, glm::normalize(job.mid_axis_ls));
  return math::RotationBetweenEqualLength(bc_old_ls, bc_new_ls);  // both l2 long
}

}  // namespace

// The solve of ik.md, in one space where the chain is rigid (model space, or
// the start joint's parent space). s_ms and m_ms: start and mid joint
// matrices; c: end joint position; t: target; pole: pole direction.
void SolveTwoBoneGeneral(const glm::mat4& s_ms, const glm::mat4& m_ms, const glm::vec3& c, const glm::vec3& t,
                         const glm::vec3& pole, const TwoBoneIkJob& job, TwoBoneSolution& out) {
  ChainShape shape;
  if (!MeasureChain(s_ms, m_ms, c, t, job, shape)) {
    out.start_correction = glm::identity<glm::quat>();
    out.mid_correction = glm::identity<glm::quat>();
    out.end_position = c;
    return;
  }
  // Soft IK, then clamped to what the bones (and the hinge) allow.
  const float reach = SoftIkReach(shape.l_at, shape.d_min, shape.d_max, shape.chain, job.soften);
  const glm::vec2 cos_sin = RootAngle(shape, reach);
  float knee_moved = 0.0f;
  const glm::vec3 u = BendSide(shape, pole, job, &knee_moved);
  // Final knee and end positions.
  const glm::vec3 b_new = shape.a + shape.l1 * (cos_sin.y * u - cos_sin.x * shape.n);
  const glm::vec3 c_new = shape.a - reach * shape.n;
  out.end_position = c_new;
  const glm::vec3 inv_s = FrameWeights(s_ms);
  const glm::quat start_q = StartCorrection(s_ms, inv_s, shape, b_new, u, knee_moved, job);
  const glm::quat mid_q = MidCorrection(s_ms, inv_s, m_ms, shape, b_new, c_new, start_q, job);
  out.start_correction = math::WeightRotation(start_q, job.weight);
  out.mid_correction = math::WeightRotation(mid_q, job.weight);
}

}  // namespace knights::ik
