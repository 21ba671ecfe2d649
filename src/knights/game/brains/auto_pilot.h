#pragma once
// Plays the level like a player would, by producing the same InputState a
// keyboard would (no teleporting): run right, climb every ladder that leads
// on towards the goal, jump over pits and obstacles too high to step over,
// walk carefully near ladders. Used by --autoplay for demos, tests and metrics.

#include <cstdint>

#include "knights/core/input_state.h"
#include "knights/core/xor_shift32.h"
#include "knights/game/knight/knight_fight.h"
#include "knights/game/knight/knight_controller.h"
#include "knights/world/world.h"

namespace knights::game {

// The nearest enemy still standing, as the pilot sees it (the session
// fills it each step).
struct FoeView {
  bool present = false;
  float dx_m = 0.0f;         // its feet minus the player's, along x, metres
  bool threatening = false;  // winding up, or swinging before its blow has passed
};

class AutoPilot {
 public:
  // seed varies small choices (pauses, walk/run stretches) so seeded runs
  // differ but stay reproducible.
  explicit AutoPilot(uint32_t seed = 1) : rng_(seed, 1u) {}

  core::InputState Decide(const KnightController& knight, const world::World& world, float dt_s);
  // The same, fighting `foe` first when it is near: block its blows, walk
  // in, swing the whole combo (as a player would, with `self`'s clips).
  core::InputState Decide(const KnightController& knight, const world::World& world, float dt_s, const FoeView& foe,
                          const KnightFight& self);
  // A foe this near (metres along x) is fought before going on.
  static constexpr float kFightRangeM = 3.0f;

 private:
  void UpdateWatchdog(const KnightController& knight, float dt_s);
  core::InputState Fight(const KnightController& knight, const FoeView& foe, const KnightFight& self);
  // It swings from this near, metres between the feet along x, or nearer
  // where its swing reaches less far (a fist: FightClips::SwingFromM), so
  // that the point goes this far into the foe's body.
  static constexpr float kSwingFromM = 1.15f;
  static constexpr float kIntoBodyM = 0.15f;
  core::InputState DecideOnGround(const KnightController& knight, const world::World& world, float dt_s);
  float Random01() { return rng_.Next01(); }
  // Whether running (walking) on for a moment would leave the knight stuck.
  bool WallAhead(const KnightController& knight, const world::World& world, bool run) const;
  // A pit (no ground within 3 m below) or a wall within distance_m ahead.
  bool ObstacleWithin(const KnightController& knight, const world::World& world, float distance_m) const;
  // Pits and walls closer than this are run at.
  static constexpr float kRunUpM = 3.0f;

  core::XorShift32 rng_;
  bool jump_was_pressed_ = false;
  float best_x_ = -1e9f;         // furthest x reached, metres
  float stuck_s_ = 0.0f;         // time without progress
  float walk_stretch_s_ = 0.0f;  // time left walking instead of running
  int ladder_done_ = -1;         // last ladder climbed (not to climb it twice)
  int respawns_seen_ = 0;        // the knight's respawn count when last looked at
};

}  // namespace knights::game
