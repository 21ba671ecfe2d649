#include "knights/game/brains/auto_pilot.h"

#include <cmath>

namespace knights::game {

// A wall is what stops the mover itself: a copy of the knight is run on
// for a moment, as the mover would take it (up steps and stairs, over
// ripples and low rocks), and a wall is there when it gets stuck.
bool AutoPilot::WallAhead(const KnightController& knight, const world::World& world, bool run) const {
  constexpr int kLookSteps = 10;
  constexpr float kLookStepS = 1.0f / 60.0f;
  KnightController probe = knight;
  core::InputState forward;
  forward.move_x = 1.0f;
  forward.run_held = run;
  const float start_x = knight.FeetWs().x;
  for (int i = 0; i < kLookSteps && probe.mode() == KnightMode::kGround; ++i) probe.Step(forward, world, kLookStepS);
  if (probe.mode() != KnightMode::kGround) return false;  // off an edge: the pit rule's business
  // Stuck: less than a third of a walk's progress.
  return probe.FeetWs().x - start_x < kLookSteps * kLookStepS * probe.tuning.walk_speed_mps / 3.0f;
}

bool AutoPilot::ObstacleWithin(const KnightController& knight, const world::World& world, float distance_m) const {
  const glm::vec3 feet = knight.FeetWs();
  if (knight.AllowedMove(world, distance_m) < distance_m - 1e-3f) return true;
  constexpr float kProbeSpacingM = 0.25f;
  for (float ahead = kProbeSpacingM; ahead <= distance_m; ahead += kProbeSpacingM) {
    // Ground far below the feet counts as a pit too (a drop to jump over).
    if (!world.collision().FindGround(feet.x + ahead, feet.y + 1.0f, feet.z, 3.0f).hit) return true;
  }
  return false;
}

core::InputState AutoPilot::Decide(const KnightController& knight, const world::World& world, float dt_s) {
  UpdateWatchdog(knight, dt_s);
  core::InputState input;
  switch (knight.mode()) {
    case KnightMode::kClimb:
    case KnightMode::kLadderEnter:
    case KnightMode::kLadderExit:
    case KnightMode::kLadderEnterTop:
      input.move_y = 1.0f;  // always up: ladders lead on towards the goal
      ladder_done_ = knight.Ladder();
      stuck_s_ = 0.0f;
      return input;
    case KnightMode::kAir:
      input.move_x = 1.0f;
      input.run_held = true;
      input.move_y = 0.0f;
      return input;
    case KnightMode::kGround:
      break;
  }
  return DecideOnGround(knight, world, dt_s);
}

core::InputState AutoPilot::Decide(const KnightController& knight, const world::World& world, float dt_s,
                                   const FoeView& foe, const KnightFight& self) {
  const bool fight =
      foe.present && knight.mode() == KnightMode::kGround && std::fabs(foe.dx_m) < kFightRangeM && self.CanFight();
  if (fight) {
    stuck_s_ = 0.0f;  // standing to fight is not being stuck
    return Fight(knight, foe, self);
  }
  // A fight can leave the knight facing back along the course: it turns
  // round on the spot first.
  // (Not while it walks back to a ladder's climbing spot.)
  if (knight.mode() == KnightMode::kGround && knight.Facing() < 0 && !knight.ApproachingLadder())
    return knight.TurnOnTheSpotInput(+1);
  return Decide(knight, world, dt_s);
}

core::InputState AutoPilot::Fight(const KnightController& knight, const FoeView& foe, const KnightFight& self) {
  core::InputState input;
  const int towards = foe.dx_m >= 0.0f ? 1 : -1;
  if (foe.threatening && self.clips().can_block) {
    input.block_held = true;
    return input;
  }
  if (knight.Facing() != towards) return knight.TurnOnTheSpotInput(towards);
  if (knight.Turning()) return input;
  // Walks in to swing from where the point goes into the body, or as near
  // as the foe's body lets him.
  if (std::fabs(foe.dx_m) > std::min(kSwingFromM, self.clips().SwingFromM(kIntoBodyM)) &&
      !knight.AgainstAKnight(towards)) {
    input.move_x = static_cast<float>(towards);
    return input;
  }
  // Pressed through a swing, the press queues the next: the whole combo.
  input.attack_pressed = self.state() == FightState::kNone || self.state() == FightState::kAttack;
  return input;
}

// Progress watchdog: jump when stuck (an obstacle the rules missed). A
// respawn starts it afresh from the checkpoint.
void AutoPilot::UpdateWatchdog(const KnightController& knight, float dt_s) {
  const glm::vec3 feet = knight.FeetWs();
  if (knight.Respawns() != respawns_seen_) {
    respawns_seen_ = knight.Respawns();
    best_x_ = feet.x;
    stuck_s_ = 0.0f;
  }
  if (feet.x > best_x_ + 0.05f) {
    best_x_ = feet.x;
    stuck_s_ = 0.0f;
  } else if (knight.mode() == KnightMode::kGround) {
    stuck_s_ += dt_s;
  }
}

// On the ground: on towards +x, now and then walking; up a ladder that
// leads on; slowing at a ladder's foot; jumping pits and walls in time.
core::InputState AutoPilot::DecideOnGround(const KnightController& knight, const world::World& world, float dt_s) {
  core::InputState input;
  const glm::vec3 feet = knight.FeetWs();
  // Walking to a ladder's climbing spot: up held, the knight steers.
  if (knight.ApproachingLadder()) {
    input.move_y = 1.0f;
    return input;
  }
  input.move_x = 1.0f;
  // Now and then walk a stretch (the locomotion blend and the walk get used too).
  if (walk_stretch_s_ > 0.0f) {
    walk_stretch_s_ -= dt_s;
  } else if (Random01() < dt_s * 0.05f) {
    walk_stretch_s_ = 1.0f + 2.0f * Random01();
  }
  input.run_held = walk_stretch_s_ <= 0.0f;

  // A ladder here that leads up towards +x: climb it.
  const int ladder = world.FindLadderNear(feet);
  if (ladder >= 0 && ladder != ladder_done_) {
    const world::Ladder& l = world.ladders()[ladder];
    if (l.desc().exit_dir > 0 && std::fabs(feet.y - l.bottom_ws().y) < 0.3f) {
      input.move_x = 0.0f;
      input.move_y = 1.0f;
      input.run_held = false;
      return input;
    }
  }
  // Slow down when a ladder's foot is just ahead, so we stop at it.
  for (const world::Ladder& l : world.ladders()) {
    const float ahead = l.bottom_ws().x - feet.x;
    if (ahead > 0.0f && ahead < 2.5f && std::fabs(feet.y - l.bottom_ws().y) < 0.3f && l.desc().exit_dir > 0) {
      input.run_held = false;
    }
  }

  // Pits and walls ahead: jump in time.
  const float speed = std::fabs(knight.VelocityMps().x);
  // Jump at the very edge of a pit (a run jump covers about 2.7 m).
  const float look_ahead = 0.2f + speed * 0.02f;
  // Ground from 1 m above the feet (two 0.40 m risers of stairs up within
  // the look-ahead) to 1.2 m below (two risers down, a short drop) is no pit.
  const auto ground_ahead = world.collision().FindGround(feet.x + look_ahead, feet.y + 1.0f, feet.z, 2.2f);
  const bool pit_ahead = !ground_ahead.hit;
  const bool wall_ahead = WallAhead(knight, world, input.run_held);
  // A run-up: run (never walk) towards a pit or a wall within a few metres,
  // so that the jump at its edge is a running one.
  if (ObstacleWithin(knight, world, kRunUpM)) input.run_held = true;
  if (pit_ahead || wall_ahead || stuck_s_ > 1.5f) {
    input.run_held = true;
    if (!jump_was_pressed_) {
      input.jump_pressed = true;
      input.jump_held = true;
      stuck_s_ = 0.0f;
    }
  }
  jump_was_pressed_ = input.jump_pressed;
  return input;
}

}  // namespace knights::game
