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

}  // namespace

float StrideScaleForSlope(float slope_rad, float min_scale) {
  constexpr float kSteepestSin = 0.6427876f;  // sin 40 degrees, the steepest legal slope
  const float steepness = std::min(std::fabs(std::sin(slope_rad)) / kSteepestSin, 1.0f);
  return 1.0f - (1.0f - min_scale) * steepness;
}

// How much of the ground's tilt a foot takes: fully from the moment it
// counts as planted (contact 0.5), so that a planted foot keeps one
// orientation, and its heel and ball one clearance, for the whole plant;
// as a released lock fades (lock_blend), not in one step, when the clip's
// contact ends at once (a tilted sole turned level at once digs its heel
// or ball into the ground it stood on).
float FootIkController::AlignWeight(const FootIkFrame& frame, const FootIkState& foot, int side) {
  return frame.airborne ? 0.0f : std::clamp(std::max(2.0f * frame.contact[side], foot.lock_blend), 0.0f, 1.0f);
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
    foot.animated_sole_ws = foot.clip_sole_ws + frame.sole_shift_ws[side];
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
