#include "knights/ik/foot_ik_controller.h"

#include <algorithm>
#include <cmath>

#include "knights/ik/ik_math.h"
#include "knights/ik/limb_placement_job.h"
#include "knights/math/matrix_ops.h"

namespace knights::ik {
namespace {

constexpr float kDegToRad = 3.14159265358979323846f / 180.0f;
const glm::vec3 kUpWs(0.0f, 1.0f, 0.0f);
const glm::vec4 kRayColor{0.6f, 0.6f, 0.6f, 1.0f};
const glm::vec4 kNormalColor{0.2f, 0.5f, 1.0f, 1.0f};
const glm::vec4 kReachedColor{0.2f, 1.0f, 0.3f, 1.0f};
const glm::vec4 kMissedColor{1.0f, 0.25f, 0.2f, 1.0f};
const glm::vec4 kLockColor{1.0f, 0.85f, 0.1f, 1.0f};
const glm::vec4 kHeelBallColor{0.9f, 0.4f, 1.0f, 1.0f};

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

// How much of the ground's tilt a foot takes: fully from the moment it
// counts as planted (contact 0.5), so that a planted foot keeps one
// orientation, and its heel and ball one clearance, for the whole plant;
// as a released lock fades (lock_blend), not in one step, when the clip's
// contact ends at once (a tilted sole turned level at once digs its heel
// or ball into the ground it stood on).
float AlignWeight(const FootIkFrame& frame, const FootIkState& foot, int side) {
  return frame.airborne ? 0.0f : std::clamp(std::max(2.0f * frame.contact[side], foot.lock_blend), 0.0f, 1.0f);
}

}  // namespace

float StrideScaleForSlope(float slope_rad, float min_scale) {
  constexpr float kSteepestSin = 0.6427876f;  // sin 40 degrees, the steepest legal slope
  const float steepness = std::min(std::fabs(std::sin(slope_rad)) / kSteepestSin, 1.0f);
  return 1.0f - (1.0f - min_scale) * steepness;
}

void FootIkController::Init(const LegRig& left, const LegRig& right, int pelvis_joint) {
  legs_ = {left, right};
  pelvis_ = pelvis_joint;
  Reset();
}

void FootIkController::Reset(bool active) {
  feet_ = {};
  pelvis_spring_ = {};
  has_previous_origin_ = false;
  fader_.phase = active ? 1.0f : 0.0f;
  mode_fader_.phase = fader_.phase;
  last_master_ = fader_.phase;
}

bool FootIkController::Run(const FootIkFrame& frame, const PoseView& pose, core::DebugLines* debug) {
  if (frame.raycast == nullptr || !IsFinite(frame.model_to_world) || !std::isfinite(frame.dt_s) ||
      !(frame.stride_scale > 0.0f && frame.stride_scale <= 2.0f) || pelvis_ < 0 || pelvis_ >= pose.JointCount() ||
      !pose.Valid()) {
    return false;
  }
  switches_ = frame.switches;
  const float master = UpdateFaders(frame);
  Spaces spaces;
  spaces.to_world = frame.model_to_world;
  spaces.to_model = math::InverseAffine(spaces.to_world);
  spaces.root_ws = glm::vec3(spaces.to_world * pose.models_ms[0][3]);
  const glm::vec3 origin_ws(spaces.to_world[3]);
  if (has_previous_origin_ && frame.dt_s > 0.0f) spaces.velocity_ws = (origin_ws - previous_origin_ws_) / frame.dt_s;
  previous_origin_ws_ = origin_ws;
  has_previous_origin_ = true;

  ProbeGround(frame, pose, spaces);  // 1
  for (int side = 0; side < 2; ++side) {
    ChooseTarget(side, frame, pose, spaces, master);  // 2
    PlaceHeelAndBall(side, frame, pose, spaces);      // 3
    LimitSwingShift(side, frame, pose, spaces);
  }
  LowerPelvis(frame, pose, spaces, master);  // 4
  PlaceLegs(frame, pose, spaces, master);    // 5
  LiftOutOfGround(frame, pose, spaces);      // 6
  if (debug != nullptr) DrawDebug(*debug);   // 7
  last_master_ = master;
  return true;
}

// The user's switch and the mode (ladders) fade the whole pass.
float FootIkController::UpdateFaders(const FootIkFrame& frame) {
  fader_.fade_time = settings.fade_time_s;
  fader_.enabled = switches_.master;
  mode_fader_.fade_time = settings.fade_time_s;
  mode_fader_.enabled = frame.active;
  if (frame.active) mode_fader_.phase = 1.0f;
  return fader_.Update(frame.dt_s) * mode_fader_.Update(frame.dt_s);
}

// 1. A ray down under each animated sole, from above the higher hip. A miss
//    fades the leg out, holding the last ground.
void FootIkController::ProbeGround(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces) {
  const float ray_top_y = std::max(glm::vec3(spaces.to_world * pose.models_ms[legs_[0].chain.start][3]).y,
                                   glm::vec3(spaces.to_world * pose.models_ms[legs_[1].chain.start][3]).y) +
                          settings.ray_above_hip_m;
  const float ray_length_m = std::max(0.0f, ray_top_y - spaces.root_ws.y) + settings.ray_below_m;
  const float fade_step = settings.fade_time_s > 0.0f ? frame.dt_s / settings.fade_time_s : 1.0f;
  const glm::vec3 pelvis_ws = glm::vec3(spaces.to_world * pose.models_ms[pelvis_][3]);
  const glm::vec3 forward_ws = glm::normalize(glm::vec3(spaces.to_world[0]));  // the model's +x, its facing
  for (int side = 0; side < 2; ++side) {
    FootIkState& foot = feet_[side];
    foot.clip_sole_ws = PointWs(spaces.to_world, pose.models_ms[legs_[side].chain.end], legs_[side].sole_offset_ls);
    foot.animated_sole_ws = foot.clip_sole_ws;
    if (!frame.airborne && frame.stride_scale != 1.0f) {
      // Stride warping: along the forward axis, about the pelvis.
      const float ahead_m = glm::dot(foot.clip_sole_ws - pelvis_ws, forward_ws);
      foot.animated_sole_ws -= forward_ws * ((1.0f - frame.stride_scale) * ahead_m);
    }
    const glm::vec3 wall_shift_ws = WallShiftWs(side, frame, pose, spaces);
    foot.ray_from_ws =
        glm::vec3(foot.animated_sole_ws.x + wall_shift_ws.x, ray_top_y, foot.animated_sole_ws.z + wall_shift_ws.z);
    foot.ray_to_ws = foot.ray_from_ws - kUpWs * ray_length_m;
    const GroundProbe probe = FindStandableGround(side, frame, spaces, wall_shift_ws, ray_length_m);
    foot.ground_found = probe.hit;
    if (frame.airborne) {
      // In the air only this step's ground counts (the target never pulls
      // a foot down to it), so nothing fades: the feet land at full weight.
      foot.ground_weight = 1.0f;
      foot.ground = probe;
      continue;
    }
    foot.ground_weight = std::clamp(foot.ground_weight + (probe.hit ? fade_step : -fade_step), 0.0f, 1.0f);
    if (probe.hit) {
      foot.ground = probe;
    } else if (foot.ground_weight <= 0.0f) {
      foot.ground.hit = false;  // faded out: the last ground is forgotten
    }
  }
}

// Whether the face hit at face_ws by a ray along dir_ws is a wall: from the
// ground at its foot to the ground on top of it, more than a step (a riser
// two treads ahead on a stair is met at the same height, and is a step).
bool FootIkController::IsWall(const FootIkFrame& frame, const glm::vec3& face_ws, const glm::vec3& dir_ws) const {
  constexpr float kAsideM = 0.02f;    // either side of the face
  constexpr float kAboveTopM = 3.0f;  // the top is looked for from this far above the hit
  const float rise_limit_m = settings.max_step_m;
  const GroundProbe foot_of_face =
      frame.raycast(frame.raycast_context, face_ws - dir_ws * kAsideM, rise_limit_m + kAboveTopM);
  const GroundProbe top = frame.raycast(frame.raycast_context, face_ws + dir_ws * kAsideM + kUpWs * kAboveTopM,
                                        kAboveTopM + rise_limit_m + kAboveTopM);
  if (!foot_of_face.hit || !top.hit) return true;
  return top.point_ws.y - foot_of_face.point_ws.y > rise_limit_m;
}

// The ground under the sole's ray; with none (over a drop or a pit edge),
// or on the ground only some more than a step below the root (over a drop's
// edge, the body on the ledge), the nearest standable ground towards the
// body, where the foot is then put (foot.ground_shift_ws). The ray's hit,
// standable or not, when there is none.
GroundProbe FootIkController::FindStandableGround(int side, const FootIkFrame& frame, const Spaces& spaces,
                                                  const glm::vec3& wall_shift_ws, float ray_length_m) {
  FootIkState& foot = feet_[side];
  const float lowest_y = frame.airborne ? -1e30f : spaces.root_ws.y - settings.max_step_m;
  auto standable = [&](const GroundProbe& p) { return p.hit && p.point_ws.y >= lowest_y; };
  GroundProbe probe = frame.raycast(frame.raycast_context, foot.ray_from_ws, ray_length_m);
  foot.ground_shift_ws = wall_shift_ws;
  // First along the course (a pit's edge), then across it (beside a beam
  // narrower than the stance: the foot goes onto the beam).
  for (const glm::vec3 axis_ws : {glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f, 0.0f, 1.0f)}) {
    const glm::vec3 toward_root_ws = axis_ws * glm::dot(spaces.root_ws - foot.ray_from_ws, axis_ws);
    const float to_root_m = glm::length(toward_root_ws);
    for (int i = 1; !standable(probe) && to_root_m > 1e-4f && i <= kEdgeSearchSteps; ++i) {
      const float shift_m = std::min(settings.max_edge_shift_m * static_cast<float>(i) / kEdgeSearchSteps, to_root_m);
      const glm::vec3 shift_ws = toward_root_ws * (shift_m / to_root_m);
      const GroundProbe shifted = frame.raycast(frame.raycast_context, foot.ray_from_ws + shift_ws, ray_length_m);
      if (standable(shifted)) {
        probe = shifted;
        foot.ground_shift_ws = wall_shift_ws + shift_ws;
      }
    }
  }
  return probe;
}

// How far the foot goes back toward the body so that the clip's ball is
// toe_clearance_m short of any wall between the body and it: a face rising
// more than max_step_m over the root (a step lower than that, the foot goes
// onto), met by a ray along x from the root at the ball's depth, at that
// height or the ball's if higher (a foot swung over the wall's top).
glm::vec3 FootIkController::WallShiftWs(int side, const FootIkFrame& frame, const PoseView& pose,
                                        const Spaces& spaces) const {
  const FootIkState& foot = feet_[side];
  const LegRig& leg = legs_[side];
  if (frame.wall_raycast == nullptr) return glm::vec3(0.0f);
  // The ball as the clip puts it, moved with the sole by stride warping.
  const glm::vec3 ball_ws = PointWs(spaces.to_world, pose.models_ms[leg.chain.end], leg.ball_offset_ls) +
                            (foot.animated_sole_ws - foot.clip_sole_ws);
  const float ahead_m = ball_ws.x - spaces.root_ws.x;
  if (std::fabs(ahead_m) < 1e-4f) return glm::vec3(0.0f);
  const glm::vec3 dir_ws(ahead_m > 0.0f ? 1.0f : -1.0f, 0.0f, 0.0f);
  const glm::vec3 from_ws(spaces.root_ws.x, std::max(spaces.root_ws.y + settings.max_step_m, ball_ws.y), ball_ws.z);
  const float length_m = std::fabs(ahead_m) + settings.toe_clearance_m;
  const GroundProbe wall = frame.wall_raycast(frame.raycast_context, from_ws, dir_ws, length_m);
  if (!wall.hit || !IsWall(frame, wall.point_ws, dir_ws)) return glm::vec3(0.0f);
  const float into_m = length_m - std::fabs(wall.point_ws.x - from_ws.x);
  return into_m > 0.0f ? -dir_ws * into_m : glm::vec3(0.0f);
}

// 2. The sole's target: the free target (FreeTarget), or the lock of a
//    planted foot (UpdateLock), blended while a lock is let go.
void FootIkController::ChooseTarget(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces,
                                    float master) {
  FootIkState& foot = feet_[side];
  const float contact = frame.airborne ? 0.0f : std::clamp(frame.contact[side], 0.0f, 1.0f);
  const bool planted = switches_.foot_lock && master > 0.0f && contact >= 0.5f && foot.ground.hit;
  // Landing: the second half of the swing moves the foot on to where it
  // will be planted (ChoosePlant), so the plant itself is not a jump; the
  // swing floor's plan (PlanSwingFloor) then heads for that spot too.
  foot.swing_spot_ws = foot.animated_sole_ws + foot.ground_shift_ws;
  foot.headed_for_plant = foot.heads_for_plant;
  foot.heads_for_plant = !planted && foot.ground.hit && !frame.airborne && frame.swing_progress[side] > kLandingStart;
  if (foot.heads_for_plant) {
    const float u = std::min((frame.swing_progress[side] - kLandingStart) / (1.0f - kLandingStart), 1.0f);
    const GroundProbe landing = ChoosePlant(side, foot.swing_spot_ws, frame, pose, spaces);
    foot.landing_plant_ws = landing.point_ws;
    foot.landing_normal_ws = landing.normal_ws;
    const float w = u * u * (3.0f - 2.0f * u);
    foot.swing_spot_ws.x += (foot.landing_plant_ws.x - foot.swing_spot_ws.x) * w;
    foot.swing_spot_ws.z += (foot.landing_plant_ws.z - foot.swing_spot_ws.z) * w;
  }
  const glm::vec3 free_target_ws = FreeTarget(side, frame, pose, spaces, contact);
  UpdateLock(side, planted, free_target_ws, frame, pose, spaces);
  foot.hold_yaw_rad = HeldYawRad(side, pose, spaces);
  foot.target_sole_ws = glm::mix(free_target_ws, foot.lock_point_ws, foot.lock_blend);
  foot.align_normal_ws = foot.ground.normal_ws;
  foot.lift_m = 0.0f;
}

// Where the sole goes unlocked: on the ground when planted, the clip's lift
// above its swing floor (SwingFloorY) while swinging, only out of the
// ground in the air.
glm::vec3 FootIkController::FreeTarget(int side, const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces,
                                       float contact) {
  FootIkState& foot = feet_[side];
  // The clip is authored on flat ground at the root's height: this is how
  // far the animation lifts the sole above it.
  const float lift_m = foot.animated_sole_ws.y - spaces.root_ws.y;
  glm::vec3 free_target_ws = foot.swing_spot_ws;
  const float floor_y = SwingFloorY(side, frame, pose, spaces, contact);
  if (foot.ground.hit && !frame.airborne) {
    free_target_ws.y = floor_y + std::max(lift_m, 0.0f) * (1.0f - contact);
  } else if (foot.ground_found) {
    // In the air only this step's ground: a ledge left behind must not
    // hold up a foot that has dropped below it.
    free_target_ws.y = std::max(foot.animated_sole_ws.y, foot.ground.point_ws.y);
  }
  return free_target_ws;
}

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

// A foot that plants is locked where it fits (ChoosePlant) until its
// contact ends; dragged too far it is let go for the rest of the contact;
// a let-go lock blends back to the free target over lock_release_time_s.
void FootIkController::UpdateLock(int side, bool planted, const glm::vec3& free_target_ws, const FootIkFrame& frame,
                                  const PoseView& pose, const Spaces& spaces) {
  FootIkState& foot = feet_[side];
  if (planted && !foot.locked && !foot.lock_let_go) {
    foot.locked = true;
    foot.lock_heading_ws = FootHeadingWs(side, pose, spaces);
    foot.hold_yaw_rad = 0.0f;
    // A foot that was heading for its plant lands there: chosen again now
    // it could be a tread away, the foot jumping to it in one step.
    const GroundProbe plant = foot.headed_for_plant ? GroundProbe{true, foot.landing_plant_ws, foot.landing_normal_ws}
                                                    : ChoosePlant(side, free_target_ws, frame, pose, spaces);
    foot.lock_point_ws = plant.point_ws;
    foot.lock_normal_ws = plant.normal_ws;
    foot.has_lock_fit = false;
    foot.lock_blend = 1.0f;
    TurnToFit(side, plant, frame, pose, spaces);
  } else if (planted && foot.locked &&
             glm::length(glm::vec2(foot.lock_point_ws.x - free_target_ws.x, foot.lock_point_ws.z - free_target_ws.z)) >
                 settings.max_lock_distance_m) {
    foot.locked = false;  // dragged too far (teleport, turn)
    foot.lock_let_go = true;
  } else if (!planted) {
    foot.locked = false;
    foot.lock_let_go = false;
  }
  if (!foot.locked) {
    foot.lock_blend = settings.lock_release_time_s > 0.0f
                          ? std::max(0.0f, foot.lock_blend - frame.dt_s / settings.lock_release_time_s)
                          : 0.0f;
  }
}

// The leg's reach this step: max_leg_extension of hip-knee plus knee-ankle,
// metres (bone lengths are the same in world and model space).
float FootIkController::LegReachM(int side, const PoseView& pose) const {
  const glm::vec2 bones_m = BoneLengthsM(side, pose);
  return settings.max_leg_extension * (bones_m.x + bones_m.y);
}

// Hip-knee and knee-ankle lengths, metres (the same in world and model space).
glm::vec2 FootIkController::BoneLengthsM(int side, const PoseView& pose) const {
  const TwoBoneChain& c = legs_[side].chain;
  return {glm::distance(pose.PositionMs(c.start), pose.PositionMs(c.mid)),
          glm::distance(pose.PositionMs(c.mid), pose.PositionMs(c.end))};
}

// The hip-ankle distance of the leg with its knee bent bend_deg, metres:
// the nearest the hip comes to its ankle at that bend.
float FootIkController::LegFoldM(int side, const PoseView& pose, float bend_deg) const {
  const glm::vec2 bones_m = BoneLengthsM(side, pose);
  return ReachAtBend(bones_m.x, bones_m.y, std::cos(bend_deg * kDegToRad));
}

// 3. Two-point placement of the target chosen in step 2.
void FootIkController::PlaceHeelAndBall(int side, const FootIkFrame& frame, const PoseView& pose,
                                        const Spaces& spaces) {
  FootIkState& foot = feet_[side];
  if (!foot.ground.hit && !frame.airborne) return;
  // A locked foot keeps the fit of its plant: it must not move while
  // planted, whatever the clip's foot does meanwhile. On ground steeper
  // than the sole tilts the clip's foot turns the placed one with it (the
  // tilt stops short of the ground), so its pitch is fitted again every
  // step, about the sole, which keeps its plant's lift (it must not drift).
  const bool keeps_fit = foot.locked && foot.lock_blend >= 1.0f && foot.has_lock_fit;
  if (!keeps_fit || SteeperThanTilt(foot.lock_normal_ws)) {
    const glm::vec3 normal_ws = glm::normalize(glm::mix(foot.ground.normal_ws, foot.lock_normal_ws, foot.lock_blend));
    const float plant_lift_m = foot.lock_fit.lift_m;
    foot.lock_fit = FitFoot(side, foot.target_sole_ws, normal_ws, AlignWeight(frame, foot, side), frame, pose, spaces);
    if (keeps_fit) foot.lock_fit.lift_m = plant_lift_m;
    KeepOffTheRiserAhead(side, normal_ws, frame, pose, spaces);
    foot.has_lock_fit = foot.locked && foot.lock_blend >= 1.0f;
  }
  const FootFit& fit = foot.lock_fit;
  foot.align_normal_ws = fit.align_normal_ws;
  foot.heel_ball_ground_ws = fit.heel_ball_ground_ws;
  foot.lift_m = fit.lift_m;
  foot.target_sole_ws.y += fit.lift_m;
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

// The pelvis offsets (metres, along world up) that step 4 chooses
// between, from where each foot's target is.
FootIkController::PelvisBounds FootIkController::MeasurePelvisBounds(const FootIkFrame& frame, const PoseView& pose,
                                                                     const Spaces& spaces) const {
  PelvisBounds b;
  b.reach_offset = b.planted_reach_offset = settings.max_pelvis_raise_m;
  for (int side = 0; side < 2; ++side) {
    const FootIkState& foot = feet_[side];
    const LegRig& leg = legs_[side];
    if (!foot.ground.hit || frame.airborne) continue;
    b.lowest_delta = std::min(b.lowest_delta, foot.ground.point_ws.y + foot.lift_m - spaces.root_ws.y);
    b.any_hit = true;
    const glm::vec3 hip_ws = glm::vec3(spaces.to_world * pose.models_ms[leg.chain.start][3]);
    const glm::vec3 ankle_ws = glm::vec3(spaces.to_world * pose.models_ms[leg.chain.end][3]);
    // The ankle goes where the sole's target puts it once the foot is
    // tilted to its ground (LimbPlacementJob turns the foot the same way).
    const glm::quat tilt = FootTurnWs(side, foot.align_normal_ws, AlignWeight(frame, foot, side), pose, spaces);
    const glm::vec3 ankle_target_ws = foot.target_sole_ws + tilt * (ankle_ws - foot.clip_sole_ws);
    const float horizontal_m = glm::length(glm::vec2(hip_ws.x - ankle_target_ws.x, hip_ws.z - ankle_target_ws.z));
    // How high above the ankle's target the hip must be for the leg to
    // span hip_to_ankle_m (-1e9: any height).
    auto lowest_hip_m = [&](float hip_to_ankle_m) {
      return horizontal_m < hip_to_ankle_m
                 ? ankle_target_ws.y - hip_ws.y +
                       std::sqrt(hip_to_ankle_m * hip_to_ankle_m - horizontal_m * horizontal_m)
                 : -1e9f;
    };
    const bool planted = foot.locked || frame.contact[side] >= 0.5f;
    b.fold_offset = std::max(b.fold_offset, lowest_hip_m(LegFoldM(side, pose, settings.max_knee_bend_deg)));
    if (planted) {
      b.planted_shut_offset =
          std::max(b.planted_shut_offset, lowest_hip_m(LegFoldM(side, pose, settings.knee_limit_deg - kShutMarginDeg)));
    }
    if (!planted && foot.swing_left_s > 0.0f) {
      // Carried on along the ground only: the drawn body's rise easing a
      // step up is no speed it keeps (carried on, it read as a hip 1 m up
      // at the landing, and the pelvis crouched to its limit for it).
      const glm::vec3 hip_at_landing_ws =
          hip_ws + glm::vec3(spaces.velocity_ws.x, 0.0f, spaces.velocity_ws.z) * foot.swing_left_s;
      for (const glm::vec3& landing_ws : LandingGroundWs(side, frame, spaces))
        b.landing_reach_offset =
            std::min(b.landing_reach_offset,
                     ReachOffset(side, pose, hip_at_landing_ws, landing_ws + (ankle_ws - foot.clip_sole_ws)));
    }
    const float offset = ReachOffset(side, pose, hip_ws, ankle_target_ws);
    b.reach_offset = std::min(b.reach_offset, offset);
    if (planted) b.planted_reach_offset = std::min(b.planted_reach_offset, offset);
  }
  return b;
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

float FootIkController::ReachOffset(int side, const PoseView& pose, const glm::vec3& hip_ws,
                                    const glm::vec3& ankle_ws) const {
  const float reach_m = LegReachM(side, pose);
  const float horizontal_m = glm::length(glm::vec2(hip_ws.x - ankle_ws.x, hip_ws.z - ankle_ws.z));
  if (horizontal_m >= reach_m) return 1e9f;  // no drop helps
  return std::sqrt(reach_m * reach_m - horizontal_m * horizontal_m) - (hip_ws.y - ankle_ws.y);
}

// 4. Lower the pelvis so that the lower foot reaches its ground (smoothed by
//    the spring), and at once as far as every target needs to be within the
//    leg's reach (a hard limit: |hip - ankle target| <= reach). The limit is
//    an upper bound on the offset: with no foot constraining it, the pelvis
//    may still rise up to max_pelvis_raise_m.
void FootIkController::LowerPelvis(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces, float master) {
  const PelvisBounds b = MeasurePelvisBounds(frame, pose, spaces);
  // While moving the pelvis drops less: a runner on a steep slope takes
  // shorter steps (stride warping) rather than a lunge.
  const float max_drop_m = frame.moving ? settings.max_pelvis_drop_moving_m : settings.max_pelvis_drop_m;
  auto floor_of = [&](float offset) { return std::max(offset, -settings.max_pelvis_drop_m) * master; };
  const float reach_floor = floor_of(b.reach_offset);  // reach wins over style
  // The style limit (no knee past max_knee_bend_deg) is the spring's goal
  // and a floor that rises kMaxFoldRiseM a step at most: held at once it
  // threw the pelvis up 0.3 m in one step wherever a trailing foot swung
  // high behind (down stairs), and the leading foot's reach threw it down
  // again the next. It yields to every foot's reach: a lock let go would
  // leave a planted foot hanging in the air, and a swinging foot short of
  // its ground may swing into a riser.
  float pelvis_goal = switches_.pelvis && b.any_hit
                          ? std::clamp(b.lowest_delta, -max_drop_m, settings.max_pelvis_raise_m) * master
                          : 0.0f;
  if (switches_.pelvis && master > 0.0f)
    pelvis_goal = std::max(pelvis_goal, std::min(b.fold_offset * master, reach_floor));
  const float landing_floor = floor_of(b.landing_reach_offset);
  if (switches_.pelvis) pelvis_goal = std::min(pelvis_goal, landing_floor);
  const float last_offset = pelvis_spring_.value;
  // A floor that holds the pelvis moves it at its own pace: let go, the
  // spring goes on from that velocity (bounded: a floor's jump is no pace).
  auto held_velocity = [&](float held) {
    constexpr float kMaxHeldMps = 2.0f;
    return frame.dt_s > 0.0f ? std::clamp((held - last_offset) / frame.dt_s, -kMaxHeldMps, kMaxHeldMps) : 0.0f;
  };
  float pelvis_offset = pelvis_spring_.Update(pelvis_goal, settings.pelvis_smooth_time_s, frame.dt_s);
  // A planted knee never folds shut for a swinging foot: stepping up onto
  // a high foothold the body rises over it at once, the other foot
  // swinging short of the ground below. With the pass off (master 0)
  // nothing holds the pelvis: it eases back to the clip's.
  const float style_floor = std::min({b.fold_offset * master, reach_floor, landing_floor, last_offset + kMaxFoldRiseM});
  const float fold_floor =
      std::max(style_floor, std::min(b.planted_shut_offset * master, floor_of(b.planted_reach_offset)));
  const bool folds = master > 0.0f && fold_floor > -settings.max_pelvis_drop_m * master;
  if (switches_.pelvis && pelvis_offset > reach_floor) {
    // Continue the spring from where the constraint put the pelvis.
    pelvis_offset = pelvis_spring_.value = reach_floor;
    pelvis_spring_.velocity = std::min(pelvis_spring_.velocity, held_velocity(reach_floor));
  }
  if (switches_.pelvis && folds && pelvis_offset < fold_floor) {
    pelvis_offset = pelvis_spring_.value = fold_floor;
    pelvis_spring_.velocity = std::max(pelvis_spring_.velocity, held_velocity(fold_floor));
  }
  if (std::fabs(pelvis_offset) <= 1e-6f) return;
  pose.TranslateSubtree(pelvis_, glm::mat3(spaces.to_model) * (kUpWs * pelvis_offset));
}

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

// 7. Rays, ground normals, targets (green reached, red not), locks, and the
//    heel and ball hits of two-point placement.
void FootIkController::DrawDebug(core::DebugLines& debug) const {
  for (const FootIkState& foot : feet_) {
    debug.Add(foot.ray_from_ws, foot.ray_to_ws, kRayColor);
    if (foot.ground.hit)
      debug.Add(foot.ground.point_ws, foot.ground.point_ws + foot.ground.normal_ws * 0.25f, kNormalColor);
    debug.AddCross(foot.target_sole_ws, 0.05f, foot.reached ? kReachedColor : kMissedColor);
    if (foot.lock_blend > 0.0f) debug.AddCross(foot.lock_point_ws, 0.08f, kLockColor);
    if (foot.lift_m > 0.0f) {
      for (const glm::vec3& p : foot.heel_ball_ground_ws) debug.AddCross(p, 0.03f, kHeelBallColor);
    }
  }
}

}  // namespace knights::ik
