// KnightController, part two: ladders. Taking one, the climb, the enter
// and exit transitions and what the IK asks of them (where the feet are
// while entering, when they are on the ledge). Part one
// (knight_controller.cpp) steps the modes on the ground and in the air.

#include "knights/game/knight/knight_controller.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "knights/math/move_towards.h"

namespace knights::game {

float KnightController::ClimbPhase() const {
  const float cycles = climb_s_ / std::max(climb_rise_per_cycle_m_, 1e-3f);
  return cycles - std::floor(cycles);
}

void KnightController::AttachToLadder(const world::World& world, int index) {
  ladder_ = index;
  const world::Ladder& ladder = world.ladders()[index];
  const float nominal_m = clip_info_.climb_rungs_per_cycle * ladder.desc().rung_spacing;
  const float max_s = MaxClimbS(ladder);
  const float cycles = std::max(1.0f, std::round(max_s / nominal_m));
  climb_rise_per_cycle_m_ = max_s > 0.05f ? max_s / cycles : nominal_m;
}

bool KnightController::FeetOnLedge() const {
  // The exit clip's time: played forwards when leaving, backwards when
  // entering from the top.
  float clip_s = 0.0f;
  if (mode_ == KnightMode::kLadderExit) {
    clip_s = transition_elapsed_s_;
  } else if (mode_ == KnightMode::kLadderEnterTop) {
    clip_s = clip_info_.exit_duration_s - transition_elapsed_s_;
  } else {
    return false;
  }
  return clip_s >= clip_info_.exit_feet_off_rungs_s;
}

bool KnightController::FeetOnGroundEntering() const {
  return mode_ == KnightMode::kLadderEnter && transition_elapsed_s_ < clip_info_.enter_feet_off_ground_s;
}

bool KnightController::TryStartLadder(const core::InputState& input, const world::World& world) {
  if (std::fabs(input.move_y) < 0.5f) return false;
  int index = world.FindLadderNear(feet_ws_);
  // Walking to a climbing spot the knight may overshoot the ladder's reach.
  if (index < 0 && approach_ladder_ >= 0 && std::fabs(approach_spot_x_ - feet_ws_.x) < kLadderApproachRangeM)
    index = approach_ladder_;
  approach_ladder_ = -1;
  if (index < 0) return false;
  const world::Ladder& ladder = world.ladders()[index];
  const int dir = ladder.desc().exit_dir >= 0 ? 1 : -1;
  const bool at_bottom = std::fabs(feet_ws_.y - ladder.bottom_ws().y) < 0.35f;
  const bool at_top = std::fabs(feet_ws_.y - ladder.top_ws().y) < 0.35f;
  if (input.move_y > 0.5f && at_bottom) {
    const float spot_x = ClimbRootWs(ladder, 0.0f).x;
    // Short legs cannot carry the body far over planted feet: walk nearer,
    // unless the player walks (it gets on as it passes the spot).
    if (std::fabs(spot_x - feet_ws_.x) > tuning.max_ladder_shuffle_m && index != approach_blocked_) {
      if (std::fabs(input.move_x) <= 0.1f) {
        approach_ladder_ = index;
        approach_spot_x_ = spot_x;
      }
      return false;
    }
    approach_blocked_ = -1;
    AttachToLadder(world, index);
    facing_ = dir;
    climb_s_ = 0.0f;
    mode_ = KnightMode::kLadderEnter;
    transition_elapsed_s_ = 0.0f;
    transition_from_ws_ = feet_ws_;
    velocity_ = glm::vec2(0.0f);
    SetRole(character::ClipRole::kLadderEnterBottom, 1.0f, 0.0f, true);
    return true;
  }
  if (input.move_y < -0.5f && at_top) {
    // Enter from the top: the exit clip played backwards from its end, with
    // the knight placed where the exit clip starts (its root motion carries
    // the body from the ledge down onto the ladder).
    AttachToLadder(world, index);
    facing_ = dir;
    climb_s_ = MaxClimbS(ladder);
    mode_ = KnightMode::kLadderEnterTop;
    transition_elapsed_s_ = 0.0f;
    transition_from_ws_ = feet_ws_;
    // The exit clip starts at its end pose, which carries its root motion:
    // the root goes back by it at once, so the model drawn this very step
    // still stands on the ledge (no one-step pop ahead and up).
    feet_ws_ = transition_from_ws_ -
               glm::vec3(facing_ * clip_info_.exit_root_offset_m.x, clip_info_.exit_root_offset_m.y, 0.0f);
    velocity_ = glm::vec2(0.0f);
    SetRole(character::ClipRole::kLadderExitTop, -1.0f, clip_info_.exit_duration_s, true);
    return true;
  }
  return false;
}

bool KnightController::StartLadderOrApproach(const core::InputState& player_input, const world::World& world,
                                             core::InputState* input) {
  // A walk to a ladder's spot goes on through a turn; the player's own
  // left or right, or letting go of up, ends it.
  if (std::fabs(player_input.move_y) < 0.5f || std::fabs(player_input.move_x) > 0.1f) approach_ladder_ = -1;
  if (turn_left_s_ <= 0.0f && TryStartLadder(player_input, world)) return true;
  *input = player_input;
  if (approach_ladder_ >= 0) {
    input->move_x = std::copysign(kLadderApproachInput, approach_spot_x_ - feet_ws_.x);
    input->run_held = false;
  }
  return false;
}

void KnightController::StopAtWall() {
  velocity_.x = 0.0f;
  if (approach_ladder_ >= 0) approach_blocked_ = std::exchange(approach_ladder_, -1);
}

glm::vec3 KnightController::ClimbRootWs(const world::World& world, float climb_s) const {
  return ClimbRootWs(world.ladders()[ladder_], climb_s);
}

glm::vec3 KnightController::ClimbRootWs(const world::Ladder& ladder, float climb_s) const {
  // climb_s runs along the rails (a leaning ladder's too); the rungs' centre
  // line is rung_reach in front of the root, across the ladder's plane.
  const glm::vec3 on_axis_ws = ladder.bottom_ws() + ladder.up_axis_ws() * climb_s;
  const glm::vec3 root_ws = on_axis_ws + ladder.ClimberSideNormalWs() * clip_info_.rung_reach_m;
  return glm::vec3(root_ws.x, root_ws.y, ladder.bottom_ws().z);
}

float KnightController::EaseDepth(float goal_z, float dt_s) const {
  return math::MoveTowards(feet_ws_.z, goal_z, tuning.depth_speed_mps * dt_s);
}

float KnightController::MaxClimbS(const world::Ladder& ladder) const {
  // The exit clip starts with its hands on a lip rung exit_root_offset.y
  // above the root (along the rails): climb until that is the top rung, so
  // the hands start the exit on a real rung. The rest of the way up to the
  // ledge (less than a rung spacing) is blended into the exit's motion.
  if (ladder.RungCount() > 0) {
    const float top_rung_s = static_cast<float>(ladder.RungCount()) * ladder.desc().rung_spacing;
    return std::max(0.0f, top_rung_s - clip_info_.exit_root_offset_m.y);
  }
  const float rise_m = ladder.top_ws().y - ladder.bottom_ws().y - clip_info_.exit_root_offset_m.y;
  return std::max(0.0f, rise_m / std::max(ladder.up_axis_ws().y, 0.5f));
}

void KnightController::StepClimb(const core::InputState& input, const world::World& world, float dt_s) {
  const world::Ladder& ladder = world.ladders()[ladder_];
  const float max_s = MaxClimbS(ladder);
  const float climb_input = std::fabs(input.move_y) > 0.2f ? input.move_y : 0.0f;
  const float speed = climb_input * ClimbSpeedMps();
  climb_s_ = std::clamp(climb_s_ + speed * dt_s, 0.0f, max_s);
  const glm::vec3 root_ws = ClimbRootWs(world, climb_s_);
  feet_ws_ = glm::vec3(root_ws.x, root_ws.y, EaseDepth(root_ws.z, dt_s));
  velocity_ = glm::vec2(0.0f, speed);
  // Clip time follows the climbed distance (rate in clip seconds per
  // second); a change of direction starts the other clip at the same place
  // of the cycle (climb_down is climb_up backwards).
  const character::ClipRole role =
      speed < 0.0f ? character::ClipRole::kClimbDown : (speed > 0.0f ? character::ClipRole::kClimbUp : role_);
  const float phase = ClimbPhase();
  const float start_s = (role == character::ClipRole::kClimbDown ? 1.0f - phase : phase) * clip_info_.climb_cycle_s;
  SetRole(role, std::fabs(climb_input), start_s);
  if (climb_input > 0.0f && climb_s_ >= max_s - 1e-4f) {
    mode_ = KnightMode::kLadderExit;
    transition_elapsed_s_ = 0.0f;
    transition_from_ws_ = feet_ws_;
    velocity_ = glm::vec2(0.0f);
    SetRole(character::ClipRole::kLadderExitTop, 1.0f, 0.0f, true);
  } else if (climb_input < 0.0f && climb_s_ <= 0.0f) {
    // Stepped off at the bottom (back to the play plane on the ground).
    feet_ws_.y = ladder.bottom_ws().y;
    const world::RayHit ground = world.collision().FindGround(feet_ws_.x, feet_ws_.y + 0.3f, feet_ws_.z, 1.0f);
    if (ground.hit) feet_ws_.y = ground.point_ws.y;
    mode_ = KnightMode::kGround;
    ladder_ = -1;
    SetRole(character::ClipRole::kIdle, 1.0f);
  } else if (input.jump_pressed) {
    // Let go and drop.
    mode_ = KnightMode::kAir;
    ladder_ = -1;
    velocity_ = glm::vec2(0.0f);
    SetRole(character::ClipRole::kFall, 1.0f);
  }
}

// Entering from the bottom, elapsed_s into the clip: shuffle onto the
// climbing spot during the first third of the clip, on the ground under it
// while both the clip's feet are on the ground (a ladder's foot on a slope
// stands higher or lower than the climber), rising or dropping to the
// ladder's own foot while the first foot steps onto it.
glm::vec3 KnightController::EnterFeetWs(const world::World& world, float elapsed_s) const {
  const glm::vec3 goal_ws = ClimbRootWs(world, 0.0f);
  const float u = std::clamp(elapsed_s / (clip_info_.enter_duration_s / 3.0f), 0.0f, 1.0f);
  glm::vec3 feet_ws = glm::mix(transition_from_ws_, glm::vec3(goal_ws.x, transition_from_ws_.y, goal_ws.z), u);
  const world::RayHit ground = world.collision().FindGround(feet_ws.x, transition_from_ws_.y + tuning.max_step_up_m,
                                                            feet_ws.z, tuning.max_step_up_m + tuning.snap_down_m);
  const float ground_y = ground.hit ? ground.point_ws.y : transition_from_ws_.y;
  const float step_s = clip_info_.enter_feet_off_ground_s - clip_info_.enter_first_foot_off_ground_s;
  const float since_s = elapsed_s - clip_info_.enter_first_foot_off_ground_s;
  const float rise = step_s > 0.0f ? std::clamp(since_s / step_s, 0.0f, 1.0f) : (since_s >= 0.0f ? 1.0f : 0.0f);
  feet_ws.y = glm::mix(ground_y, goal_ws.y, rise * rise * (3.0f - 2.0f * rise));
  return feet_ws;
}

std::optional<glm::vec3> KnightController::ScriptedFeetWsAfter(const world::World& world, float seconds) const {
  if (mode_ != KnightMode::kLadderEnter) return std::nullopt;
  return EnterFeetWs(world, std::min(transition_elapsed_s_ + seconds, clip_info_.enter_duration_s));
}

void KnightController::StepLadderTransition(const world::World& world, float dt_s) {
  transition_elapsed_s_ += dt_s;
  switch (mode_) {
    case KnightMode::kLadderEnter: {
      feet_ws_ = EnterFeetWs(world, transition_elapsed_s_);
      if (transition_elapsed_s_ >= clip_info_.enter_duration_s) {
        mode_ = KnightMode::kClimb;
        climb_s_ = 0.0f;
        SetRole(character::ClipRole::kClimbUp, 0.0f);
      }
      break;
    }
    case KnightMode::kLadderEnterTop: {
      // Slide to where the exit clip's root motion starts, then climb down.
      const glm::vec3 goal_ws = ClimbRootWs(world, climb_s_);
      const float u = std::clamp(transition_elapsed_s_ / 0.15f, 0.0f, 1.0f);
      // Until the root moves there, the model is drawn offset by the clip's
      // root motion at its end; the knight therefore appears to stand still.
      feet_ws_ = glm::mix(transition_from_ws_ - glm::vec3(facing_ * clip_info_.exit_root_offset_m.x,
                                                          clip_info_.exit_root_offset_m.y, 0.0f),
                          goal_ws, u);
      if (transition_elapsed_s_ >= clip_info_.exit_duration_s) {
        mode_ = KnightMode::kClimb;
        feet_ws_ = goal_ws;
        SetRole(character::ClipRole::kClimbDown, 0.0f, (1.0f - ClimbPhase()) * clip_info_.climb_cycle_s);
      }
      break;
    }
    case KnightMode::kLadderExit: {
      // The clip's root motion ends exit_root_offset ahead and above the
      // climbing spot, which is the ladder's exit point for an upright
      // ladder. On a leaning one the top is further out: the difference is
      // blended in over the clip so the knight ends at the exit point.
      const world::Ladder& ladder = world.ladders()[ladder_];
      const glm::vec3 clip_end_ws = transition_from_ws_ + glm::vec3(facing_ * clip_info_.exit_root_offset_m.x,
                                                                    clip_info_.exit_root_offset_m.y, 0.0f);
      const glm::vec3 exit_ws = ladder.ExitPointWs();
      const glm::vec3 correction_ws(exit_ws.x - clip_end_ws.x, exit_ws.y - clip_end_ws.y, 0.0f);
      const float u = std::clamp(transition_elapsed_s_ / clip_info_.exit_duration_s, 0.0f, 1.0f);
      feet_ws_ = transition_from_ws_ + correction_ws * (u * u * (3.0f - 2.0f * u));
      if (transition_elapsed_s_ >= clip_info_.exit_duration_s) {
        // Move the knight to where the root motion ended as the pose
        // switches to standing.
        feet_ws_ = clip_end_ws + correction_ws;
        const world::RayHit ground = world.collision().FindGround(feet_ws_.x, feet_ws_.y + 0.3f, feet_ws_.z, 1.0f);
        if (ground.hit) feet_ws_.y = ground.point_ws.y;
        mode_ = KnightMode::kGround;
        ladder_ = -1;
        SetRole(character::ClipRole::kIdle, 1.0f);
      }
      break;
    }
    default:
      break;
  }
}

}  // namespace knights::game
