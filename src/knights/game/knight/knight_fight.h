#pragma once
// One knight's fighting: the combo, the shield, and the reactions to a
// blow, as a small state machine beside the mover (knights/game/knight/knight_controller.h).
// It reads the attack and block input, tells the mover what movement input
// it may act on (none while busy), and names the clip to play instead of
// the mover's. Blows are dealt by the session (knights/game/knight/fight_blows.h), which
// calls TakeBlow on the victim.
//
//   kNone --attack--> kAttack (swing 1 -> a press queues 2 -> 3) --> kNone
//   kNone --block held--> kBlock --blow from the front--> kBlockHit --> kBlock
//   any  --blow--> kHit --> kNone
//   any  --heavy blow or last hit point--> kKnockdown --> kDown --> kGetUp --> kNone
//                                                    (no hit points left: kDefeated)

#include <cstdint>
#include <optional>

#include "knights/core/input_state.h"
#include "knights/character/character_desc.h"
#include "knights/game/knight/fight_clips.h"

namespace knights::game {

struct FightTuning {
  int max_health = 5;  // hit points; the player's are hearts on the HUD
  // Invulnerable this long after a blow that hurt, seconds (the i-frames).
  float invulnerable_s = 0.6f;
  // A queued swing starts this long after the current one's hurt window
  // ends, seconds: the blow reads before the next begins.
  float combo_follow_s = 0.05f;
  // A shield raised for less than this does not stop a blow yet, seconds.
  float block_raise_s = 0.08f;
  // A swing or the shield starts only this slow, m/s along x: pressed at a
  // run, the knight brakes first (its locomotion playing its steps) rather
  // than sliding planted feet over the ground into the swing.
  float max_start_speed_mps = 0.3f;
  // A swing pressed while braking waits this long for the knight to slow, seconds.
  float attack_buffer_s = 0.5f;
  // Stagger without a hit clip, seconds (the knight stands, unable to act).
  float stagger_s = 0.35f;
  float down_s = 0.5f;  // lying after a knockdown before getting up, seconds
  // The victim is shoved away from the blow, m/s along x. Only a knockdown
  // shoves: a stagger or a blocked blow keeps the feet planted (a shove
  // would slide them over the ground).
  float shove_light_mps = 0.0f;
  float shove_heavy_mps = 2.5f;
  float shove_blocked_mps = 0.0f;
  // A blow that hurts lights the victim up this long, seconds, fading out
  // (HitFlash): the hit reads even when the clip's flinch is small.
  float hit_flash_s = 0.2f;
  int light_damage = 1;  // hit points a swing takes ...
  int heavy_damage = 2;  // ... and the combo's last swing
};

enum class FightState : uint8_t { kNone, kAttack, kBlock, kBlockHit, kHit, kKnockdown, kDown, kGetUp, kDefeated };
const char* ToString(FightState state);

enum class BlowResult : uint8_t {
  kIgnored,      // invulnerable, or already down
  kBlocked,      // taken on the raised shield
  kHurt,         // hit points lost, staggered
  kKnockedDown,  // hit points lost, on the back
  kDefeated,     // the last hit point lost
};

class KnightFight {
 public:
  FightTuning tuning;

  void Init(const FightClips& clips) {
    clips_ = clips;
    Reset();
  }
  // Full hit points, standing, nothing queued (a spawn or a respawn).
  void Reset();

  // One sim step. `grounded`: the mover stands on the ground, not turning
  // on the spot (attacks and the shield need both feet down); speed_mps:
  // its ground speed along x (max_start_speed_mps).
  void Step(const core::InputState& input, bool grounded, float speed_mps, float dt_s);
  // The input the mover may act on this step: none while busy fighting or
  // braking for a swing or the shield, so the knight stands (its speed runs
  // down) and keeps its facing.
  core::InputState MovementInput(const core::InputState& input) const;

  // A blow lands. from_front: the attacker is on the side the knight faces
  // (only then does the shield stop it). direction: +1 shoved towards +x.
  // room_to_fall: the ground behind has room for the body to lie on (no
  // wall or riser within its length): else a heavy blow staggers instead,
  // and the last hit point is lost where the knight stands.
  BlowResult TakeBlow(int damage, bool heavy, bool from_front, int direction, bool room_to_fall = true);
  // The shove the last blow asked for, m/s along x, once (0 after, and 0
  // until a knockdown's feet have left the ground).
  float TakeShoveMps() {
    if (state_ == FightState::kKnockdown && time_s_ < clips_.knockdown_feet_off_s) return 0.0f;
    const float shove = pending_shove_mps_;
    pending_shove_mps_ = 0.0f;
    return shove;
  }

  // The clip to play instead of the mover's (nullopt: the mover's), and a
  // serial that changes whenever it must start again.
  std::optional<character::ClipRole> Role() const;
  int RoleSerial() const { return role_serial_; }

  FightState state() const { return state_; }
  int health() const { return health_; }
  const FightClips& clips() const { return clips_; }
  bool CanFight() const { return clips_.combo_length > 0; }
  // In a swing's hurt window now; the swing's serial changes per swing, so
  // that each swing hurts each knight at most once.
  bool SwingHurts() const;
  int SwingSerial() const { return swing_serial_; }
  // The swing now playing, 0-based (the last of the combo is the heavy one).
  int SwingIndex() const { return combo_index_; }
  bool SwingHeavy() const { return combo_index_ == clips_.combo_length - 1 && clips_.combo_length > 1; }
  // Seconds into the current state.
  float StateTimeS() const { return time_s_; }
  // 1 as a blow that hurt lands, falling evenly to 0 over hit_flash_s; 0
  // for a blow taken on the shield.
  float HitFlash() const { return tuning.hit_flash_s > 0.0f ? flash_left_s_ / tuning.hit_flash_s : 0.0f; }
  // A swing began this step (for its sound).
  bool SwingStarted() const { return swing_started_; }
  // The shield is up and stops blows from the front.
  bool ShieldUp() const {
    return (state_ == FightState::kBlock && time_s_ >= tuning.block_raise_s) || state_ == FightState::kBlockHit;
  }
  bool Invulnerable() const;
  bool Defeated() const { return state_ == FightState::kDefeated; }
  // Busy: the mover gets no input (attacking, blocking, reacting, down).
  bool Busy() const { return state_ != FightState::kNone; }

 private:
  // new_clip false: the state goes on with the clip already playing (lying
  // on after a knockdown), so the role serial stays.
  void Enter(FightState state, bool new_clip = true);
  void StartSwing(int index);
  void StepAttack(const core::InputState& input, bool grounded, float speed_mps);
  void StepReaction(const core::InputState& input);
  float SwingLengthS() const { return clips_.attacks[static_cast<size_t>(combo_index_)].duration_s; }

  FightClips clips_;
  FightState state_ = FightState::kNone;
  float time_s_ = 0.0f;  // in the state, seconds
  int health_ = 0;
  int combo_index_ = 0;
  bool next_queued_ = false;
  float attack_buffer_left_s_ = 0.0f;  // a swing pressed while too fast, waiting for the knight to slow
  bool swing_started_ = false;
  int swing_serial_ = 0;
  int role_serial_ = 0;
  float invulnerable_left_s_ = 0.0f;
  float flash_left_s_ = 0.0f;  // of the hit flash, seconds
  float pending_shove_mps_ = 0.0f;
};

}  // namespace knights::game
