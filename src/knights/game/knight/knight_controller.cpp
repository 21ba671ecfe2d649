#include "knights/game/knight/knight_controller.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include <glm/gtc/matrix_transform.hpp>

#include "knights/ik/foot_ik_controller.h"
#include "knights/math/move_towards.h"

namespace knights::game {
namespace {

using math::MoveTowards;

constexpr float kPi = 3.14159265358979f;

// Walls start this far above a step's height, and the ground is looked for
// from a little higher still: an edge between the two is both stepped onto
// and never walked into, so nothing is neither a wall nor a step.
constexpr float kWallAboveStepM = 0.02f;
constexpr float kGroundAboveStepM = 0.03f;
// A passing lane is taken where its ground, under the feet and this far
// ahead, across the lane's width (the feet and a margin each side of its
// centre), is within kLaneLevelM of the ground the knight is on, metres:
// a lane never puts a foot over a platform's back edge. With the hillside
// rule (LaneRule::kHillside) the ground from the knight's depth across to
// the lane's far side, sampled every kLaneSampleM, need only lie within
// kLaneLevelM of the straight line from the ground the knight is on to that
// far side, with no two neighbouring samples further apart than that and
// the line no steeper than a walkable slope: an edge or a rock still stops
// it, a hillside that tilts across the path does not.
constexpr float kLaneLookAheadM = 0.8f;
constexpr float kLaneHalfWidthM = 0.3f;
constexpr float kLaneLevelM = 0.1f;
constexpr float kLaneSampleM = 0.15f;

}  // namespace

const char* ToString(KnightMode mode) {
  switch (mode) {
    case KnightMode::kGround:
      return "ground";
    case KnightMode::kAir:
      return "air";
    case KnightMode::kLadderEnter:
      return "ladder enter (bottom)";
    case KnightMode::kLadderEnterTop:
      return "ladder enter (top)";
    case KnightMode::kClimb:
      return "climb";
    case KnightMode::kLadderExit:
      return "ladder exit (top)";
  }
  return "?";
}

void KnightController::Spawn(const glm::vec3& feet_ws, int facing) {
  checkpoint_ = -1;
  Place(feet_ws, facing);
}

void KnightController::Place(const glm::vec3& feet_ws, int facing) {
  mode_ = KnightMode::kGround;
  feet_ws_ = glm::vec3(feet_ws.x, feet_ws.y, 0.0f);
  velocity_ = glm::vec2(0.0f);
  facing_ = facing >= 0 ? 1 : -1;
  yaw_rad_ = facing_ > 0 ? 0.0f : -kPi;
  pitch_rad_ = 0.0f;
  turn_left_s_ = 0.0f;
  visual_offset_y_ = {};
  coyote_left_s_ = jump_buffer_left_s_ = land_time_left_s_ = 0.0f;
  ladder_ = -1;
  approach_ladder_ = approach_blocked_ = -1;
  SetRole(character::ClipRole::kIdle, 1.0f);
}

glm::mat4 KnightController::ModelToWorld() const {
  glm::mat4 m = glm::translate(glm::mat4(1.0f), VisualFeetWs());
  m = glm::rotate(m, pitch_rad_, glm::vec3(0.0f, 0.0f, 1.0f));
  return glm::rotate(m, yaw_rad_, glm::vec3(0.0f, 1.0f, 0.0f));
}

void KnightController::SetRole(character::ClipRole role, float rate, float start_s, bool restart) {
  if (role != role_ || restart) ++role_serial_;
  role_ = role;
  role_rate_ = rate;
  role_start_s_ = start_s;
}

void KnightController::Step(const core::InputState& input, const world::World& world, float dt_s) {
  if (!(dt_s > 0.0f) || !std::isfinite(dt_s)) return;
  just_landed_ = false;
  turn_completed_ = false;
  jump_buffer_left_s_ = input.jump_pressed ? tuning.jump_buffer_s : std::max(0.0f, jump_buffer_left_s_ - dt_s);
  const float previous_x = feet_ws_.x;
  const float previous_y = feet_ws_.y;
  const float previous_vy = velocity_.y;
  const KnightMode previous_mode = mode_;

  switch (mode_) {
    case KnightMode::kGround:
      StepGround(input, world, dt_s);
      break;
    case KnightMode::kAir:
      StepAir(input, world, dt_s);
      break;
    case KnightMode::kClimb:
      StepClimb(input, world, dt_s);
      break;
    case KnightMode::kLadderEnter:
    case KnightMode::kLadderEnterTop:
    case KnightMode::kLadderExit:
      StepLadderTransition(world, dt_s);
      break;
  }

  // Step smoothing: a snap up or down a step on the ground is absorbed into
  // the visual offset, which then eases back to zero. Only the part of the
  // height change that no walkable slope explains is a step: absorbing a
  // slope's steady climb would draw the body below its feet for as long as
  // the slope lasts (0.24 m on 40 degrees at a run). ik::kStepSlopeTan is
  // the steepest rise (46 degrees) still taken for a slope.
  if (previous_mode == KnightMode::kGround && mode_ == KnightMode::kGround) {
    const float rise_m = feet_ws_.y - previous_y;
    const float run_m = feet_ws_.x - previous_x;
    visual_offset_y_.value -= rise_m - (run_m != 0.0f ? run_m * MeanGroundRise(world) : 0.0f);
  } else if (previous_mode == KnightMode::kAir && mode_ == KnightMode::kGround) {
    // Landed: the drawn body keeps where it was and the speed it fell at,
    // and is eased onto the feet from there (a landing cushioned over
    // steps, not stopped dead).
    const float max_cushion_mps = std::sqrt(2.0f * tuning.max_step_ease_accel_mps2 * tuning.max_landing_dip_m);
    visual_offset_y_.value += previous_y - feet_ws_.y;
    visual_offset_y_.velocity += std::max(previous_vy, -max_cushion_mps);
  }
  EaseVisualOffset(dt_s);
  // Took off (the feet start to rise next step): the drawn body picks up
  // the jump's speed over a few steps instead of at once.
  if (previous_mode == KnightMode::kGround && mode_ == KnightMode::kAir) visual_offset_y_.velocity -= velocity_.y;

  // Checkpoints count when passed on foot; falling out respawns at the last.
  if (const int crossed = world.CheckpointCrossed(previous_x, feet_ws_.x); crossed > checkpoint_) checkpoint_ = crossed;
  if (world.IsBelowKillPlane(feet_ws_) || !std::isfinite(feet_ws_.x) || !std::isfinite(feet_ws_.y)) Respawn(world);

  // Ease the yaw towards the facing direction, turning through the camera
  // side (yaw in [-pi, 0]: 0 faces +x, -pi/2 faces +z, -pi faces -x).
  const float target_yaw = facing_ > 0 ? 0.0f : -kPi;
  yaw_rad_ = MoveTowards(yaw_rad_, target_yaw, kPi / tuning.turn_time_s * dt_s);

  // On a leaning ladder the climber leans with it (its up along the rails),
  // so every rung is as far from the shoulders as on an upright ladder.
  // The exit straightens up as it steps onto the ledge, once the hands
  // have let go of the ladder (sooner, the shoulders would leave the rungs
  // they hold behind). A ladder leaning towards the ledge straightens as
  // the first foot lifts off the rungs for it: leaned on, that foot lands
  // short of the ledge's top, in its lip (a 1.1 m climber on a 15 degree
  // ladder: 3.5 cm in). Leaning away, straightening swings the foot
  // forwards, into the lip's face (7 cm): it waits for the hands.
  float target_pitch = 0.0f;
  if (ladder_ >= 0) {
    const glm::vec3 up = world.ladders()[ladder_].up_axis_ws();
    const bool towards_ledge = up.x * static_cast<float>(facing_) > 0.0f;
    const float straighten_s = towards_ledge
                                   ? std::min(clip_info_.exit_hands_release_s, clip_info_.exit_first_foot_off_rungs_s)
                                   : clip_info_.exit_hands_release_s;
    if (mode_ != KnightMode::kLadderExit || transition_elapsed_s_ < straighten_s)
      target_pitch = -std::atan2(up.x, up.y);
  }
  pitch_rad_ = MoveTowards(pitch_rad_, target_pitch, tuning.lean_rate_rad_s * dt_s);
}

float KnightController::MoveHorizontally(const world::World& world, float dx) {
  const float allowed = AllowedMove(world, dx);
  feet_ws_.x += (dx > 0.0f ? 1.0f : -1.0f) * allowed;
  return allowed;
}

float KnightController::PushAlongX(const world::World& world, float dx_m) {
  if ((mode_ != KnightMode::kGround && mode_ != KnightMode::kAir) || dx_m == 0.0f) return 0.0f;
  const float room_plus = room_plus_x_m_, room_minus = room_minus_x_m_;
  room_plus_x_m_ = room_minus_x_m_ = std::numeric_limits<float>::infinity();
  const float moved = MoveHorizontally(world, dx_m);
  room_plus_x_m_ = room_plus;
  room_minus_x_m_ = room_minus;
  return moved;
}

float KnightController::AllowedMove(const world::World& world, float dx) const {
  if (dx == 0.0f) return 0.0f;
  // Another knight's body, as a wall would.
  const float room_m = std::max(0.0f, dx > 0.0f ? room_plus_x_m_ : room_minus_x_m_);
  if (room_m < std::fabs(dx)) dx = (dx > 0.0f ? 1.0f : -1.0f) * room_m;
  if (dx == 0.0f) return 0.0f;
  // The body as two stacked probes: the legs, narrow (the leading foot
  // steps onto a step before the body reaches the next riser, so stairs with
  // treads shorter than the body radius and rocks on steep slopes are walked
  // up), and the torso at the full body radius. Anything lower than a step is
  // the ground's business (FollowGround, LandOrRise).
  world::WallProbe legs;
  legs.x = feet_ws_.x;
  legs.z = feet_ws_.z;
  legs.y_bottom = feet_ws_.y + tuning.max_step_up_m + kWallAboveStepM;
  legs.y_top = feet_ws_.y + tuning.legs_height_m;
  legs.ray_count = 3;
  legs.direction_x = dx > 0.0f ? 1.0f : -1.0f;
  world::WallProbe torso = legs;
  torso.y_bottom = feet_ws_.y + tuning.legs_height_m;
  torso.y_top = feet_ws_.y + tuning.body_height_m;
  float allowed = std::fabs(dx);
  for (const auto& [probe, radius_m] :
       {std::pair{legs, tuning.legs_radius_m}, std::pair{torso, tuning.body_radius_m}}) {
    world::WallProbe cast = probe;
    cast.max_distance = allowed + radius_m;
    const world::RayHit wall = world.collision().CastWall(cast);
    if (wall.hit) allowed = std::clamp(wall.distance - radius_m, 0.0f, allowed);
  }
  // Ground too high to step onto but not steep enough to be a wall (the
  // slanted side of a rock, the cap of one on a slope): the feet would end
  // inside it, so they stop short of it (halving the move until they fit).
  for (int i = 0; i < 4 && allowed > 0.0f && GroundAboveStep(world, feet_ws_.x + legs.direction_x * allowed); ++i) {
    allowed = i < 3 ? 0.5f * allowed : 0.0f;
  }
  return allowed;
}

bool KnightController::GroundAboveStep(const world::World& world, float x) const {
  const float from_y = feet_ws_.y + tuning.body_height_m;
  const float above_step_y = feet_ws_.y + tuning.max_step_up_m + kGroundAboveStepM;
  return world.collision().FindGround(x, from_y, feet_ws_.z, from_y - above_step_y).hit;
}

float KnightController::GroundDepthGoal(const world::World& world) const {
  if (lane_z_ == 0.0f) return 0.0f;
  for (float x : {feet_ws_.x, feet_ws_.x + static_cast<float>(facing_) * kLaneLookAheadM}) {
    const bool ok = lane_rule_ == LaneRule::kLevel ? LaneIsLevel(world, x) : LaneFollowsTheHill(world, x);
    if (!ok) return 0.0f;
  }
  return lane_z_;
}

// The lane's ground at x, across its width, level with the ground at the feet' depth.
bool KnightController::LaneIsLevel(const world::World& world, float x) const {
  const float top_y = feet_ws_.y + tuning.max_step_up_m + kGroundAboveStepM;
  const float length_m = tuning.max_step_up_m + tuning.snap_down_m + kGroundAboveStepM;
  const world::RayHit here = world.collision().FindGround(x, top_y, feet_ws_.z, length_m);
  if (!here.hit) return false;
  for (float z : {lane_z_ - kLaneHalfWidthM, lane_z_, lane_z_ + kLaneHalfWidthM}) {
    const world::RayHit lane = world.collision().FindGround(x, top_y, z, length_m);
    if (!lane.hit || std::fabs(lane.point_ws.y - here.point_ws.y) > kLaneLevelM) return false;
  }
  return true;
}

// The ground at x from the feet' depth across to the lane's far side: on a
// straight, walkable line, without an edge.
bool KnightController::LaneFollowsTheHill(const world::World& world, float x) const {
  const float top_y = feet_ws_.y + tuning.max_step_up_m + kGroundAboveStepM;
  const float length_m = tuning.max_step_up_m + tuning.snap_down_m + kGroundAboveStepM;
  const world::RayHit here = world.collision().FindGround(x, top_y, feet_ws_.z, length_m);
  const float far_z = lane_z_ + std::copysign(kLaneHalfWidthM, lane_z_ - feet_ws_.z);
  const world::RayHit far = world.collision().FindGround(x, top_y, far_z, length_m);
  if (!here.hit || !far.hit || std::fabs(far_z - feet_ws_.z) < 1e-4f) return false;
  const float slope = (far.point_ws.y - here.point_ws.y) / (far_z - feet_ws_.z);
  if (std::fabs(slope) > std::tan(glm::radians(tuning.max_walk_slope_deg))) return false;
  const int samples = static_cast<int>(std::ceil(std::fabs(far_z - feet_ws_.z) / kLaneSampleM));
  float last_y = here.point_ws.y;
  for (int i = 1; i <= samples; ++i) {
    const float z = feet_ws_.z + (far_z - feet_ws_.z) * static_cast<float>(i) / static_cast<float>(samples);
    const world::RayHit lane = world.collision().FindGround(x, top_y, z, length_m);
    const float on_line_y = here.point_ws.y + slope * (z - feet_ws_.z);
    if (!lane.hit || std::fabs(lane.point_ws.y - on_line_y) > kLaneLevelM ||
        std::fabs(lane.point_ws.y - last_y) > kLaneLevelM) {
      return false;
    }
    last_y = lane.point_ws.y;
  }
  return true;
}

void KnightController::StepGround(const core::InputState& player_input, const world::World& world, float dt_s) {
  core::InputState input;
  if (StartLadderOrApproach(player_input, world, &input)) return;
  const float max_speed = input.run_held ? tuning.run_speed_mps : tuning.walk_speed_mps;
  float target_vx = std::clamp(input.move_x, -1.0f, 1.0f) * max_speed;
  if (target_vx != 0.0f) {
    const float gait_mps = StairGaitMps(world, target_vx > 0.0f ? 1 : -1);
    target_vx = std::clamp(target_vx, -gait_mps, gait_mps);
  }
  // Turning round on the spot: the turn clip rotates the body (its root
  // joint) and steps the feet round; the facing flips when it ends. The
  // input acts at once all the same: the body speeds up from the first
  // step, and once it is moving (the direction held, not tapped) or a jump
  // is asked for, the turn ends in a moving turn, the yaw easing round.
  if (turn_left_s_ > 0.0f) {
    turn_left_s_ -= dt_s;
    const bool finished = turn_left_s_ <= 0.0f;
    if (finished || std::fabs(velocity_.x) >= tuning.turn_on_spot_below_mps || jump_buffer_left_s_ > 0.0f) {
      turn_left_s_ = 0.0f;
      facing_ = -facing_;
      turn_completed_ = finished && turn_drawn_;
      if (turn_completed_) yaw_rad_ = facing_ > 0 ? 0.0f : -kPi;  // the clip turned the body all the way
      SetRole(character::ClipRole::kIdle, 1.0f);
    }
  } else if (std::fabs(input.move_x) > 0.1f && (input.move_x > 0.0f ? 1 : -1) != facing_ &&
             std::fabs(velocity_.x) < tuning.turn_on_spot_below_mps) {
    turn_left_s_ = clip_info_.turn_duration_s;
    SetRole(character::ClipRole::kTurn, 1.0f, 0.0f, true);
  } else if (std::fabs(input.move_x) > 0.1f) {
    facing_ = input.move_x > 0.0f ? 1 : -1;  // turning while moving: the yaw eases round
  }
  const bool speeding_up = std::fabs(target_vx) > std::fabs(velocity_.x) && target_vx * velocity_.x >= 0.0f;
  velocity_.x =
      MoveTowards(velocity_.x, target_vx, (speeding_up ? tuning.ground_accel_mps2 : tuning.ground_decel_mps2) * dt_s);
  velocity_.y = 0.0f;

  const float moved = MoveHorizontally(world, velocity_.x * dt_s);
  if (moved < std::fabs(velocity_.x * dt_s) - 1e-5f) StopAtWall();

  // Follow the ground: up steps of max_step_up, down slopes and steps of snap_down.
  // Back to the play plane after a ladder off it, or into a passing lane,
  // while walking or running (a standing knight shifting sideways would
  // drag its planted feet): at most half the ground speed, a diagonal the
  // strides carry.
  feet_ws_.z = MoveTowards(feet_ws_.z, GroundDepthGoal(world),
                           std::min(tuning.depth_speed_mps, 0.5f * std::fabs(velocity_.x)) * dt_s);
  const float top_y = feet_ws_.y + tuning.max_step_up_m + kGroundAboveStepM;
  const world::RayHit ground =
      world.collision().FindGround(feet_ws_.x, top_y, feet_ws_.z, top_y - (feet_ws_.y - tuning.snap_down_m));
  if (ground.hit) {
    feet_ws_.y = ground.point_ws.y;
    coyote_left_s_ = tuning.coyote_time_s;
  } else {
    mode_ = KnightMode::kAir;
    coyote_left_s_ = tuning.coyote_time_s;
    SetRole(character::ClipRole::kFall, 1.0f);
    return;
  }

  if (jump_buffer_left_s_ > 0.0f && turn_left_s_ <= 0.0f) {
    jump_buffer_left_s_ = 0.0f;
    velocity_.y = std::sqrt(2.0f * tuning.gravity_mps2 * tuning.jump_apex_m);
    coyote_left_s_ = 0.0f;
    mode_ = KnightMode::kAir;
    SetRole(character::ClipRole::kJumpUp, 1.0f, 0.0f, true);
    return;
  }

  land_time_left_s_ = std::max(0.0f, land_time_left_s_ - dt_s);
  if (turn_left_s_ > 0.0f) {
    // The turn clip keeps playing.
  } else if (land_time_left_s_ > 0.0f && std::fabs(velocity_.x) < 0.5f) {
    SetRole(character::ClipRole::kLand, 1.0f);
  } else if (std::fabs(velocity_.x) < 0.05f && std::fabs(target_vx) < 0.05f) {
    SetRole(character::ClipRole::kIdle, 1.0f);
  } else {
    SetRole(std::fabs(velocity_.x) > 0.5f * (tuning.walk_speed_mps + tuning.run_speed_mps) ? character::ClipRole::kRun
                                                                                           : character::ClipRole::kWalk,
            1.0f);
  }
}

// The ground's mean rise per metre along x under the feet, over a stride
// either side (kMeanRiseHalfBaseM): a slope's own, a flight of stairs'
// average, nothing across ripples. The drawn body follows it as it is; the
// rest of the feet's height changes (risers, ripples, a slope's start) it
// takes eased.
float KnightController::MeanGroundRise(const world::World& world) const {
  constexpr float kMeanRiseHalfBaseM = 0.4f;
  const float top_y = feet_ws_.y + tuning.max_step_up_m + kGroundAboveStepM + kMeanRiseHalfBaseM;
  const float depth_m = 2.0f * (tuning.max_step_up_m + kMeanRiseHalfBaseM);
  const auto& collision = world.collision();
  const world::RayHit behind = collision.FindGround(feet_ws_.x - kMeanRiseHalfBaseM, top_y, feet_ws_.z, depth_m);
  const world::RayHit ahead = collision.FindGround(feet_ws_.x + kMeanRiseHalfBaseM, top_y, feet_ws_.z, depth_m);
  if (!behind.hit || !ahead.hit) return 0.0f;
  return std::clamp((ahead.point_ws.y - behind.point_ws.y) / (2.0f * kMeanRiseHalfBaseM), -2.0f, 2.0f);
}

// The ground is sampled every kSampleM from a stride behind the feet to
// kAheadM ahead (the distance a run slows to a climb in), up to the first
// rise too high to step onto (a wall or a ledge, jumped or stopped at, not
// climbed); the steepest mean rise over any stride's base (kBaseM) of it,
// each way, caps the speed. Over stairs a base reads one riser more or
// less than the flight's own slope, as its ends fall: the cap is the lower
// one (a flight of 0.40 m risers on 0.25 m treads reads 2.0, not 1.6).
float KnightController::StairGaitMps(const world::World& world, int dir) const {
  constexpr float kSampleM = 0.1f;
  constexpr float kBaseM = 0.8f;
  constexpr float kAheadM = 1.2f;
  constexpr int kBaseSamples = 8;  // kBaseM / kSampleM
  constexpr int kSamples = 21;     // (kBaseM + kAheadM) / kSampleM + 1
  const float top_y = feet_ws_.y + tuning.max_step_up_m + kGroundAboveStepM + kAheadM * 2.0f;
  const float depth_m = top_y - feet_ws_.y + tuning.snap_down_m + kAheadM * 2.0f;
  std::array<float, kSamples> ground_y{};
  int walkable = 0;
  for (; walkable < kSamples; ++walkable) {
    const float x = feet_ws_.x + static_cast<float>(dir) * (static_cast<float>(walkable) * kSampleM - 0.5f * kBaseM);
    const world::RayHit hit = world.collision().FindGround(x, top_y, feet_ws_.z, depth_m);
    if (!hit.hit) break;
    if (walkable > 0 && std::fabs(hit.point_ws.y - ground_y[walkable - 1]) > tuning.max_step_up_m) break;
    ground_y[walkable] = hit.point_ws.y;
  }
  float steepest_up = 0.0f;
  float steepest_down = 0.0f;
  for (int i = 0; i + kBaseSamples < walkable; ++i) {
    const float rise = (ground_y[i + kBaseSamples] - ground_y[i]) / kBaseM;
    steepest_up = std::max(steepest_up, rise);
    steepest_down = std::max(steepest_down, -rise);
  }
  float cap_mps = tuning.run_speed_mps;
  if (steepest_up > 0.0f) cap_mps = std::min(cap_mps, tuning.max_climb_rate_mps / steepest_up);
  if (steepest_down > 0.0f) cap_mps = std::min(cap_mps, tuning.max_descent_rate_mps / steepest_down);
  return cap_mps;
}

// The drawn body's offset eased back to the feet: a critically damped
// spring, faster where a lag has piled up over steps down, whose change of
// speed is limited to max_step_ease_accel_mps2 (position and speed both
// continuous: no step is a jolt).
void KnightController::EaseVisualOffset(float dt_s) {
  constexpr float kDropCatchUp = 3.0f;
  math::DampedSpring<float> free = visual_offset_y_;
  const bool piled_up = visual_offset_y_.value > tuning.max_drop_lag_m;
  free.Update(0.0f, tuning.step_smooth_time_s / (piled_up ? kDropCatchUp : 1.0f), dt_s);
  const float max_change_mps = tuning.max_step_ease_accel_mps2 * dt_s;
  const float v0 = visual_offset_y_.velocity;
  const float v1 = v0 + std::clamp(free.velocity - v0, -max_change_mps, max_change_mps);
  visual_offset_y_.value += 0.5f * (v0 + v1) * dt_s;
  visual_offset_y_.velocity = v1;
}

void KnightController::StepAir(const core::InputState& input, const world::World& world, float dt_s) {
  // Coyote time: a jump just after running off an edge still counts.
  coyote_left_s_ = std::max(0.0f, coyote_left_s_ - dt_s);
  if (jump_buffer_left_s_ > 0.0f && coyote_left_s_ > 0.0f && velocity_.y <= 0.0f) {
    jump_buffer_left_s_ = 0.0f;
    coyote_left_s_ = 0.0f;
    velocity_.y = std::sqrt(2.0f * tuning.gravity_mps2 * tuning.jump_apex_m);
    SetRole(character::ClipRole::kJumpUp, 1.0f, 0.0f, true);
  }
  const float max_speed = input.run_held ? tuning.run_speed_mps : tuning.walk_speed_mps;
  const float target_vx = std::clamp(input.move_x, -1.0f, 1.0f) * max_speed;
  if (std::fabs(input.move_x) > 0.1f) {
    velocity_.x = MoveTowards(velocity_.x, target_vx, tuning.air_accel_mps2 * dt_s);
    facing_ = input.move_x > 0.0f ? 1 : -1;
  }
  // Grab a ladder mid-air by pressing up.
  if (input.move_y > 0.5f) {
    const int index = world.FindLadderNear(feet_ws_);
    if (index >= 0) {
      const world::Ladder& ladder = world.ladders()[index];
      const float s = (feet_ws_.y - ladder.bottom_ws().y) / std::max(ladder.up_axis_ws().y, 0.5f);
      if (s >= 0.0f && s <= MaxClimbS(ladder)) {
        AttachToLadder(world, index);
        facing_ = ladder.desc().exit_dir >= 0 ? 1 : -1;
        climb_s_ = s;
        velocity_ = glm::vec2(0.0f);
        mode_ = KnightMode::kClimb;
        feet_ws_ = glm::vec3(glm::vec2(ClimbRootWs(world, climb_s_)), feet_ws_.z);  // depth eased by StepClimb
        SetRole(character::ClipRole::kClimbUp, 0.0f, ClimbPhase() * clip_info_.climb_cycle_s);
        return;
      }
    }
  }
  const float old_y = feet_ws_.y;
  const float old_vy = velocity_.y;
  velocity_.y -= tuning.gravity_mps2 * dt_s;
  MoveHorizontally(world, velocity_.x * dt_s);
  // The mean of the velocities over the step: exact under constant gravity,
  // so a jump peaks at jump_apex_m (with the end-of-step velocity alone it
  // peaks v0 dt / 2, about 5 cm, lower).
  float new_y = old_y + 0.5f * (old_vy + velocity_.y) * dt_s;
  if (velocity_.y > 0.0f) {
    // Rising: stop at a ceiling.
    const world::RayHit ceiling =
        world.collision().Raycast(feet_ws_ + glm::vec3(0.0f, tuning.body_height_m, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f),
                                  new_y - old_y, world::RayFilter{-1.0f, -0.3f});
    if (ceiling.hit) {
      velocity_.y = 0.0f;
      new_y = old_y;
    }
  }
  if (LandOnGround(input, world, old_y, new_y)) return;
  feet_ws_.y = new_y;
  if (velocity_.y < 0.0f && role_ != character::ClipRole::kFall) SetRole(character::ClipRole::kFall, 1.0f);
}

// Lands on the first surface from a step above the higher of the old and
// the new height down to the new one: falling onto anything, rising into
// ground that climbs faster than the jump (a steep slope, stairs, a low
// edge: stepped up onto in the air as on the ground). Higher ground is a
// wall, which MoveHorizontally stopped at, so the feet never end inside the
// ground. Returns whether it landed.
bool KnightController::LandOnGround(const core::InputState& input, const world::World& world, float old_y,
                                    float new_y) {
  const float top_y = std::max(old_y, new_y) + tuning.max_step_up_m + kGroundAboveStepM;
  const world::RayHit ground = world.collision().FindGround(feet_ws_.x, top_y, feet_ws_.z, top_y - new_y);
  if (!ground.hit) return false;
  feet_ws_.y = ground.point_ws.y;
  velocity_.y = 0.0f;
  mode_ = KnightMode::kGround;
  just_landed_ = true;
  land_time_left_s_ = 0.25f;
  if (jump_buffer_left_s_ > 0.0f) {
    StepGround(input, world, 0.0f);  // buffered jump: take off again at once
  } else {
    SetRole(std::fabs(velocity_.x) > 0.5f ? character::ClipRole::kWalk : character::ClipRole::kLand, 1.0f, 0.0f, true);
  }
  return true;
}

void KnightController::Respawn(const world::World& world) {
  ++respawns_;
  Place(world.RespawnPositionWs(checkpoint_), +1);
}

}  // namespace knights::game
