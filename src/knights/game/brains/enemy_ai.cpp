#include "knights/game/brains/enemy_ai.h"

#include <algorithm>
#include <cmath>

namespace knights::game {
namespace {

// The player's swings are judged for a block from this far beyond the
// reach, metres: a knight steps in as he swings.
constexpr float kBlockLookoutM = 0.6f;
// Closer than this fraction of the reach it stops walking in, so that it
// does not push into the player.
constexpr float kStopInsideReach = 0.85f;
// A second press in a combo comes this long into the first swing, seconds.
constexpr float kComboPressAfterS = 0.2f;
// A swing reaches the player when its point reaches his body, this far
// round his feet' vertical (BodyCapsule::radius_m), metres.
constexpr float kPlayerBodyRadiusM = BodyCapsule{}.radius_m;

bool Reacting(FightState state) {
  return state == FightState::kHit || state == FightState::kKnockdown || state == FightState::kDown ||
         state == FightState::kGetUp || state == FightState::kBlockHit;
}

}  // namespace

const char* ToString(EnemyState state) {
  switch (state) {
    case EnemyState::kPatrol:
      return "patrol";
    case EnemyState::kNotice:
      return "notice";
    case EnemyState::kApproach:
      return "approach";
    case EnemyState::kWindUp:
      return "wind-up";
    case EnemyState::kAttack:
      return "attack";
    case EnemyState::kBlock:
      return "block";
    case EnemyState::kDown:
      return "down";
  }
  return "?";
}

void EnemyAi::Init(float patrol_x0, float patrol_x1, float aggression, uint32_t seed) {
  patrol_ = PatrolAi{patrol_x0, patrol_x1};
  rng_ = core::XorShift32(seed);
  aggression_ = std::clamp(aggression, 0.0f, 1.0f);
  state_ = EnemyState::kPatrol;
  left_s_ = rest_s_ = 0.0f;
  swings_left_ = 0;
  judged_swing_ = -1;
  just_noticed_ = pressed_ = false;
}

void EnemyAi::Enter(EnemyState state, float time_s) {
  state_ = state;
  left_s_ = time_s;
  wind_up_s_ = state == EnemyState::kWindUp ? time_s : 0.0f;
}

float EnemyAi::WindUpProgress() const {
  if (state_ != EnemyState::kWindUp || wind_up_s_ <= 0.0f) return 0.0f;
  return std::clamp(1.0f - left_s_ / wind_up_s_, 0.0f, 1.0f);
}

bool EnemyAi::Sees(const Knight& self, const Knight& player) const {
  if (player.fight.Defeated()) return false;
  const glm::vec3 d = player.controller.FeetWs() - self.controller.FeetWs();
  if (std::fabs(d.y) > tuning.level_m) return false;
  const bool ahead = d.x * static_cast<float>(self.controller.Facing()) > 0.0f;
  return std::fabs(d.x) < (ahead ? tuning.notice_ahead_m : tuning.notice_behind_m);
}

bool EnemyAi::Lost(const Knight& self, const Knight& player) const {
  const glm::vec3 d = player.controller.FeetWs() - self.controller.FeetWs();
  return player.fight.Defeated() || std::fabs(d.x) > tuning.give_up_m || std::fabs(d.y) > tuning.level_m;
}

// Turns round on the spot to face the player (KnightController::TurnOnTheSpotInput).
core::InputState EnemyAi::FaceTowards(const Knight& self, float player_x) const {
  return self.controller.TurnOnTheSpotInput(player_x >= self.controller.FeetWs().x ? 1 : -1);
}

// tuning.reach_m, or nearer where its swing's point reaches less far (a fist).
float EnemyAi::Reach(const Knight& self) const {
  return std::min(tuning.reach_m, self.fight.clips().SwingFromM(kPlayerBodyRadiusM));
}

// Walks towards the player until within reach, never past its patrol range.
core::InputState EnemyAi::Approach(const Knight& self, float player_x) {
  const float x = self.controller.FeetWs().x;
  const float gap = std::fabs(player_x - x);
  const int towards = player_x >= x ? 1 : -1;
  const bool at_end = (towards > 0 && x >= patrol_.x1) || (towards < 0 && x <= patrol_.x0);
  if (gap <= kStopInsideReach * Reach(self) || at_end || self.controller.AgainstAKnight(towards) ||
      self.controller.Turning() || self.controller.Facing() != towards) {
    return FaceTowards(self, player_x);
  }
  core::InputState input;
  input.move_x = static_cast<float>(towards);
  return input;
}

// Once per swing of the player's, in reach and facing him: a shield, by chance.
bool EnemyAi::ChooseToBlock(const Knight& self, const Knight& player) {
  if (!self.fight.clips().can_block || player.fight.state() != FightState::kAttack) return false;
  if (player.fight.SwingSerial() == judged_swing_) return false;
  const float dx = player.controller.FeetWs().x - self.controller.FeetWs().x;
  if (std::fabs(dx) > Reach(self) + kBlockLookoutM || dx * static_cast<float>(self.controller.Facing()) <= 0.0f) {
    return false;
  }
  judged_swing_ = player.fight.SwingSerial();
  return rng_.Next01() < Temper(tuning.block_calm, tuning.block_fierce);
}

core::InputState EnemyAi::Decide(const Knight& self, const Knight& player, float dt_s) {
  just_noticed_ = false;
  left_s_ -= dt_s;
  rest_s_ = std::max(0.0f, rest_s_ - dt_s);
  core::InputState input;
  if (self.fight.Defeated()) {
    Enter(EnemyState::kDown);
    return input;
  }
  if (Reacting(self.fight.state())) {
    if (state_ == EnemyState::kAttack) Enter(EnemyState::kApproach);  // the swing was cut short
    input.block_held = state_ == EnemyState::kBlock;
    return input;
  }
  const float player_x = player.controller.FeetWs().x;
  switch (state_) {
    case EnemyState::kPatrol:
      if (!Sees(self, player)) return patrol_.Decide(self.controller, dt_s);
      just_noticed_ = true;
      Enter(EnemyState::kNotice, tuning.notice_s);
      return FaceTowards(self, player_x);
    case EnemyState::kNotice:
      if (left_s_ <= 0.0f) Enter(EnemyState::kApproach);
      return FaceTowards(self, player_x);
    case EnemyState::kApproach:
      return DecideApproach(self, player);
    case EnemyState::kWindUp:
      if (Lost(self, player)) {
        Enter(EnemyState::kPatrol);
      } else if (left_s_ <= 0.0f) {
        Enter(EnemyState::kAttack);
        swings_left_ = rng_.Next01() < tuning.combo_chance * aggression_ ? 2 : 1;
        pressed_ = false;
      }
      return input;
    case EnemyState::kAttack:
      return DecideAttack(self);
    case EnemyState::kBlock:
      if (left_s_ <= 0.0f) Enter(EnemyState::kApproach);
      input.block_held = state_ == EnemyState::kBlock;
      return input;
    case EnemyState::kDown:
      return input;
  }
  return input;
}

core::InputState EnemyAi::DecideApproach(const Knight& self, const Knight& player) {
  if (Lost(self, player)) {
    Enter(EnemyState::kPatrol);
    return {};
  }
  core::InputState input;
  if (ChooseToBlock(self, player)) {
    Enter(EnemyState::kBlock, tuning.block_hold_s);
    input.block_held = true;
    return input;
  }
  const float player_x = player.controller.FeetWs().x;
  const float dx = player_x - self.controller.FeetWs().x;
  const bool facing = dx * static_cast<float>(self.controller.Facing()) > 0.0f;
  // In reach, or as near as the player's body lets it come (a fist).
  const bool in_reach = std::fabs(dx) <= Reach(self) || self.controller.AgainstAKnight(dx >= 0.0f ? 1 : -1);
  if (in_reach && facing && rest_s_ <= 0.0f && !self.controller.Turning()) {
    Enter(EnemyState::kWindUp, Temper(tuning.wind_up_calm_s, tuning.wind_up_fierce_s));
    return input;
  }
  return Approach(self, player_x);
}

core::InputState EnemyAi::DecideAttack(const Knight& self) {
  core::InputState input;
  const bool swinging = self.fight.state() == FightState::kAttack;
  if (!pressed_) {
    input.attack_pressed = true;
    pressed_ = true;
    --swings_left_;
  } else if (swinging && swings_left_ > 0 && self.fight.StateTimeS() >= kComboPressAfterS) {
    input.attack_pressed = true;
    --swings_left_;
  } else if (!swinging) {
    rest_s_ = Temper(tuning.rest_calm_s, tuning.rest_fierce_s);
    Enter(EnemyState::kApproach);
  }
  return input;
}

}  // namespace knights::game
