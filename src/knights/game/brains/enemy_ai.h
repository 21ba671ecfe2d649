#pragma once
// An enemy knight's brain: a small state machine a player can read.
//
//   kPatrol --player seen (in front, or close behind, about level)--> kNotice
//   kNotice (turns to face him, a cue sounds) --> kApproach
//   kApproach --in reach, rested--> kWindUp (stands, sword ready: the tell)
//   kWindUp --> kAttack (one swing, or two when its temper says) --> kApproach
//   kApproach --the player swings within reach, by chance--> kBlock --> kApproach
//   any --the player gone (far, above, below, defeated)--> kPatrol
//   any --knocked down or staggered--> waits; --defeated--> kDown for good
//
// It never leaves its patrol range (the level checks the range has no pits
// and no steps it cannot walk). It produces ordinary input, like the
// player's; its choices come from a seeded sequence: deterministic.

#include <cstdint>

#include "knights/core/input_state.h"
#include "knights/core/xor_shift32.h"
#include "knights/game/knight/knight.h"
#include "knights/game/brains/patrol_ai.h"

namespace knights::game {

struct EnemyTuning {
  float notice_ahead_m = 6.0f;   // sees the player this far in front, metres along x
  float notice_behind_m = 1.5f;  // ... and hears him this close behind
  float level_m = 1.5f;          // only about level with it, metres in height
  float give_up_m = 9.0f;        // loses him beyond this, metres along x
  float reach_m = 1.3f;          // swings from this near, metres between the feet along x
  float notice_s = 0.5f;         // the cue before it moves, seconds
  // Wind-up (the tell) and rest between attacks at temper 0 and at 1, seconds.
  float wind_up_calm_s = 0.7f;
  float wind_up_fierce_s = 0.35f;
  float rest_calm_s = 2.2f;
  float rest_fierce_s = 0.8f;
  // Chance of raising the shield against a swing, at temper 0 and 1.
  float block_calm = 0.2f;
  float block_fierce = 0.6f;
  float block_hold_s = 0.7f;  // how long it holds the shield up, seconds
  // A second swing follows the first this often (times the temper).
  float combo_chance = 0.6f;
};

enum class EnemyState : uint8_t { kPatrol, kNotice, kApproach, kWindUp, kAttack, kBlock, kDown };
const char* ToString(EnemyState state);

class EnemyAi {
 public:
  EnemyTuning tuning;

  // The patrol range (world x, metres), the temper (0..1) and the seed of
  // its choices.
  void Init(float patrol_x0, float patrol_x1, float aggression, uint32_t seed);
  core::InputState Decide(const Knight& self, const Knight& player, float dt_s);

  EnemyState state() const { return state_; }
  // It saw the player this step (for the cue's sound).
  bool JustNoticed() const { return just_noticed_; }
  // 0..1 through the wind-up (the tell), 0 when not winding up.
  float WindUpProgress() const;

 private:
  bool Sees(const Knight& self, const Knight& player) const;
  bool Lost(const Knight& self, const Knight& player) const;
  core::InputState Approach(const Knight& self, float player_x);
  core::InputState DecideApproach(const Knight& self, const Knight& player);
  core::InputState DecideAttack(const Knight& self);
  core::InputState FaceTowards(const Knight& self, float player_x) const;
  float Reach(const Knight& self) const;
  bool ChooseToBlock(const Knight& self, const Knight& player);
  void Enter(EnemyState state, float time_s = 0.0f);
  float Temper(float calm, float fierce) const { return calm + (fierce - calm) * aggression_; }

  PatrolAi patrol_;
  core::XorShift32 rng_{1u};
  float aggression_ = 0.5f;
  EnemyState state_ = EnemyState::kPatrol;
  float left_s_ = 0.0f;     // time left in a timed state, seconds
  float rest_s_ = 0.0f;     // until it may wind up again, seconds
  float wind_up_s_ = 0.0f;  // the current wind-up's length, seconds
  int swings_left_ = 0;     // presses left in this attack
  int judged_swing_ = -1;   // the player's swing serial last judged for a block
  bool just_noticed_ = false;
  bool pressed_ = false;  // the attack was pressed this swing
};

}  // namespace knights::game
