#include "knights/game/knight/knight_fight.h"

#include <algorithm>
#include <cmath>

namespace knights::game {

const char* ToString(FightState state) {
  switch (state) {
    case FightState::kNone:
      return "none";
    case FightState::kAttack:
      return "attack";
    case FightState::kBlock:
      return "block";
    case FightState::kBlockHit:
      return "block hit";
    case FightState::kHit:
      return "hit";
    case FightState::kKnockdown:
      return "knockdown";
    case FightState::kDown:
      return "down";
    case FightState::kGetUp:
      return "get up";
    case FightState::kDefeated:
      return "defeated";
  }
  return "?";
}

void KnightFight::Reset() {
  state_ = FightState::kNone;
  time_s_ = 0.0f;
  health_ = std::max(1, tuning.max_health);
  combo_index_ = 0;
  next_queued_ = false;
  attack_buffer_left_s_ = 0.0f;
  swing_started_ = false;
  invulnerable_left_s_ = 0.0f;
  flash_left_s_ = 0.0f;
  pending_shove_mps_ = 0.0f;
  ++role_serial_;
}

void KnightFight::Enter(FightState state, bool new_clip) {
  state_ = state;
  time_s_ = 0.0f;
  if (new_clip) ++role_serial_;
}

void KnightFight::StartSwing(int index) {
  combo_index_ = index;
  next_queued_ = false;
  swing_started_ = true;
  ++swing_serial_;
  Enter(FightState::kAttack);
}

void KnightFight::Step(const core::InputState& input, bool grounded, float speed_mps, float dt_s) {
  swing_started_ = false;
  time_s_ += dt_s;
  invulnerable_left_s_ = std::max(0.0f, invulnerable_left_s_ - dt_s);
  flash_left_s_ = std::max(0.0f, flash_left_s_ - dt_s);
  attack_buffer_left_s_ = std::max(0.0f, attack_buffer_left_s_ - dt_s);
  switch (state_) {
    case FightState::kNone:
    case FightState::kBlock:
    case FightState::kAttack:
      StepAttack(input, grounded, std::fabs(speed_mps));
      break;
    default:
      StepReaction(input);
      break;
  }
}

// Attacking and blocking: what the player asks for, on the ground.
void KnightFight::StepAttack(const core::InputState& input, bool grounded, float speed_mps) {
  if (!grounded) {  // walked off a ledge or was shoved off one: the fall takes over
    if (state_ != FightState::kNone) Enter(FightState::kNone);
    attack_buffer_left_s_ = 0.0f;
    return;
  }
  if (state_ == FightState::kAttack) {
    const AttackWindow& swing = clips_.attacks[static_cast<size_t>(combo_index_)];
    if (input.attack_pressed && combo_index_ + 1 < clips_.combo_length) next_queued_ = true;
    if (next_queued_ && time_s_ >= swing.active_to_s + tuning.combo_follow_s) {
      StartSwing(combo_index_ + 1);
    } else if (time_s_ >= SwingLengthS()) {
      Enter(FightState::kNone);
    }
    return;
  }
  const bool slow = speed_mps <= tuning.max_start_speed_mps;
  if (input.attack_pressed && CanFight()) attack_buffer_left_s_ = tuning.attack_buffer_s;
  if (attack_buffer_left_s_ > 0.0f && slow) {
    attack_buffer_left_s_ = 0.0f;
    StartSwing(0);
  } else if (input.block_held && clips_.can_block && attack_buffer_left_s_ <= 0.0f) {
    if (state_ != FightState::kBlock && slow) Enter(FightState::kBlock);
  } else if (state_ == FightState::kBlock) {
    Enter(FightState::kNone);
  }
}

// The reactions play out whatever the input, then hand back.
void KnightFight::StepReaction(const core::InputState& input) {
  switch (state_) {
    case FightState::kBlockHit:
      if (time_s_ >= clips_.block_hit_s) Enter(input.block_held ? FightState::kBlock : FightState::kNone);
      break;
    case FightState::kHit:
      if (time_s_ >= (clips_.hit_s > 0.0f ? clips_.hit_s : tuning.stagger_s)) Enter(FightState::kNone);
      break;
    case FightState::kKnockdown:
      if (time_s_ >= clips_.knockdown_s) {
        Enter(health_ <= 0 ? FightState::kDefeated : FightState::kDown, /*new_clip=*/false);
      }
      break;
    case FightState::kDown:
      if (time_s_ >= tuning.down_s) Enter(clips_.get_up_s > 0.0f ? FightState::kGetUp : FightState::kNone);
      break;
    case FightState::kGetUp:
      if (time_s_ >= clips_.get_up_s) Enter(FightState::kNone);
      break;
    default:
      break;
  }
}

bool KnightFight::Invulnerable() const {
  return invulnerable_left_s_ > 0.0f || state_ == FightState::kKnockdown || state_ == FightState::kDown ||
         state_ == FightState::kGetUp || state_ == FightState::kDefeated;
}

bool KnightFight::SwingHurts() const {
  if (state_ != FightState::kAttack) return false;
  const AttackWindow& swing = clips_.attacks[static_cast<size_t>(combo_index_)];
  return time_s_ >= swing.active_from_s && time_s_ <= swing.active_to_s;
}

BlowResult KnightFight::TakeBlow(int damage, bool heavy, bool from_front, int direction, bool room_to_fall) {
  if (Invulnerable()) return BlowResult::kIgnored;
  const float sign = direction >= 0 ? 1.0f : -1.0f;
  if (from_front && ShieldUp()) {
    pending_shove_mps_ = sign * tuning.shove_blocked_mps;
    if (clips_.block_hit_s > 0.0f) Enter(FightState::kBlockHit);
    return BlowResult::kBlocked;
  }
  health_ = std::max(0, health_ - std::max(0, damage));
  invulnerable_left_s_ = tuning.invulnerable_s;
  flash_left_s_ = tuning.hit_flash_s;
  pending_shove_mps_ = sign * (heavy ? tuning.shove_heavy_mps : tuning.shove_light_mps);
  const bool can_fall = clips_.knockdown_s > 0.0f && room_to_fall;
  if (can_fall && (heavy || health_ == 0)) {
    Enter(FightState::kKnockdown);
    return health_ == 0 ? BlowResult::kDefeated : BlowResult::kKnockedDown;
  }
  if (health_ == 0) {  // no knockdown clip: defeated where it stands
    Enter(FightState::kDefeated);
    return BlowResult::kDefeated;
  }
  Enter(FightState::kHit);
  return BlowResult::kHurt;
}

core::InputState KnightFight::MovementInput(const core::InputState& input) const {
  const bool braking = attack_buffer_left_s_ > 0.0f || (input.block_held && clips_.can_block);
  if (!Busy() && !braking) return input;
  core::InputState still;
  still.quit_requested = input.quit_requested;
  return still;
}

std::optional<character::ClipRole> KnightFight::Role() const {
  switch (state_) {
    case FightState::kAttack:
      return static_cast<character::ClipRole>(static_cast<int>(character::ClipRole::kAttack1) + combo_index_);
    case FightState::kBlock:
      return character::ClipRole::kBlock;
    case FightState::kBlockHit:
      return character::ClipRole::kBlockHit;
    case FightState::kHit:
      return clips_.hit_s > 0.0f ? std::optional<character::ClipRole>(character::ClipRole::kHit) : std::nullopt;
    case FightState::kKnockdown:
    case FightState::kDown:
      return character::ClipRole::kKnockdown;
    case FightState::kGetUp:
      return character::ClipRole::kGetUp;
    case FightState::kDefeated:
      return clips_.knockdown_s > 0.0f ? std::optional<character::ClipRole>(character::ClipRole::kKnockdown)
                                       : std::nullopt;
    case FightState::kNone:
      break;
  }
  return std::nullopt;
}

}  // namespace knights::game
