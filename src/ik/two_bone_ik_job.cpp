#include "ik/two_bone_ik_job.h"

#include <algorithm>
#include <cmath>

#include "ik/ik_math.h"

namespace knights::ik {
namespace {

constexpr float kDegToRad = 3.14159265358979323846f / 180.0f;

// What the core solve produces, in the space it ran in.
struct Solution {
  glm::quat start_correction;
  glm::quat mid_correction;
  glm::vec3 end_position;  // where the end joint lands at full weight
};

// True when the linear part of m is a similarity: orthogonal columns of one
// length (rotation, uniform scale, mirroring), to a relative 1e-4.
bool IsSimilarity(const glm::mat4& m) {
  const glm::vec3 c0(m[0]), c1(m[1]), c2(m[2]);
  const float l0 = glm::dot(c0, c0), l1 = glm::dot(c1, c1), l2 = glm::dot(c2, c2);
  const float tol = 1e-4f * std::max(l0, std::max(l1, l2));
  return std::abs(l0 - l1) <= tol && std::abs(l0 - l2) <= tol && std::abs(glm::dot(c0, c1)) <= tol &&
         std::abs(glm::dot(c0, c2)) <= tol && std::abs(glm::dot(c1, c2)) <= tol;
}

// The root-to-end distance of a chain with bone lengths l1, l2 bent by
// `bend` radians at the mid joint (0 = straight): law of cosines.
float ReachAtBend(float l1, float l2, float bend_rad) {
  return std::sqrt(std::max(0.0f, l1 * l1 + l2 * l2 + 2.0f * l1 * l2 * std::cos(bend_rad)));
}

// The solve of ik.md, in one space where the chain is rigid (model space, or
// the start joint's parent space). s_ms and m_ms: start and mid joint
// matrices; c: end joint position; t: target; pole: pole direction.
void Solve(const glm::mat4& s_ms, const glm::mat4& m_ms, const glm::vec3& c, const glm::vec3& t,
           const glm::vec3& pole, const TwoBoneIkJob& job, Solution& out) {
  const glm::vec3 a(s_ms[3]);
  const glm::vec3 b(m_ms[3]);
  const glm::vec3 ab = b - a;
  const glm::vec3 bc = c - b;
  const glm::vec3 at = t - a;
  // Step 1: bone lengths, measured in this (rigid) space.
  const float l1 = std::sqrt(glm::dot(ab, ab));
  const float l2 = std::sqrt(glm::dot(bc, bc));
  const float l_at = std::sqrt(glm::dot(at, at));
  const float chain = l1 + l2;
  const float tiny = 1e-6f * chain;
  if (!(l1 > tiny) || !(l2 > tiny)) {
    // A zero-length bone has no direction to rotate: keep the pose.
    out.start_correction = glm::identity<glm::quat>();
    out.mid_correction = glm::identity<glm::quat>();
    out.end_position = c;
    return;
  }

  // n: unit vector from the target to the root. With the target on the root
  // it is undefined: take it from the current limb (end to root, else knee
  // to root), never from a fixed world axis.
  glm::vec3 n;
  if (l_at > tiny) {
    n = at * (-1.0f / l_at);
  } else {
    const glm::vec3 ca = a - c;
    const float l_ca = std::sqrt(glm::dot(ca, ca));
    n = l_ca > tiny ? ca * (1.0f / l_ca) : ab * (-1.0f / l1);
  }

  // Mid joint frame with scale removed (needed for the hinge axis and step 2).
  const glm::vec3 inv_m = FrameWeights(m_ms);
  glm::vec3 hinge_axis{0.0f};
  // Reachable root-to-end distances: [|l1 - l2|, l1 + l2], narrowed by the
  // hinge range when there is one.
  float d_min = std::abs(l1 - l2);
  float d_max = chain;
  if (job.hinge_enabled) {
    // The axis is a pseudo-vector: under a mirrored frame it flips, so that
    // "upper x lower along the axis" means the same bend as in the joint's
    // local coordinates.
    const float det = glm::dot(glm::cross(glm::vec3(m_ms[0]), glm::vec3(m_ms[1])), glm::vec3(m_ms[2]));
    hinge_axis = FromFrame(m_ms, inv_m, job.mid_axis_ls);
    if (det < 0.0f) hinge_axis = -hinge_axis;
    // The exact ends of the range stay exact (see sin^2 below).
    if (job.hinge_min_deg > 0.0f) d_max = ReachAtBend(l1, l2, job.hinge_min_deg * kDegToRad);
    if (job.hinge_max_deg < 180.0f) d_min = ReachAtBend(l1, l2, job.hinge_max_deg * kDegToRad);
  }

  // Soft IK (Andy Nicholas, "Soft IK", softimageblog.com, 2009): past
  // d_soft = d_max - soften*chain the reach approaches d_max exponentially,
  // d = d_soft + ds*(1 - exp(-(l_at - d_soft)/ds)), which meets the identity
  // with the same value and slope at d_soft (C1) and never quite straightens,
  // so the knee speed stays finite.
  float reach = l_at;
  if (job.soften > 0.0f) {
    const float ds = job.soften * chain;
    const float d_soft = d_max - ds;
    if (reach > d_soft) reach = d_soft + ds * (1.0f - std::exp(-(reach - d_soft) / ds));
  }
  // Too close / too far: clamp the reach; the formulas below then give
  // ik.md's folded and fully extended poses (cos(theta) = +-1).
  reach = std::clamp(reach, d_min, d_max);

  // Law of cosines: theta is the angle at the root between root->end and
  // root->knee. No acos: only cos and sin are needed. sin^2 comes from the
  // factored form (Heron's formula),
  //   sin^2 = (d - (l1-l2)) (d + (l1-l2)) ((l1+l2) - d) ((l1+l2) + d) / (2 l1 d)^2,
  // rather than 1 - cos^2: at full extension or full fold (d clamped to
  // exactly l1+l2 or |l1-l2|) one factor is exactly zero, where 1 - cos^2
  // would turn a rounding error of 1e-7 in cos into a sine of 4e-4.
  float cos_theta, sin_theta;
  if (reach > tiny) {
    const float inv = 1.0f / (2.0f * l1 * reach);
    const float diff = l1 - l2;
    cos_theta = std::clamp((l1 * l1 + reach * reach - l2 * l2) * inv, -1.0f, 1.0f);
    const float sin2 = (reach - diff) * (reach + diff) * (chain - reach) * (chain + reach) * (inv * inv);
    sin_theta = std::sqrt(std::clamp(sin2, 0.0f, 1.0f));
  } else {
    cos_theta = l1 > l2 ? 1.0f : -1.0f;  // fully folded onto the root
    sin_theta = 0.0f;
  }

  // u: unit direction from the circle's centre toward the knee. The part of
  // the animated knee offset perpendicular to n keeps the knee in its bend
  // plane and moves it the least. (The perpendicular part of b - m equals
  // that of b - a, since m lies on the axis through a along n.)
  const glm::vec3 u_anim = ab - glm::dot(ab, n) * n;
  const float u_anim_len2 = glm::dot(u_anim, u_anim);
  const bool straight = !(u_anim_len2 > 1e-8f * l1 * l1);
  const glm::vec3 pole_perp = pole - glm::dot(pole, n) * n;
  const float pole_len2 = glm::dot(pole_perp, pole_perp);
  const bool has_pole = pole_len2 > 1e-12f * glm::dot(pole, pole) && pole_len2 > 0.0f;
  glm::vec3 u;  // not yet unit
  if (!straight) {
    u = u_anim;
    if (has_pole && job.pole_weight > 0.0f) {
      // Steer the bend plane toward the pole (both unit, so the weight means
      // what it says).
      const glm::vec3 a_unit = u_anim * (1.0f / std::sqrt(u_anim_len2));
      const glm::vec3 p = pole_perp * (1.0f / std::sqrt(pole_len2));
      const glm::vec3 mix = a_unit + (p - a_unit) * job.pole_weight;
      u = glm::dot(mix, mix) > 1e-8f ? mix : p;
    }
  } else if (has_pole) {
    // Straight limb: no animated bend plane, bend toward the pole.
    u = pole_perp;
  } else {
    // No pole either: bend the way the hinge allows, else any perpendicular.
    const glm::vec3 h_cross = glm::cross(hinge_axis, n);
    const float h_len2 = glm::dot(h_cross, h_cross);
    u = h_len2 > 1e-8f * glm::dot(hinge_axis, hinge_axis) && h_len2 > 0.0f ? h_cross
                                                                             : AnyPerpendicular(n);
  }
  // Hinge: the bend is positive about the hinge axis when (n x u).axis > 0
  // (upper x lower = r*l_at*(n x u)); otherwise the knee would bend backwards,
  // so put it on the other side of the root-target line.
  if (job.hinge_enabled && glm::dot(glm::cross(n, u), hinge_axis) < 0.0f) u = -u;
  // Make u unit and exactly perpendicular to n, or the knee leaves the
  // circle and the bones no longer meet the target. When u came from a short
  // vector (knee almost on the axis, pole almost along it), its rounding
  // error along n is large relative to its length: project it out once more.
  u -= glm::dot(u, n) * n;
  u *= 1.0f / std::sqrt(glm::dot(u, u));

  // Final knee and end positions.
  const glm::vec3 b_new = a + l1 * (sin_theta * u - cos_theta * n);
  const glm::vec3 c_new = a - reach * n;
  out.end_position = c_new;

  // Step 2.1: upper bone. Both knee offsets in the start joint's rotation
  // frame (scale removed); the minimal rotation between them is the local
  // correction to post-multiply.
  const glm::vec3 inv_s = FrameWeights(s_ms);
  const glm::vec3 ab_old_ls = ToFrame(s_ms, inv_s, ab);
  const glm::vec3 ab_new_ls = ToFrame(s_ms, inv_s, b_new - a);
  // Both have length l1 (orthonormal frame, knee on its sphere).
  glm::quat start_q = RotationBetweenEqualLength(ab_old_ls, ab_new_ls);
  if (job.hinge_enabled) {
    // A hinge only bends about its axis, so the thigh must also roll (twist
    // about its new direction) until the knee's hinge axis is the normal of
    // the new bend plane, n x u (the positive-bend side chosen above).
    const glm::vec3 dir_ls = ab_new_ls * (1.0f / std::sqrt(glm::dot(ab_new_ls, ab_new_ls)));
    const glm::vec3 axis_swung_ls = Rotate(start_q, ToFrame(s_ms, inv_s, hinge_axis));
    const glm::vec3 plane_normal_ls = ToFrame(s_ms, inv_s, glm::cross(n, u));
    start_q = RotationAbout(axis_swung_ls, plane_normal_ls, dir_ls) * start_q;
  }

  // Step 2.2: mid bone. The end offset in the mid joint's OLD frame, and the
  // new end offset in its NEW frame: the new frame is the old one carried by
  // the upper correction, so undo that correction (through the start frame)
  // and express the result in the old mid frame.
  const glm::vec3 bc_old_ls = ToFrame(m_ms, inv_m, bc);
  const glm::vec3 bc_new_s = InverseRotate(start_q, ToFrame(s_ms, inv_s, c_new - b_new));
  const glm::vec3 bc_new_ls = ToFrame(m_ms, inv_m, FromFrame(s_ms, inv_s, bc_new_s));
  glm::quat mid_q;
  if (job.hinge_enabled) {
    // Pure hinge rotation about the mid axis (exact when the axis is
    // perpendicular to both bones, as in a planar limb).
    const glm::vec3 axis_ls = glm::normalize(job.mid_axis_ls);
    mid_q = RotationAbout(bc_old_ls, bc_new_ls, axis_ls);
  } else {
    mid_q = RotationBetweenEqualLength(bc_old_ls, bc_new_ls);  // both l2 long
  }

  out.start_correction = WeightRotation(start_q, job.weight);
  out.mid_correction = WeightRotation(mid_q, job.weight);
}

}  // namespace

bool TwoBoneIkJob::Validate() const {
  if (start_joint_ms == nullptr || mid_joint_ms == nullptr || end_joint_ms == nullptr ||
      start_correction == nullptr || mid_correction == nullptr) {
    return false;
  }
  if (!IsFinite(*start_joint_ms) || !IsFinite(*mid_joint_ms) || !IsFinite(*end_joint_ms) ||
      (parent_ms != nullptr && !IsFinite(*parent_ms)) || !IsFinite(target_ms) ||
      !IsFinite(pole_vector_ms)) {
    return false;
  }
  // Written as !(in range) so that NaN fails too.
  if (!(weight >= 0.0f && weight <= 1.0f) || !(soften >= 0.0f && soften <= 1.0f) ||
      !(pole_weight >= 0.0f && pole_weight <= 1.0f) || !(reach_tolerance >= 0.0f) ||
      !IsFinite(reach_tolerance)) {
    return false;
  }
  if (hinge_enabled) {
    if (!IsFinite(mid_axis_ls) || !(glm::dot(mid_axis_ls, mid_axis_ls) > 0.0f)) return false;
    if (!(hinge_min_deg >= 0.0f && hinge_min_deg <= hinge_max_deg && hinge_max_deg <= 180.0f)) {
      return false;
    }
  }
  return true;
}

bool TwoBoneIkJob::Run() const {
  if (!Validate()) {
    if (start_correction != nullptr) *start_correction = glm::identity<glm::quat>();
    if (mid_correction != nullptr) *mid_correction = glm::identity<glm::quat>();
    if (reached != nullptr) *reached = false;
    return false;
  }
  Solution solution;
  glm::vec3 end_ms;
  if (parent_ms == nullptr || IsSimilarity(*parent_ms)) {
    // Hot path: model space is a faithful (similarity) image of the chain.
    Solve(*start_joint_ms, *mid_joint_ms, glm::vec3((*end_joint_ms)[3]), target_ms, pole_vector_ms,
          *this, solution);
    end_ms = solution.end_position;
  } else {
    // Non-uniform scale above the chain: solve in the parent's space, where
    // the bones are rigid, and map the end back to model space.
    const glm::mat4 parent_inv = glm::inverse(*parent_ms);
    const glm::mat4 start_ps = parent_inv * *start_joint_ms;
    const glm::mat4 mid_ps = parent_inv * *mid_joint_ms;
    const glm::vec3 end_ps(parent_inv * (*end_joint_ms)[3]);
    const glm::vec3 target_ps(parent_inv * glm::vec4(target_ms, 1.0f));
    const glm::vec3 pole_ps = glm::mat3(parent_inv) * pole_vector_ms;
    Solve(start_ps, mid_ps, end_ps, target_ps, pole_ps, *this, solution);
    end_ms = glm::vec3(*parent_ms * glm::vec4(solution.end_position, 1.0f));
  }
  *start_correction = solution.start_correction;
  *mid_correction = solution.mid_correction;
  if (reached != nullptr) {
    const glm::vec3 miss = end_ms - target_ms;
    *reached = weight >= 1.0f && glm::dot(miss, miss) <= reach_tolerance * reach_tolerance;
  }
  return true;
}

}  // namespace knights::ik
