// FootIkController, part two: where a foot goes. Its heading and held
// yaw, the turn the placement will give it, the two-point fit of heel and
// ball to their ground (FitFoot) and the choice of a plant that fits
// (ChoosePlant). Part one (foot_ik_controller.cpp) runs the steps.

#include "knights/ik/foot_ik_controller.h"

#include <algorithm>
#include <cmath>

#include "knights/ik/foot_align_job.h"
#include "knights/ik/ik_math.h"

namespace knights::ik {
namespace {

constexpr float kDegToRad = 3.14159265358979323846f / 180.0f;
const glm::vec3 kUpWs(0.0f, 1.0f, 0.0f);

float HorizontalLengthM(const glm::vec3& v) { return std::sqrt(v.x * v.x + v.z * v.z); }

// How much the hit's ground plane rises per metre along the horizontal
// unit direction dir_ws.
float PlaneRisePerMetre(const GroundProbe& hit, const glm::vec3& dir_ws) {
  return -(hit.normal_ws.x * dir_ws.x + hit.normal_ws.z * dir_ws.z) / std::max(hit.normal_ws.y, 0.05f);
}

// Two-point placement's pitch and lift for a foot whose heel is `heel_m`
// behind the sole point and whose ball is `ball_m` ahead of it, both that
// deep in their ground (> 0: inside): the least lift of the sole, then the
// least pitch (radians, toes up), that takes both out, pitch within
// +-max_pitch. Small-angle model (the foot is short, the pitch moderate);
// the lift is recomputed exactly afterwards.
struct PitchAndLift {
  float pitch_rad = 0.0f;
  float lift_m = 0.0f;
};
PitchAndLift SolvePitchAndLift(float heel_m, float heel_depth_m, float ball_m, float ball_depth_m, float max_pitch) {
  PitchAndLift out;
  if (heel_depth_m <= 0.0f && ball_depth_m <= 0.0f) return out;
  // Pitching by p raises the ball by ball_m p and lowers the heel by heel_m p.
  // Both on their ground with the sole lifted: the lift is the same for both.
  const float both = (ball_depth_m - heel_depth_m) / (heel_m + ball_m);
  if (ball_depth_m - ball_m * both > 0.0f) {
    out.pitch_rad = both;  // the sole must rise anyway: both points touch
  } else if (ball_depth_m > 0.0f) {
    out.pitch_rad = ball_depth_m / ball_m;  // toes up until the ball is out
  } else {
    out.pitch_rad = -heel_depth_m / heel_m;  // heel up (toes down) until the heel is out
  }
  out.pitch_rad = std::clamp(out.pitch_rad, -max_pitch, max_pitch);
  out.lift_m = std::max({0.0f, ball_depth_m - ball_m * out.pitch_rad, heel_depth_m + heel_m * out.pitch_rad});
  return out;
}

// How far a sole is raised, metres, for a heel and ball that deep in their
// ground and a sole that deep in its own (> 0: inside). The boot's sole
// gives give_m: a heel or ball that deep is left there rather than the
// whole sole lifted off (in a concave corner both cannot touch). With
// `share` (a planted foot on ground steeper than the sole tilts, which no
// pitch lays it on) a little more, up to twice the give, is shared between
// sunk and floating, a centimetre of gap weighing as much as two sunk (a
// boot in grass); more is lifted out, as on any ground: sunk that far a
// toe shows.
float SoleLiftM(float heel_depth_m, float ball_depth_m, float sole_depth_m, float give_m, bool share) {
  float lift_m = std::max({0.0f, heel_depth_m - give_m, ball_depth_m - give_m});
  if (share && lift_m <= 2.0f * give_m) lift_m = std::min(lift_m, (give_m + lift_m) / 3.0f);
  return std::max(lift_m, sole_depth_m - give_m);
}

}  // namespace

bool FootIkController::SteeperThanTilt(const glm::vec3& normal_ws) const {
  return normal_ws.y < std::cos(settings.max_tilt_deg * kDegToRad);
}

// The clip's heel-to-ball direction, horizontal unit (zero for a foot
// pointing straight down or up).
glm::vec3 FootIkController::FootHeadingWs(int side, const PoseView& pose, const Spaces& spaces) const {
  const LegRig& leg = legs_[side];
  const glm::mat4& ankle_ms = pose.models_ms[leg.chain.end];
  glm::vec3 along_ws =
      PointWs(spaces.to_world, ankle_ms, leg.ball_offset_ls) - PointWs(spaces.to_world, ankle_ms, leg.heel_offset_ls);
  along_ws.y = 0.0f;
  const float length_m = glm::length(along_ws);
  return length_m > 1e-4f ? along_ws / length_m : glm::vec3(0.0f);
}

// The turn about world up, radians, that brings the clip's foot back to the
// heading of its lock, by the lock's blend; 0 without a lock.
float FootIkController::HeldYawRad(int side, const PoseView& pose, const Spaces& spaces) const {
  const FootIkState& foot = feet_[side];
  const glm::vec3 heading_ws = FootHeadingWs(side, pose, spaces);
  if (foot.lock_blend <= 0.0f || heading_ws == glm::vec3(0.0f) || foot.lock_heading_ws == glm::vec3(0.0f)) return 0.0f;
  const float yaw_rad =
      std::atan2(glm::cross(heading_ws, foot.lock_heading_ws).y, glm::dot(heading_ws, foot.lock_heading_ws));
  const float max_rad = settings.max_hold_yaw_deg * kDegToRad;
  return std::clamp(yaw_rad, -max_rad, max_rad) * foot.lock_blend;
}

// The world rotation LimbPlacementJob gives the clip's foot: turned by the
// held yaw, then tilted towards up_goal_ws by `align` of the way, at most
// max_tilt_deg. For predicting where the foot's points go.
glm::quat FootIkController::FootTurnWs(int side, const glm::vec3& up_goal_ws, float align, const PoseView& pose,
                                       const Spaces& spaces) const {
  const LegRig& leg = legs_[side];
  const glm::quat held_ws = glm::angleAxis(feet_[side].hold_yaw_rad, kUpWs);
  const glm::vec3 up_anim_ws =
      held_ws * (glm::mat3(spaces.to_world) * (glm::mat3(pose.models_ms[leg.chain.end]) * leg.foot_up_ls));
  const float max_tilt = switches_.foot_align ? settings.max_tilt_deg * kDegToRad : 0.0f;
  return LimitedTilt(up_anim_ws, up_goal_ws, max_tilt, align) * held_ws;
}

// The ground straight under from_ws (a ray down over length_m), world;
// with none, a metre below point_ws, so that the point is never inside it.
glm::vec3 FootIkController::GroundUnderWs(const FootIkFrame& frame, const glm::vec3& from_ws, float length_m,
                                          const glm::vec3& point_ws) {
  const GroundProbe hit = frame.raycast(frame.raycast_context, from_ws, length_m);
  return hit.hit ? hit.point_ws : point_ws - kUpWs;
}

// The ground a ball at ball_ws counts, world: under it, or under its toes
// 2 cm ahead where that is higher. A riser's face at the ball itself is on
// neither side of its ray; a swinging ball would skim down the face, and a
// plant there is moved back off it (ChoosePlant weighs the lift it would
// need). The toes rise with the foot's pitch (heel_ws to ball_ws) as far as
// the ball's own ground does, so a slope the foot lies on is not in them.
glm::vec3 FootIkController::BallGroundWs(const FootIkFrame& frame, const glm::vec3& heel_ws, const glm::vec3& ball_ws,
                                         float top_y, float length_m) const {
  const glm::vec3 from_ws(ball_ws.x, top_y, ball_ws.z);
  const GroundProbe hit = frame.raycast(frame.raycast_context, from_ws, length_m);
  const glm::vec3 ground_ws = hit.hit ? hit.point_ws : ball_ws - kUpWs;
  const glm::vec3 along_ws = ball_ws - heel_ws;
  const float along_m = HorizontalLengthM(along_ws);
  if (along_m <= 1e-4f) return ground_ws;
  const glm::vec3 ahead_ws = glm::vec3(along_ws.x, 0.0f, along_ws.z) / along_m;
  const GroundProbe beyond = frame.raycast(frame.raycast_context, from_ws + ahead_ws * kSwingBallProbeAheadM, length_m);
  const bool sloped = hit.hit && !SteeperThanTilt(hit.normal_ws);
  const float toe_rise_m =
      sloped ? kSwingBallProbeAheadM * std::min(along_ws.y / along_m, PlaneRisePerMetre(hit, ahead_ws)) : 0.0f;
  if (beyond.hit && beyond.point_ws.y - toe_rise_m > ground_ws.y)
    return glm::vec3(ball_ws.x, beyond.point_ws.y - toe_rise_m, ball_ws.z);
  return ground_ws;
}

// Two-point placement of one foot with its sole on sole_ws, on ground of
// normal normal_ws: where the heel and the ball will be once the sole is
// there and tilted to the ground, their own ground under them, and the
// pitch (into the returned up goal) and lift that keep both out of it.
FootFit FootIkController::FitFoot(int side, const glm::vec3& sole_ws, const glm::vec3& normal_ws, float align,
                                  const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces) const {
  const FootIkState& foot = feet_[side];
  const LegRig& leg = legs_[side];
  FootFit fit;
  fit.align_normal_ws = normal_ws;
  if (leg.heel_offset_ls == leg.ball_offset_ls) return fit;
  const bool steep = SteeperThanTilt(normal_ws);
  const glm::mat4& ankle_ms = pose.models_ms[leg.chain.end];
  const glm::vec3 heel_anim_ws = PointWs(spaces.to_world, ankle_ms, leg.heel_offset_ls) - foot.clip_sole_ws;
  const glm::vec3 ball_anim_ws = PointWs(spaces.to_world, ankle_ms, leg.ball_offset_ls) - foot.clip_sole_ws;
  // Rays from a step above the sole's ray (the toes of a foot on a stair
  // reach the riser two treads up, ground above the hips), or a riser's
  // height over the sole if that is higher (a foot lifted over a ledge).
  const float top_y = std::max(foot.ray_from_ws.y + settings.max_step_m, sole_ws.y + kHeelBallProbeAboveSoleM);
  // How deep heel and ball end in their ground for a given up goal.
  auto depths = [&](const glm::vec3& up_goal_ws, float* heel_depth, float* ball_depth, bool probe) {
    const glm::quat tilt = FootTurnWs(side, up_goal_ws, align, pose, spaces);
    const glm::vec3 points_ws[2] = {sole_ws + tilt * heel_anim_ws, sole_ws + tilt * ball_anim_ws};
    float* out[2] = {heel_depth, ball_depth};
    for (int i = 0; i < 2; ++i) {
      if (probe) {
        const glm::vec3 from_ws(points_ws[i].x, top_y, points_ws[i].z);
        const float length_m = top_y - foot.ray_to_ws.y;
        fit.heel_ball_ground_ws[i] = i == 0 ? GroundUnderWs(frame, from_ws, length_m, points_ws[0])
                                            : BallGroundWs(frame, points_ws[0], points_ws[1], top_y, length_m);
      }
      *out[i] = fit.heel_ball_ground_ws[i].y - points_ws[i].y;
    }
  };
  // The sole point itself, where it is put rather than where its ground
  // was found (a swing foot over a riser's edge): never below its ground.
  const GroundProbe under_sole =
      frame.raycast(frame.raycast_context, glm::vec3(sole_ws.x, top_y, sole_ws.z), top_y - foot.ray_to_ws.y);
  const float sole_depth = under_sole.hit ? under_sole.point_ws.y - sole_ws.y : 0.0f;
  float heel_depth = 0.0f, ball_depth = 0.0f;
  depths(fit.align_normal_ws, &heel_depth, &ball_depth, /*probe=*/true);
  if (heel_depth <= settings.sole_give_m && ball_depth <= settings.sole_give_m) {
    fit.lift_m = std::max(0.0f, sole_depth - settings.sole_give_m);
    return fit;
  }
  // Pitch about the foot's side axis (planted feet only: a swing foot keeps
  // the clip's orientation and is lifted), then lift what is left.
  if (align >= 0.5f && switches_.foot_align) {
    const float heel_m = std::max(glm::length(heel_anim_ws), 1e-3f);
    const float ball_m = std::max(glm::length(ball_anim_ws), 1e-3f);
    const PitchAndLift pl =
        SolvePitchAndLift(heel_m, heel_depth, ball_m, ball_depth, settings.max_pitch_deg * kDegToRad);
    // The side axis lies across the foot in the ground's plane; on ground
    // steeper than the sole tilts that plane is nearly upright and a turn
    // about it would swing the toes sideways into the flank: there the
    // axis is level (world up across the foot), as the foot pitches.
    const glm::vec3 across_ws = steep ? kUpWs : fit.align_normal_ws;
    const glm::vec3 side_axis =
        glm::cross(glm::angleAxis(foot.hold_yaw_rad, kUpWs) * (ball_anim_ws - heel_anim_ws), across_ws);
    if (glm::dot(side_axis, side_axis) > 1e-12f) {
      fit.align_normal_ws = glm::angleAxis(pl.pitch_rad, glm::normalize(side_axis)) * fit.align_normal_ws;
      // Probed again where the pitch put them: across a steep ripple a few
      // millimetres sideways are centimetres of ground.
      depths(fit.align_normal_ws, &heel_depth, &ball_depth, /*probe=*/true);
    }
  }
  fit.lift_m = SoleLiftM(heel_depth, ball_depth, sole_depth, settings.sole_give_m, align >= 1.0f && steep);
  return fit;
}

// How far below the fold the other foot's lock would be pulled if this
// foot's ankle went to ankle_ws: reaching it takes the pelvis so low that
// the other leg, locked, would bend past max_knee_bend_deg (both hips move
// with the pelvis), metres; 0 when the other foot is not locked.
float FootIkController::OtherFootFoldM(int side, const glm::vec3& ankle_ws, const PoseView& pose,
                                       const Spaces& spaces) const {
  const int other = 1 - side;
  const FootIkState& held = feet_[other];
  if (!held.locked) return 0.0f;
  auto hip_ws = [&](int s) { return glm::vec3(spaces.to_world * pose.models_ms[legs_[s].chain.start][3]); };
  auto horizontal_m = [](const glm::vec3& a, const glm::vec3& b) {
    return glm::length(glm::vec2(a.x - b.x, a.z - b.z));
  };
  // The highest this hip may be for the leg to reach ankle_ws.
  const float reach_m = LegReachM(side, pose);
  const glm::vec3 hip_this_ws = hip_ws(side);
  const float along_m = horizontal_m(hip_this_ws, ankle_ws);
  if (along_m >= reach_m) return 0.0f;  // out of reach anyway (ChoosePlant's own test)
  const float highest_drop_m = ankle_ws.y + std::sqrt(reach_m * reach_m - along_m * along_m) - hip_this_ws.y;
  // The lowest the other hip may be for its knee to stay within its bend.
  const glm::vec3 held_ankle_ws =
      held.lock_point_ws +
      (PointWs(spaces.to_world, pose.models_ms[legs_[other].chain.end], glm::vec3(0.0f)) - held.clip_sole_ws);
  const float fold_m = LegFoldM(other, pose, settings.max_knee_bend_deg);
  const float across_m = horizontal_m(hip_ws(other), held_ankle_ws);
  if (across_m >= fold_m) return 0.0f;
  const float lowest_drop_m = held_ankle_ws.y + std::sqrt(fold_m * fold_m - across_m * across_m) - hip_ws(other).y;
  return std::max(0.0f, lowest_drop_m - highest_drop_m);
}

// Where a foot that plants now is locked: its free target, or, when that
// spot would need the foot lifted off its sole's ground (the heel or the
// ball on a rock, a riser or the far side of a slope change), the nearest
// spot along the foot within max_plant_shift_m that needs the least lift.
GroundProbe FootIkController::ChoosePlant(int side, const glm::vec3& free_target_ws, const FootIkFrame& frame,
                                          const PoseView& pose, const Spaces& spaces) const {
  const FootIkState& foot = feet_[side];
  const float ray_length_m = foot.ray_from_ws.y - foot.ray_to_ws.y;
  // The ground under the free target itself (late in a swing it has moved
  // on from where the sole's ray looked: across a stair's edge that is a
  // tread higher or lower); the sole's own ground if there is none.
  GroundProbe best{true, glm::vec3(free_target_ws.x, foot.ground.point_ws.y, free_target_ws.z), foot.ground.normal_ws};
  const glm::vec2 moved_on(free_target_ws.x - foot.ray_from_ws.x, free_target_ws.z - foot.ray_from_ws.z);
  if (glm::dot(moved_on, moved_on) > 1e-8f) {
    const GroundProbe under = frame.raycast(
        frame.raycast_context, glm::vec3(free_target_ws.x, foot.ray_from_ws.y, free_target_ws.z), ray_length_m);
    if (under.hit && under.point_ws.y >= spaces.root_ws.y - settings.max_step_m) best = under;
  }
  const LegRig& leg = legs_[side];
  const glm::vec3 ankle_over_sole_ws =
      PointWs(spaces.to_world, pose.models_ms[leg.chain.end], glm::vec3(0.0f)) - foot.clip_sole_ws;
  // The hip where the pelvis is held now (the other foot's lock may hold
  // it low), and how near it the ankle comes with the knee at its bend.
  const glm::vec3 hip_held_ws =
      glm::vec3(spaces.to_world * pose.models_ms[leg.chain.start][3]) + kUpWs * pelvis_spring_.value;
  const float fold_m = LegFoldM(side, pose, settings.max_knee_bend_deg);
  // A spot's misfit: the lift it needs, plus kPlantOverhangCostM for a heel
  // or ball hanging over a drop (a ledge's or a riser's edge under the
  // sole), plus how much nearer the hip than the fold the ankle would be
  // (a crest beside a pelvis held low would fold the knee shut).
  auto misfit_m = [&](const GroundProbe& ground) {
    const FootFit fit = FitFoot(side, ground.point_ws, ground.normal_ws, 1.0f, frame, pose, spaces);
    float misfit = fit.lift_m;
    for (const glm::vec3& point_ws : fit.heel_ball_ground_ws) {
      if (glm::dot(ground.point_ws - point_ws, ground.normal_ws) > kPlantOverhangDropM) misfit += kPlantOverhangCostM;
    }
    const glm::vec3 ankle_ws = ground.point_ws + kUpWs * fit.lift_m + ankle_over_sole_ws;
    return misfit + std::max(0.0f, fold_m - glm::distance(ankle_ws, hip_held_ws)) +
           OtherFootFoldM(side, ankle_ws, pose, spaces);
  };
  float best_lift = misfit_m(best);
  float best_cost = best_lift;  // misfit, plus kPlantShiftCost per metre moved from the clip's spot
  const glm::vec3 along_ws = FootHeadingWs(side, pose, spaces);
  if (best_lift <= kPlantLiftToleranceM || along_ws == glm::vec3(0.0f)) return best;
  // Only spots the leg reaches with the pelvis lowered half its range: a
  // spot shifted down a slope out of reach would be let go at once.
  const glm::vec3 hip_ws = glm::vec3(spaces.to_world * pose.models_ms[leg.chain.start][3]) -
                           glm::vec3(0.0f, 0.5f * settings.max_pelvis_drop_m, 0.0f);
  const float reach_m = LegReachM(side, pose);
  auto try_spot = [&](const glm::vec3& shift_ws) {
    const glm::vec3 spot_ws = free_target_ws + shift_ws;
    const GroundProbe ground =
        frame.raycast(frame.raycast_context, glm::vec3(spot_ws.x, foot.ray_from_ws.y, spot_ws.z), ray_length_m);
    if (!ground.hit || glm::distance(ground.point_ws + ankle_over_sole_ws, hip_ws) > reach_m) return;
    const float lift = misfit_m(ground);
    const float cost = lift + kPlantShiftCost * glm::length(shift_ws);
    if (cost < best_cost - 1e-4f) {
      best_lift = lift;
      best_cost = cost;
      best = ground;
    }
  };
  // Along the foot first, then (ripples across depth: a crest or a trough
  // is flat where the flank between is not) sideways.
  const glm::vec3 sideways_ws = glm::cross(kUpWs, along_ws);
  for (const auto& [direction_ws, max_shift_m] :
       {std::pair{along_ws, settings.max_plant_shift_m}, std::pair{sideways_ws, settings.max_plant_side_shift_m}}) {
    for (int i = 1; i <= kPlantShiftSteps && best_lift > kPlantLiftToleranceM; ++i) {
      const float shift_m = max_shift_m * static_cast<float>(i) / kPlantShiftSteps;
      for (const float sign : {-1.0f, 1.0f}) try_spot(direction_ws * (sign * shift_m));
    }
  }
  // On a flank steeper than the sole tilts (a rock's side, walked up as
  // steps) the foot fits nowhere near: it goes on along its length as far
  // again, to the flank's top or foot.
  for (int i = kPlantShiftSteps + 1;
       i <= 2 * kPlantShiftSteps && best_lift > kPlantLiftToleranceM && SteeperThanTilt(best.normal_ws); ++i) {
    const float shift_m = settings.max_plant_shift_m * static_cast<float>(i) / kPlantShiftSteps;
    for (const float sign : {-1.0f, 1.0f}) try_spot(along_ws * (sign * shift_m));
  }
  return best;
}

// A plant that still has to be lifted off its sole's ground is turned
// about world up, by up to max_fit_turn_deg, to the heading that needs the
// least lift: across a ripple's flank steeper than the sole tilts (80
// degrees for a 0.3 m bump every 0.2 m), heel and ball a degree off the
// flank's level line stand a centimetre apart in height. The lock then
// holds that heading (lock_heading_ws).
void FootIkController::TurnToFit(int side, const GroundProbe& plant, const FootIkFrame& frame, const PoseView& pose,
                                 const Spaces& spaces) {
  FootIkState& foot = feet_[side];
  const float start_yaw_rad = foot.hold_yaw_rad;
  float best_yaw_rad = start_yaw_rad;
  float best_lift_m = FitFoot(side, plant.point_ws, plant.normal_ws, 1.0f, frame, pose, spaces).lift_m;
  if (best_lift_m <= kPlantLiftToleranceM || foot.lock_heading_ws == glm::vec3(0.0f)) return;
  float best_cost = best_lift_m;  // lift, plus kTurnCost per radian turned
  const float max_rad = settings.max_fit_turn_deg * kDegToRad;
  for (int i = 1; i <= kTurnSteps && best_lift_m > kPlantLiftToleranceM; ++i) {
    for (const float sign : {-1.0f, 1.0f}) {
      const float turn_rad = sign * max_rad * static_cast<float>(i) / kTurnSteps;
      foot.hold_yaw_rad = start_yaw_rad + turn_rad;
      const float lift_m = FitFoot(side, plant.point_ws, plant.normal_ws, 1.0f, frame, pose, spaces).lift_m;
      const float cost = lift_m + kTurnCost * std::fabs(turn_rad);
      if (cost < best_cost - 1e-4f) {
        best_cost = cost;
        best_lift_m = lift_m;
        best_yaw_rad = foot.hold_yaw_rad;
      }
    }
  }
  foot.hold_yaw_rad = best_yaw_rad;
  foot.lock_heading_ws = glm::angleAxis(best_yaw_rad - start_yaw_rad, kUpWs) * foot.lock_heading_ws;
}

}  // namespace knights::ik
