#include "game/knight_combat.h"

#include <algorithm>
#include <cmath>

namespace knights::game {

const char* ToString(CombatState state) {
  switch (state) {
    case CombatState::kNone:
      return "none";
    case CombatState::kAttack:
      return "attack";
    case CombatState::kBlock:
      return "block";
    case CombatState::kBlockHit:
      return "block hit";
    case CombatState::kHit:
      return "hit";
    case CombatState::kKnockdown:
      return "knockdown";
    case CombatState::kDown:
      return "down";
    case CombatState::kGetUp:
      return "get up";
    case CombatState::kDefeated:
      return "defeated";
  }
  return "?";
}

void KnightCombat::Reset() {
  state_ = CombatState::kNone;
  time_s_ = 0.0f;
  health_ = std::max(1, tuning.max_health);
  combo_index_ = 0;
  next_queued_ = false;
  attack_buffer_left_s_ = 0.0f;
  swing_started_ = false;
  invulnerable_left_s_ = 0.0f;
  pending_shove_mps_ = 0.0f;
  ++role_serial_;
}

void KnightCombat::Enter(CombatState state, bool new_clip) {
  state_ = state;
  time_s_ = 0.0f;
  if (new_clip) ++role_serial_;
}

void KnightCombat::StartSwing(int index) {
  combo_index_ = index;
  next_queued_ = false;
  swing_started_ = true;
  ++swing_serial_;
  Enter(CombatState::kAttack);
}

void KnightCombat::Step(const core::InputState& input, bool grounded, float speed_mps, float dt_s) {
  swing_started_ = false;
  time_s_ += dt_s;
  invulnerable_left_s_ = std::max(0.0f, invulnerable_left_s_ - dt_s);
  attack_buffer_left_s_ = std::max(0.0f, attack_buffer_left_s_ - dt_s);
  switch (state_) {
    case CombatState::kNone:
    case CombatState::kBlock:
    case CombatState::kAttack:
      StepAttack(input, grounded, std::fabs(speed_mps));
      break;
    default:
      StepReaction(input);
      break;
  }
}

// Attacking and blocking: what the player asks for, on the ground.
void KnightCombat::StepAttack(const core::InputState& input, bool grounded, float speed_mps) {
  if (!grounded) {  // walked off a ledge or was shoved off one: the fall takes over
    if (state_ != CombatState::kNone) Enter(CombatState::kNone);
    attack_buffer_left_s_ = 0.0f;
    return;
  }
  if (state_ == CombatState::kAttack) {
    const AttackWindow& swing = clips_.attacks[static_cast<size_t>(combo_index_)];
    if (input.attack_pressed && combo_index_ + 1 < clips_.combo_length) next_queued_ = true;
    if (next_queued_ && time_s_ >= swing.active_to_s + tuning.combo_follow_s) {
      StartSwing(combo_index_ + 1);
    } else if (time_s_ >= SwingLengthS()) {
      Enter(CombatState::kNone);
    }
    return;
  }
  const bool slow = speed_mps <= tuning.max_start_speed_mps;
  if (input.attack_pressed && CanFight()) attack_buffer_left_s_ = tuning.attack_buffer_s;
  if (attack_buffer_left_s_ > 0.0f && slow) {
    attack_buffer_left_s_ = 0.0f;
    StartSwing(0);
  } else if (input.block_held && clips_.can_block && attack_buffer_left_s_ <= 0.0f) {
    if (state_ != CombatState::kBlock && slow) Enter(CombatState::kBlock);
  } else if (state_ == CombatState::kBlock) {
    Enter(CombatState::kNone);
  }
}

// The reactions play out whatever the input, then hand back.
void KnightCombat::StepReaction(const core::InputState& input) {
  switch (state_) {
    case CombatState::kBlockHit:
      if (time_s_ >= clips_.block_hit_s) Enter(input.block_held ? CombatState::kBlock : CombatState::kNone);
      break;
    case CombatState::kHit:
      if (time_s_ >= (clips_.hit_s > 0.0f ? clips_.hit_s : tuning.stagger_s)) Enter(CombatState::kNone);
      break;
    case CombatState::kKnockdown:
      if (time_s_ >= clips_.knockdown_s) {
        Enter(health_ <= 0 ? CombatState::kDefeated : CombatState::kDown, /*new_clip=*/false);
      }
      break;
    case CombatState::kDown:
      if (time_s_ >= tuning.down_s) Enter(clips_.get_up_s > 0.0f ? CombatState::kGetUp : CombatState::kNone);
      break;
    case CombatState::kGetUp:
      if (time_s_ >= clips_.get_up_s) Enter(CombatState::kNone);
      break;
    default:
      break;
  }
}

bool KnightCombat::Invulnerable() const {
  return invulnerable_left_s_ > 0.0f || state_ == CombatState::kKnockdown || state_ == CombatState::kDown ||
         state_ == CombatState::kGetUp || state_ == CombatState::kDefeated;
}

bool KnightCombat::SwingHurts() const {
  if (state_ != CombatState::kAttack) return false;
  const AttackWindow& swing = clips_.attacks[static_cast<size_t>(combo_index_)];
  return time_s_ >= swing.active_from_s && time_s_ <= swing.active_to_s;
}

BlowResult KnightCombat::TakeBlow(int damage, bool heavy, bool from_front, int direction) {
  if (Invulnerable()) return BlowResult::kIgnored;
  const float sign = direction >= 0 ? 1.0f : -1.0f;
  if (from_front && ShieldUp()) {
    pending_shove_mps_ = sign * tuning.shove_blocked_mps;
    if (clips_.block_hit_s > 0.0f) Enter(CombatState::kBlockHit);
    return BlowResult::kBlocked;
  }
  health_ = std::max(0, health_ - std::max(0, damage));
  invulnerable_left_s_ = tuning.invulnerable_s;
  pending_shove_mps_ = sign * (heavy ? tuning.shove_heavy_mps : tuning.shove_light_mps);
  const bool can_fall = clips_.knockdown_s > 0.0f;
  if (can_fall && (heavy || health_ == 0)) {
    Enter(CombatState::kKnockdown);
    return health_ == 0 ? BlowResult::kDefeated : BlowResult::kKnockedDown;
  }
  if (health_ == 0) {  // no knockdown clip: defeated where it stands
    Enter(CombatState::kDefeated);
    return BlowResult::kDefeated;
  }
  Enter(CombatState::kHit);
  return BlowResult::kHurt;
}

core::InputState KnightCombat::MovementInput(const core::InputState& input) const {
  const bool braking = attack_buffer_left_s_ > 0.0f || (input.block_held && clips_.can_block);
  if (!Busy() && !braking) return input;
  core::InputState still;
  still.quit_requested = input.quit_requested;
  return still;
}

std::optional<ClipRole> KnightCombat::Role() const {
  switch (state_) {
    case CombatState::kAttack:
      return static_cast<ClipRole>(static_cast<int>(ClipRole::kAttack1) + combo_index_);
    case CombatState::kBlock:
      return ClipRole::kBlock;
    case CombatState::kBlockHit:
      return ClipRole::kBlockHit;
    case CombatState::kHit:
      return clips_.hit_s > 0.0f ? std::optional<ClipRole>(ClipRole::kHit) : std::nullopt;
    case CombatState::kKnockdown:
    case CombatState::kDown:
      return ClipRole::kKnockdown;
    case CombatState::kGetUp:
      return ClipRole::kGetUp;
    case CombatState::kDefeated:
      return clips_.knockdown_s > 0.0f ? std::optional<ClipRole>(ClipRole::kKnockdown) : std::nullopt;
    case CombatState::kNone:
      break;
  }
  return std::nullopt;
}

}  // namespace knights::game
