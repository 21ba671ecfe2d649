// FootIkController: the legs placed on their targets (two-bone IK with the
// foot's turn), and a leg that missed its target lifted out of the ground.

#include "knights/ik/foot_ik_controller.h"

#include <algorithm>
#include <cmath>

#include "knights/ik/ik_math.h"
#include "knights/ik/limb_placement_job.h"
#include "knights/math/matrix_ops.h"

namespace knights::ik {
namespace {

const glm::vec3 kUpWs(0.0f, 1.0f, 0.0f);
const glm::vec4 kRayColor{0.6f, 0.6f, 0.6f, 1.0f};

// True when heel and ball found their ground on the plane of the sole's
// hit, within a millimetre: flat ground or an even slope.
bool GroundIsOnePlane(const FootIkState& foot) {
  constexpr float kOffPlaneM = 0.001f;
  if (!foot.ground.hit) return false;
  for (const glm::vec3& p_ws : foot.heel_ball_ground_ws) {
    if (std::fabs(glm::dot(p_ws - foot.ground.point_ws, foot.ground.normal_ws)) > kOffPlaneM) return false;
  }
  return true;
}

}  // namespace

// The placement of one leg's sole on target_sole_ws: turned by the held
// yaw, tilted onto the foot's ground by `align` of the way (none when
// align is negative: the foot keeps the orientation it has).
LimbPlacementJob FootIkController::LegJob(int side, const PoseView& pose, const Spaces& spaces,
                                          const glm::vec3& target_sole_ws, float align, float weight) {
  const FootIkState& foot = feet_[side];
  const LegRig& leg = legs_[side];
  const glm::mat3 to_model_linear(spaces.to_model);  // carries world directions into model space
  LimbPlacementJob job;
  job.chain = leg.chain;
  job.tip = leg.toe;
  job.parents = pose.parents;
  job.locals_ls = pose.locals_ls;
  job.models_ms = pose.models_ms;
  job.effector_ls = leg.sole_offset_ls;
  job.target_ms = glm::vec3(spaces.to_model * glm::vec4(target_sole_ws, 1.0f));
  const bool keep_orientation = align < 0.0f;
  job.align = switches_.foot_align && !keep_orientation;
  job.normal_ms = to_model_linear * foot.align_normal_ws;
  job.end_up_ls = leg.foot_up_ls;
  job.max_tilt_deg = settings.max_tilt_deg;
  job.align_weight = std::max(align, 0.0f);
  if (!keep_orientation) job.end_turn_ms = glm::angleAxis(foot.hold_yaw_rad, glm::normalize(to_model_linear * kUpWs));
  job.pole_vector_ms = leg.knee_pole_ms;
  job.hinge_axis_ls = leg.hinge_axis_ls;
  job.max_bend_deg = settings.knee_limit_deg;
  job.soften = settings.soften;
  job.weight = weight;
  job.reached = &feet_[side].reached;
  return job;
}

// 5. Solve each leg onto its target, sole aligned while planted: both legs
//    in one batch (their two-bone solves share SSE registers).
void FootIkController::PlaceLegs(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces, float master) {
  const bool side_enabled[2] = {switches_.leg_l, switches_.leg_r};
  std::array<LimbPlacementJob, 2> jobs;
  size_t job_count = 0;
  for (int side = 0; side < 2; ++side) {
    FootIkState& foot = feet_[side];
    // In the air the target never pulls a foot down (the clip's sole, out
    // of this step's ground, its heel and ball lifted out of whatever is
    // under them): full weight, whatever the sole's own ray found.
    float ground_weight = frame.airborne ? 1.0f : (foot.ground.hit ? foot.ground_weight : 0.0f);
    // Nor does a leg fading in leave its foot in the ground: a clip's sole
    // under its target (the exit clip's toes through a ledge's lip as the
    // feet are handed over from the rungs) is lifted to within the sole's
    // give of it at once.
    const float under_m = foot.target_sole_ws.y - foot.clip_sole_ws.y;
    if (foot.ground_found && under_m > settings.sole_give_m)
      ground_weight = std::max(ground_weight, 1.0f - settings.sole_give_m / under_m);
    foot.weight = side_enabled[side] ? master * ground_weight : 0.0f;
    foot.reached = false;
    if (foot.weight <= 0.0f) continue;
    jobs[job_count++] = LegJob(side, pose, spaces, foot.target_sole_ws, AlignWeight(frame, foot, side), foot.weight);
  }
  LimbPlacementJob::RunAll(std::span(jobs.data(), job_count));
  for (int side = 0; side < 2; ++side) {
    // A lock the leg misses by more than max_lock_miss_m even with the
    // pelvis lowered is let go for the rest of the contact (it blends back
    // to the free target over lock_release_time_s) instead of stretching
    // the leg; a smaller miss is the leg at full stretch, kept.
    FootIkState& foot = feet_[side];
    if (foot.weight <= 0.0f || !foot.locked || foot.reached) continue;
    const glm::vec3 sole_ws =
        PointWs(spaces.to_world, pose.models_ms[legs_[side].chain.end], legs_[side].sole_offset_ls);
    if (glm::distance(sole_ws, foot.target_sole_ws) > settings.max_lock_miss_m) {
      foot.locked = false;
      foot.lock_let_go = true;
    }
  }
}

// 6. Each placed foot measured where it landed: a heel or ball deeper in
//    its own ground than the sole gives is lifted halfway out, the other
//    half left as the sole's gap over its ground (sunk and floating weigh
//    the same to the eye), the foot turned as placed. Across ripples steeper
//    than the tilt limit a millimetre between the predicted and the placed
//    foot is a centimetre of ground (and a leg folded shut misses its
//    target: a heel swung off a step's edge is caught on it). The rays
//    start kLandedProbeM over each point: one sunk deeper is left alone.
void FootIkController::LiftOutOfGround(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces) {
  std::array<LimbPlacementJob, 2> jobs;
  size_t job_count = 0;
  for (int side = 0; side < 2; ++side) {
    const LegRig& leg = legs_[side];
    // Without heel and ball nothing was predicted: the sole lands on its
    // target; on one plane the foot lies on, as predicted. On a plane
    // steeper than the sole tilts, a placed foot a millimetre off the
    // predicted one across it is a centimetre of ground: it is checked.
    const FootIkState& foot = feet_[side];
    if (foot.weight <= 0.0f || leg.heel_offset_ls == leg.ball_offset_ls ||
        (foot.reached && GroundIsOnePlane(foot) && !SteeperThanTilt(foot.ground.normal_ws)))
      continue;
    const glm::mat4& ankle_ms = pose.models_ms[leg.chain.end];
    // Height of the ground over a point (negative: under it), metres.
    auto depth_m = [&](const glm::vec3& p_ws) {
      const GroundProbe hit = frame.raycast(frame.raycast_context, p_ws + kUpWs * kLandedProbeM, 2.0f * kLandedProbeM);
      return hit.hit ? hit.point_ws.y - p_ws.y : -kLandedProbeM;
    };
    const glm::vec3 sole_ws = PointWs(spaces.to_world, ankle_ms, leg.sole_offset_ls);
    const glm::vec3 heel_ws = PointWs(spaces.to_world, ankle_ms, leg.heel_offset_ls);
    const glm::vec3 ball_ws = PointWs(spaces.to_world, ankle_ms, leg.ball_offset_ls);
    const float sole_depth_m = depth_m(sole_ws);
    const float ball_depth_m = depth_m(ball_ws);
    const float heel_depth_m = depth_m(heel_ws);
    const float end_depth_m = std::max(heel_depth_m, ball_depth_m);
    const float sole_gap_m = std::max(0.0f, -sole_depth_m);
    // A fading IK hands the foot back to the clip, sunk or not: the check
    // eases out over the top tenth of the leg's weight, never a jump.
    const float ease = std::clamp((foot.weight - 0.9f) * 10.0f, 0.0f, 1.0f);
    // A swinging foot folded against its hip (knee at its limit: no lift
    // reaches) whose ball is in the ground (toes pitched down into a tread
    // it is lifted over) turns toe-up about its sole instead, unless that
    // puts its heel in the ground (fine ripples); one whose heel is in the
    // ground (the edge of a step it swings down from) turns heel-up, unless
    // that puts its ball in the ground.
    const bool swinging = !foot.locked && frame.contact[side] < 0.5f && !frame.airborne;
    if (swinging && end_depth_m > settings.sole_give_m && sole_depth_m <= 0.0f && FoldedShut(side, pose)) {
      const bool toe_up = ball_depth_m >= heel_depth_m;
      const glm::vec3& sunk_ws = toe_up ? ball_ws : heel_ws;
      const glm::vec3& other_ws = toe_up ? heel_ws : ball_ws;
      const glm::quat turn_ws = RaiseEndTurnWs(sole_ws, sunk_ws, end_depth_m);
      if (depth_m(sole_ws + turn_ws * (other_ws - sole_ws)) <= settings.sole_give_m) {
        jobs[job_count++] = TurnedFootJob(side, pose, spaces, sole_ws, turn_ws);
        continue;
      }
    }
    const float lift_m = ease * std::max(sole_depth_m, 0.5f * (end_depth_m - settings.sole_give_m - sole_gap_m));
    if (!(lift_m > kLandedLiftToleranceM)) continue;
    jobs[job_count] = LegJob(side, pose, spaces, sole_ws + kUpWs * lift_m, /*align=*/-1.0f, 1.0f);
    jobs[job_count++].reached = nullptr;  // the leg's reach is PlaceLegs' (locks let go by it)
  }
  LimbPlacementJob::RunAll(std::span(jobs.data(), job_count));
}

// The knee bent past knee_limit_deg less twice kShutMarginDeg: the hip too
// near the ankle for any lift of the foot to be reached.
bool FootIkController::FoldedShut(int side, const PoseView& pose) const {
  const TwoBoneChain& chain = legs_[side].chain;
  const float hip_ankle_m = glm::distance(pose.PositionMs(chain.start), pose.PositionMs(chain.end));
  return hip_ankle_m < LegFoldM(side, pose, settings.knee_limit_deg - 2.0f * kShutMarginDeg);
}

// The foot turned by turn_ws (world) about its sole point, which stays at
// sole_ws.
LimbPlacementJob FootIkController::TurnedFootJob(int side, const PoseView& pose, const Spaces& spaces,
                                                 const glm::vec3& sole_ws, const glm::quat& turn_ws) {
  const LegRig& leg = legs_[side];
  const glm::vec3 up_ws =
      glm::normalize(glm::mat3(spaces.to_world) * glm::mat3(pose.models_ms[leg.chain.end]) * leg.foot_up_ls);
  LimbPlacementJob job = LegJob(side, pose, spaces, sole_ws, /*align=*/1.0f, 1.0f);
  job.align = true;
  job.align_weight = 1.0f;
  job.normal_ms = glm::mat3(spaces.to_model) * (turn_ws * up_ws);
  job.reached = nullptr;  // the leg's reach is PlaceLegs'
  return job;
}

// The turn about the foot's lateral axis through the sole point that
// raises one end of the foot, the ball (toe-up) or the heel (heel-up) at
// end_ws, by depth_m (out of the ground), world space.
glm::quat FootIkController::RaiseEndTurnWs(const glm::vec3& sole_ws, const glm::vec3& end_ws, float depth_m) {
  const glm::vec3 toe_ws = end_ws - sole_ws;
  const float length_m = glm::length(toe_ws);
  const glm::vec3 ahead_ws(toe_ws.x, 0.0f, toe_ws.z);
  if (length_m < 1e-4f || glm::dot(ahead_ws, ahead_ws) < 1e-8f) return glm::identity<glm::quat>();
  const float pitch = std::asin(std::clamp(toe_ws.y / length_m, -1.0f, 1.0f));
  const float raised = std::asin(std::clamp((toe_ws.y + depth_m) / length_m, -1.0f, 1.0f));
  return glm::angleAxis(raised - pitch, glm::normalize(glm::cross(glm::normalize(ahead_ws), kUpWs)));
}

}  // namespace knights::ik
