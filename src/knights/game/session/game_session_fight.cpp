// GameSession: the fights. After the knights' step, each one's weapon and
// body are handed to the BlowFinder, and what it finds is dealt here.

#include <algorithm>
#include <cmath>

#include "knights/game/session/game_session.h"

namespace knights::game {

void GameSession::ResolveBlows() {
  for (size_t i = 0; i < knights_.size(); ++i) {
    const Knight& knight = knights_[i];
    Fighter& f = fighters_[i];
    const bool in_fight = i == 0 || FightingEnemy(i);
    f.side = in_fight ? (i == 0 ? 0 : 1) : Fighter::kNoSide;
    f.weapon_before_ws = weapons_before_ws_[i];
    f.weapon_ws = knight.SwingWeaponWs();  // the swing's course: the drawn blade stops at the body it strikes
    f.body_ws = knight.BodyWs();
    f.swing_hurts = knight.fight.SwingHurts();
    f.swing_serial = knight.fight.SwingSerial();
    weapons_before_ws_[i] = f.weapon_ws;
  }
  const int count = blow_finder_.Find(fighters_, blows_);
  for (int b = 0; b < count; ++b) DealBlow(blows_[static_cast<size_t>(b)]);
}

// A player whose blows cannot reach a body across the room BodySpacing
// keeps (a child's fist, 0.23 m ahead of its feet) is left out of it: it
// would stand before its foes unable to strike them.
bool GameSession::StrikesAcrossTheRoom() const {
  const Knight& player = knights_[0];
  return player.fight.clips().reach_m >= player.BodyWs().radius_m + BodySpacing::kPoseMarginM;
}

void GameSession::SpaceBodies() {
  const bool player_spaced = StrikesAcrossTheRoom();
  for (size_t i = 0; i < knights_.size(); ++i) {
    const Knight& knight = knights_[i];
    const bool fighting = i == 0 ? player_spaced : FightingEnemy(i);
    spaced_[i] = fighting && Shown(i) && !knight.fight.Defeated() && !OnLadder(knight.controller.mode()) ? 1 : 0;
  }
  spacing_.Apply(knights_, spaced_, *desc_.world);
}

void GameSession::SampleBodyContacts() {
  for (size_t i = 0; i < knights_.size(); ++i) {
    const Knight& knight = knights_[i];
    BodyContactSample& sample = contact_samples_[i];
    sample.fighting = Shown(i) && !knight.fight.Defeated() && (i == 0 || FightingEnemy(i));
    sample.body_ws = fighters_[i].body_ws;
    sample.blade_point_ws = knight.WeaponWs().point;
  }
  body_contacts_.Sample(contact_samples_);
}

void GameSession::DealBlow(const Blow& blow) {
  const Knight& attacker = knights_[static_cast<size_t>(blow.attacker)];
  Knight& victim = knights_[static_cast<size_t>(blow.victim)];
  const float dx = victim.controller.FeetWs().x - attacker.controller.FeetWs().x;
  const int away = dx != 0.0f ? (dx > 0.0f ? 1 : -1) : attacker.controller.Facing();
  // The victim faces the blow when it faces back along the way it is shoved.
  const bool from_front = victim.controller.Facing() == -away;
  const bool heavy = attacker.fight.SwingHeavy();
  const int damage = heavy ? attacker.fight.tuning.heavy_damage : attacker.fight.tuning.light_damage;
  const BlowResult result = victim.fight.TakeBlow(damage, heavy, from_front, away, RoomToFall(victim, away));
  if (result == BlowResult::kIgnored) return;
  CountBlow(blow.victim == 0, result);
  if (result == BlowResult::kBlocked) {
    sounds_.Push({SoundId::kShieldBlock, blow.point_ws, 1.0f});
  } else {
    sounds_.Push({SoundId::kSwordHit, blow.point_ws, 1.0f});
    sounds_.Push({result == BlowResult::kHurt ? SoundId::kHurt : SoundId::kKnockdown, blow.point_ws, 1.0f});
  }
  const bool hard = heavy || result == BlowResult::kKnockedDown || result == BlowResult::kDefeated;
  hit_stop_left_s_ = std::max(hit_stop_left_s_, hard ? kHitStopHeavyS : kHitStopS);
  if (blow.attacker == 0 || blow.victim == 0) camera_.Shake(hard ? kShakeHeavyM : kShakeLightM);
}

// A knight knocked down lies along the way it is shoved, about its height
// from its feet: a wall or a riser there (between a shin's and a hip's
// height) would take the body in.
bool GameSession::RoomToFall(const Knight& knight, int away) const {
  const glm::vec3 feet_ws = knight.controller.FeetWs();
  world::WallProbe lying;
  lying.x = feet_ws.x;
  lying.z = feet_ws.z;
  lying.y_bottom = feet_ws.y + kFallRoomLowM;
  lying.y_top = feet_ws.y + kFallRoomHighM;
  lying.ray_count = 3;
  lying.direction_x = away >= 0 ? 1.0f : -1.0f;
  lying.max_distance = knight.rig().body_height_m;
  return !desc_.world->collision().CastWall(lying).hit;
}

FoeView GameSession::NearestFoe() const {
  FoeView foe;
  const glm::vec3 player_ws = knights_[0].controller.FeetWs();
  for (size_t i = 1; i < knights_.size(); ++i) {
    const Knight& enemy = knights_[i];
    if (!FightingEnemy(i)) continue;
    const glm::vec3 d = enemy.controller.FeetWs() - player_ws;
    if (std::fabs(d.y) > kFoeLevelM || (foe.present && std::fabs(d.x) >= std::fabs(foe.dx_m))) continue;
    foe.present = true;
    foe.dx_m = d.x;
    const KnightFight& c = enemy.fight;
    const bool swinging = c.state() == FightState::kAttack &&
                          c.StateTimeS() <= c.clips().attacks[static_cast<size_t>(c.SwingIndex())].active_to_s;
    foe.threatening = swinging || enemies_[i - 1].WindUpProgress() > kFoeTellSeen;
  }
  return foe;
}

void GameSession::CountBlow(bool on_player, BlowResult result) {
  const bool blocked = result == BlowResult::kBlocked;
  if (on_player) {
    (blocked ? fight_stats_.blocked_by_player : fight_stats_.blows_taken) += 1;
    fight_stats_.player_defeats += result == BlowResult::kDefeated ? 1 : 0;
  } else {
    (blocked ? fight_stats_.blocked_by_enemies : fight_stats_.blows_dealt) += 1;
    fight_stats_.enemies_defeated += result == BlowResult::kDefeated ? 1 : 0;
  }
}

void GameSession::RespawnDefeatedPlayer(float dt_s) {
  Knight& player = knights_[0];
  if (!player.fight.Defeated()) {
    player_down_s_ = 0.0f;
    return;
  }
  player_down_s_ += dt_s;
  if (player_down_s_ < kRespawnAfterDefeatS) return;
  player_down_s_ = 0.0f;
  player.controller.RespawnAtCheckpoint(*desc_.world);
}

}  // namespace knights::game
