// FootIkController: a free foot's swing (its floor along the path it will
// take, the spot it lands on, how fast its target may move) and the riser
// ahead of a planted foot.

#include "knights/ik/foot_ik_controller.h"

#include <algorithm>
#include <cmath>

#include "knights/ik/ik_math.h"
#include "knights/ik/limb_placement_job.h"
#include "knights/math/matrix_ops.h"

namespace knights::ik {

// The height a swinging sole's lift is measured from, never below the
// ground under it: planned over the swing to its landing (PlanSwingFloor)
// once a plant has shown where that is, else the ground under the sole
// with a step down eased (EasedStepDownFloorY). Planted: the ground.
float FootIkController::SwingFloorY(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces,
                                    float contact) {
  FootIkState& foot = feet_[side];
  const float ground_y = foot.ground.point_ws.y;
  const float progress = frame.swing_progress[side];
  const float progress_rate = frame.dt_s > 0.0f ? (progress - foot.swing_progress) / frame.dt_s : 0.0f;
  foot.swing_progress = progress;
  foot.swing_left_s = progress_rate > 0.0f && progress > 0.0f && progress < 1.0f
                          ? std::min((1.0f - progress) / progress_rate, kMaxSwingPlanS)
                          : 0.0f;
  if (contact >= 0.5f && foot.contact < 0.5f) {
    foot.landing_ms = glm::vec3(spaces.to_model * glm::vec4(foot.animated_sole_ws, 1.0f));
    foot.has_landing = true;
  }
  foot.contact = contact;
  const bool swinging = contact < 0.5f && foot.ground.hit && foot.has_swing_ground && !frame.airborne;
  if (!swinging) {
    foot.swing_drop_m = {0.0f, 0.0f};
    foot.swing_floor_y = ground_y;
  } else if (PlanSwingFloor(side, frame, pose, spaces, progress_rate)) {
    foot.swing_floor_y = std::max(foot.swing_floor_y, ground_y);
    foot.swing_drop_m = {foot.swing_floor_y - ground_y, 0.0f};
  } else {
    foot.swing_floor_y = EasedStepDownFloorY(side, frame);
  }
  foot.swing_ground_ws = foot.ground.point_ws;
  foot.has_swing_ground = foot.ground.hit;
  return foot.swing_floor_y;
}

// The ground under the swinging sole, a step down eased: the part of a
// drop that no walkable slope explains is held and let down over
// swing_ground_smooth_s (a rise is followed at once: never into the ground).
float FootIkController::EasedStepDownFloorY(int side, const FootIkFrame& frame) {
  FootIkState& foot = feet_[side];
  const float ground_y = foot.ground.point_ws.y;
  const float slope_drop_m = std::fabs(foot.ground.point_ws.x - foot.swing_ground_ws.x) * kStepSlopeTan;
  foot.swing_drop_m.value =
      std::max(0.0f, foot.swing_drop_m.value + (foot.swing_ground_ws.y - ground_y) - slope_drop_m);
  const float held_drop_m = foot.swing_drop_m.value;
  foot.swing_drop_m.Update(0.0f, settings.swing_ground_smooth_s, frame.dt_s);
  foot.swing_drop_m.value = std::max(foot.swing_drop_m.value, 0.0f);
  // Down by the touchdown at the swing's pace: what is held then would be
  // dropped in the step the foot plants.
  if (foot.swing_left_s > 0.0f)
    foot.swing_drop_m.value =
        std::min(foot.swing_drop_m.value, held_drop_m * std::max(0.0f, 1.0f - frame.dt_s / foot.swing_left_s));
  return ground_y + foot.swing_drop_m.value;
}

// Moves the swing floor one step along its plan where a step lies ahead
// (on slopes alone the ground under the sole is followed): the ground is
// sampled along the sole's path from here to where it will land (once the
// foot heads for its plant, that spot; before, where the clip planted it
// last, in the model, carried at the body's velocity for the swing's
// remaining time), under the ball on the way and under the
// sole at the landing, and the floor moves at the one even pace that is
// over every sample when the foot gets there and on the landing's ground
// when it lands. Spread over the swing, a step up is no jump of the knee.
// false: no plan (no plant yet, the swing's pace unknown, no ground or no
// step ahead: over slopes alone a plan would lift a foot early over an
// uphill and fold its knee into a kneel, so the ground is followed).
bool FootIkController::PlanSwingFloor(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces,
                                      float progress_rate) {
  FootIkState& foot = feet_[side];
  const float progress = frame.swing_progress[side];
  if (!foot.has_landing || progress_rate <= 0.0f || progress <= 0.0f || progress >= 1.0f) return false;
  const float left_s = std::clamp((1.0f - progress) / progress_rate, frame.dt_s, kMaxSwingPlanS);
  const glm::vec3 from_ws = foot.swing_spot_ws;
  glm::vec3 landing_ws = foot.heads_for_plant ? foot.landing_plant_ws : ClipLandingWs(side, spaces, left_s);
  landing_ws.y = from_ws.y;
  // A swing goes forward: a landing behind the sole (the last plant was
  // made standing, or facing the other way) is taken as here.
  const glm::vec2 heading(spaces.velocity_ws.x, spaces.velocity_ws.z);
  if (glm::dot(glm::vec2(landing_ws.x - from_ws.x, landing_ws.z - from_ws.z), heading) < 0.0f) landing_ws = from_ws;
  glm::vec3 ball_ahead_ws =
      PointWs(spaces.to_world, pose.models_ms[legs_[side].chain.end], legs_[side].ball_offset_ls) - foot.clip_sole_ws;
  ball_ahead_ws.y = 0.0f;
  // The ground under the ball (the sole at the landing) a fraction f of
  // the way, cast from a step above `over_y`.
  auto at_ws = [&](float f) { return glm::mix(from_ws, landing_ws, f) + (f < 1.0f ? ball_ahead_ws : glm::vec3(0.0f)); };
  auto ground_at = [&](float f, float over_y) {
    glm::vec3 from_top_ws = at_ws(f);
    from_top_ws.y = std::max(foot.ray_from_ws.y, over_y + settings.max_step_m + settings.ray_above_hip_m);
    return frame.raycast(frame.raycast_context, from_top_ws, from_top_ws.y - foot.ray_to_ws.y);
  };
  // The samples up to any wall (a rise of more than a step the foot does
  // not go over), and whether a step (a change of height no walkable slope
  // explains) lies on the way: only then is the plan worth its rays.
  std::array<GroundProbe, kSwingPlanSamples> hits{};
  int hit_count = 0;
  bool step_ahead = false;
  for (glm::vec3 last_ground_ws = foot.ground.point_ws; hit_count < kSwingPlanSamples; ++hit_count) {
    const float over_y = hit_count > 0 ? hits[hit_count - 1].point_ws.y : foot.swing_floor_y;
    const GroundProbe hit = ground_at(static_cast<float>(hit_count + 1) / kSwingPlanSamples, over_y);
    if (!hit.hit || hit.point_ws.y - over_y > settings.max_step_m) break;
    const glm::vec2 run(hit.point_ws.x - last_ground_ws.x, hit.point_ws.z - last_ground_ws.z);
    step_ahead =
        step_ahead || std::fabs(hit.point_ws.y - last_ground_ws.y) > kStepSlopeTan * glm::length(run) + kSwingPlanEdgeM;
    last_ground_ws = hit.point_ws;
    hits[hit_count] = hit;
  }
  if (hit_count == 0 || !step_ahead) return false;
  float rate_mps = -1e30f;
  float last_y = foot.swing_floor_y, last_f = 0.0f;
  for (int i = 0; i < hit_count; ++i) {
    const float f = static_cast<float>(i + 1) / kSwingPlanSamples;
    const GroundProbe& hit = hits[i];
    // A rise is met where it starts between the samples (a riser's face),
    // not at the sample past it: halved down to a centimetre of ground.
    float rise_f = f;
    for (float lo = last_f; hit.point_ws.y > last_y + kSwingPlanEdgeM && rise_f - lo > kSwingPlanEdgeM / 8.0f;) {
      const float mid = 0.5f * (lo + rise_f);
      const GroundProbe at_mid = ground_at(mid, last_y);
      (at_mid.hit && at_mid.point_ws.y >= hit.point_ws.y - kSwingPlanEdgeM ? rise_f : lo) = mid;
    }
    last_y = hit.point_ws.y;
    last_f = f;
    rate_mps = std::max(rate_mps, (hit.point_ws.y - foot.swing_floor_y) / std::max(rise_f * left_s, frame.dt_s));
  }
  foot.swing_floor_y += rate_mps * frame.dt_s;
  return true;
}

// A foot its lock does not hold moves at most kMaxSwingShiftMps faster
// than the clip's own sole, or at the even pace that brings it to its
// target by the touchdown (swing_left_s): a target that jumps (a step's
// floor found late, a lock let go far from the clip's foot, a landing a
// tread lower, the heel-and-ball fit lifting the sole over a riser's
// edge) is followed over steps, not in one. What is followed stays out of
// the ground: a foot whose rise is held back does not move on over the
// higher ground ahead (it rises where it is, as a foot lifted onto a step
// does), and one held back above a drop stays above it.
void FootIkController::LimitSwingShift(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces) {
  FootIkState& foot = feet_[side];
  const bool held = foot.locked && foot.lock_blend >= 1.0f;
  if (!foot.has_shifted || last_master_ < 1.0f) {
    // The pass was not (wholly) drawn last step: the foot comes in where
    // the clip or the ladder pass put it.
    foot.shifted_sole_ws = glm::mix(foot.clip_sole_ws, foot.shifted_sole_ws, foot.has_shifted ? last_master_ : 0.0f);
    foot.shifted_clip_sole_ws = foot.clip_sole_ws;
  }
  if (!held && !frame.airborne && foot.ground.hit && frame.dt_s > 0.0f) {
    const glm::vec3 followed_ws = foot.shifted_sole_ws + (foot.clip_sole_ws - foot.shifted_clip_sole_ws);
    const glm::vec3 shift_ws = foot.target_sole_ws - followed_ws;
    const float shift_m = glm::length(shift_ws);
    const float even_m =
        foot.swing_left_s > 0.0f ? shift_m * frame.dt_s / std::max(foot.swing_left_s, frame.dt_s) : 0.0f;
    const float step_m = std::max(kMaxSwingShiftMps * frame.dt_s, even_m);
    if (shift_m > step_m) {
      glm::vec3 limited_ws = followed_ws + shift_ws * (step_m / shift_m);
      const float align = AlignWeight(frame, foot, side);
      FootFit fit = FitFoot(side, limited_ws, foot.align_normal_ws, align, frame, pose, spaces);
      if (fit.lift_m > settings.sole_give_m && limited_ws.y < foot.target_sole_ws.y) {
        limited_ws.x = foot.shifted_sole_ws.x;
        limited_ws.z = foot.shifted_sole_ws.z;
        fit = FitFoot(side, limited_ws, foot.align_normal_ws, align, frame, pose, spaces);
      }
      limited_ws.y += fit.lift_m;
      foot.target_sole_ws = limited_ws;
      foot.align_normal_ws = fit.align_normal_ws;
      foot.heel_ball_ground_ws = fit.heel_ball_ground_ws;
      foot.lift_m = fit.lift_m;
    }
  }
  foot.shifted_sole_ws = foot.target_sole_ws;
  foot.shifted_clip_sole_ws = foot.clip_sole_ws;
  foot.has_shifted = true;
}

// A landing foot whose ball would catch a riser (a lift of more than
// sole_give_m) while the spot it plants on lies lower goes on to that spot
// at once: its last centimetres forward are a smaller jump than a tread up
// and down again.
void FootIkController::KeepOffTheRiserAhead(int side, const glm::vec3& normal_ws, const FootIkFrame& frame,
                                            const PoseView& pose, const Spaces& spaces) {
  FootIkState& foot = feet_[side];
  if (!foot.heads_for_plant || foot.locked || foot.lock_fit.lift_m <= settings.sole_give_m ||
      foot.landing_plant_ws.y >= foot.target_sole_ws.y + foot.lock_fit.lift_m - settings.sole_give_m)
    return;
  glm::vec3 at_plant_ws = foot.target_sole_ws;
  at_plant_ws.x = foot.landing_plant_ws.x;
  at_plant_ws.z = foot.landing_plant_ws.z;
  const FootFit fit = FitFoot(side, at_plant_ws, normal_ws, AlignWeight(frame, foot, side), frame, pose, spaces);
  if (fit.lift_m >= foot.lock_fit.lift_m - settings.sole_give_m) return;
  foot.target_sole_ws = at_plant_ws;
  foot.lock_fit = fit;
}

// Where a swinging sole lands on the ground, as far as is known now: its
// plant once it heads for one, and the ground where the clip planted it
// last, in the model, carried on at the body's velocity for the swing's
// time left (the clip plays in place). None, one or both.
FootIkController::LandingSpots FootIkController::LandingGroundWs(int side, const FootIkFrame& frame,
                                                                 const Spaces& spaces) const {
  const FootIkState& foot = feet_[side];
  LandingSpots spots;
  if (foot.heads_for_plant) spots.push_back(foot.landing_plant_ws);
  if (!foot.has_landing || !frame.moving) return spots;
  glm::vec3 from_ws = ClipLandingWs(side, spaces, foot.swing_left_s);
  from_ws.y = foot.ray_from_ws.y;
  const GroundProbe landing = frame.raycast(frame.raycast_context, from_ws, foot.ray_from_ws.y - foot.ray_to_ws.y);
  // A step below where the body stands (the drawn root lags above the
  // feet down a flight; the other foot is on the tread it leaves), or two
  // down a flight walked between: a drop deeper than a step is not walked.
  if (!landing.hit) return spots;
  const glm::vec3& standing_ws = feet_[1 - side].ground.point_ws;
  const float below_m = std::min(spaces.root_ws.y, standing_ws.y) - landing.point_ws.y;
  if (below_m <= settings.max_step_m ||
      (below_m <= 2.0f * settings.max_step_m && WalkedDown(frame, standing_ws, landing.point_ws)))
    spots.push_back(landing.point_ws);
  return spots;
}

// Where the clip planted this sole last, in the model (the clip plays in
// place), carried on at the body's velocity for left_s seconds, world.
glm::vec3 FootIkController::ClipLandingWs(int side, const Spaces& spaces, float left_s) const {
  return glm::vec3(spaces.to_world * glm::vec4(feet_[side].landing_ms, 1.0f)) + spaces.velocity_ws * left_s;
}

// Whether the ground from from_ws down to to_ws goes in steps a foot
// takes (none higher than max_step_m), sampled at kWalkedDownSamples.
bool FootIkController::WalkedDown(const FootIkFrame& frame, const glm::vec3& from_ws, const glm::vec3& to_ws) const {
  constexpr int kWalkedDownSamples = 4;
  float last_y = from_ws.y;
  for (int i = 1; i <= kWalkedDownSamples; ++i) {
    glm::vec3 at_ws = glm::mix(from_ws, to_ws, static_cast<float>(i) / kWalkedDownSamples);
    at_ws.y = from_ws.y + settings.max_step_m;
    const GroundProbe hit = frame.raycast(frame.raycast_context, at_ws, at_ws.y - to_ws.y + settings.max_step_m);
    if (!hit.hit || std::fabs(hit.point_ws.y - last_y) > settings.max_step_m) return false;
    last_y = hit.point_ws.y;
  }
  return true;
}

}  // namespace knights::ik
