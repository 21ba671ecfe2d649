#include "knights/game/session/game_session.h"

#include <algorithm>
#include <chrono>
#include <limits>

namespace knights::game {

GameSession::GameSession(const SessionDesc& desc) : desc_(desc), pilot_(desc.seed), soak_(desc.seed * 2654435761u) {
  autoplay = desc.autoplay;
  const size_t npcs = desc.world->level().npcs.size();
  knights_.resize(1 + npcs);
  patrols_.resize(npcs);
  enemies_.resize(npcs);
  fighters_.resize(knights_.size());
  contact_samples_.resize(knights_.size());
  spacing_.Resize(knights_.size());
  spaced_.assign(knights_.size(), 0);
  bodies_to_clear_ws_.reserve(knights_.size());
  weapons_before_ws_.resize(knights_.size());
  blow_finder_.Resize(static_cast<int>(knights_.size()));
  respawns_seen_.assign(knights_.size(), 0);
  cues_.resize(knights_.size());
  BuildKnights();
  SpawnAll();
  if (desc.skip_title) screen_ = Screen::kPlaying;
}

// Each knight from its cast member: the player's, and the NPCs' in their
// level variant's look.
void GameSession::BuildKnights() {
  const CastMember& hero = desc_.cast[desc_.player_cast];
  knights_[0].Init(*hero.skeleton, hero.clips, *hero.rig, hero.look);
  const CastMember& guard = desc_.cast[desc_.npc_cast];
  const std::vector<world::Npc>& npcs = desc_.world->level().npcs;
  for (size_t i = 0; i < npcs.size(); ++i) {
    const int look = npcs[i].variant == world::NpcVariant::kRed ? guard.look_red : guard.look_green;
    knights_[i + 1].Init(*guard.skeleton, guard.clips, *guard.rig, look);
  }
}

bool GameSession::ChooseCast(int player_cast, int npc_cast) {
  const int count = static_cast<int>(desc_.cast.size());
  if (screen_ != Screen::kTitle || player_cast < 0 || player_cast >= count || npc_cast < 0 || npc_cast >= count) {
    return false;
  }
  desc_.player_cast = player_cast;
  desc_.npc_cast = npc_cast;
  clip_override = {};
  BuildKnights();
  SpawnAll();
  return true;
}

void GameSession::SpawnAll() {
  const world::World& world = *desc_.world;
  knights_[0].Spawn(world.SpawnPositionWs(), +1);
  for (size_t i = 0; i < patrols_.size(); ++i) {
    const world::Npc& npc = world.level().npcs[i];
    const float y = world.GroundHeightOr(npc.x, 0.0f);
    knights_[i + 1].fight.tuning.max_health = npc.health;
    // An enemy's i-frames are short, so the player's combo lands each swing.
    knights_[i + 1].fight.tuning.invulnerable_s = kEnemyInvulnerableS;
    knights_[i + 1].Spawn(glm::vec3(npc.x, y, 0.0f), (i % 2 == 0) ? +1 : -1);
    patrols_[i] = PatrolAi{npc.patrol_x0, npc.patrol_x1};
    enemies_[i].Init(npc.patrol_x0, npc.patrol_x1, npc.aggression, desc_.seed * 7919u + static_cast<uint32_t>(i));
  }
  for (size_t i = 0; i < knights_.size(); ++i) weapons_before_ws_[i] = knights_[i].WeaponWs();
  blow_finder_.Clear();
  hit_stop_left_s_ = player_down_s_ = 0.0f;
  fight_stats_ = {};
  body_contacts_.Reset(knights_.size());
  for (const world::Npc& npc : world.level().npcs) fight_stats_.enemies += npc.role == world::NpcRole::kEnemy ? 1 : 0;
  for (size_t i = 0; i < knights_.size(); ++i) {
    metrics_.ResetKnight(static_cast<int>(i));
    cues_[i].Reset();
  }
  markers_.Reset(static_cast<int>(world.level().checkpoints.size()));
  collectibles_.Reset(world.level());
  camera_.tuning = FollowCameraTuning{}.FramingFor(knights_[0].rig().body_height_m);
  camera_.Reset(knights_[0].controller.FeetWs());
  previous_camera_ = camera_;
}

void GameSession::Restart() {
  SpawnAll();
  pilot_ = AutoPilot(desc_.seed);
  play_time_s_ = credits_time_s_ = 0.0;
  goal_step_ = -1;
  screen_ = Screen::kPlaying;
  metrics_.collecting = true;
}

void GameSession::ReturnToTitle() {
  Restart();
  screen_ = Screen::kTitle;
}

void GameSession::Step(const core::InputState& input, const ik::IkSwitches& ik) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const float dt = desc_.step_s;
  previous_camera_ = camera_;
  // The player's input: the person's, or the autopilot's (the person's
  // menu keys still count), with random bursts mixed in for the soak test.
  core::InputState driven = input;
  if (autoplay && screen_ == Screen::kPlaying) {
    driven = pilot_.Decide(knights_[0].controller, *desc_.world, dt, NearestFoe(), knights_[0].fight);
    driven.pause_pressed = input.pause_pressed;
    driven.confirm_pressed = input.confirm_pressed;
  }
  if (desc_.soak) driven = soak_.Mix(driven, dt);
  switch (screen_) {
    case Screen::kTitle:  // its menu starts the game (Start())
      break;
    case Screen::kPaused:
      if (driven.pause_pressed) screen_ = Screen::kPlaying;
      return;
    case Screen::kComplete:  // its menu goes on (knights/ui/complete_menu.h)
      break;
    case Screen::kCredits:
      credits_time_s_ += dt;
      break;
    case Screen::kPlaying:
      if (driven.pause_pressed) {
        screen_ = Screen::kPaused;
        return;
      }
      break;
  }
  const bool playing = screen_ == Screen::kPlaying;
  ++steps_;
  if (playing) play_time_s_ += dt;

  const core::InputState player_input = PlayerInput(driven);
  ChooseLanes();
  // A hit-stop slows the knights, not the clock.
  const float knights_dt = hit_stop_left_s_ > 0.0f ? dt * kHitStopScale : dt;
  hit_stop_left_s_ = std::max(0.0f, hit_stop_left_s_ - dt);
  SpaceBodies();
  const bool any_nan = StepKnights(player_input, ik, knights_dt, dt);
  metrics_.EndStep(last_ik_s, any_nan);
  ResolveBlows();
  if (metrics_.collecting) SampleBodyContacts();
  RespawnDefeatedPlayer(dt);
  if (playing) GatherGems();

  const KnightController& player = knights_[0].controller;
  // The camera follows the body as drawn, so it rises with a ladder exit.
  const bool at_goal = screen_ == Screen::kComplete || screen_ == Screen::kCredits;
  const CameraShot shot = at_goal                               ? CameraShot::kFinale
                          : player.mode() == KnightMode::kClimb ? CameraShot::kClimb
                                                                : CameraShot::kFollow;
  pit_fall_.Update(player, *desc_.world);
  camera_.Update(pit_fall_.Followed(knights_[0].DrawnRootWs()), player.VelocityMps().x, shot, dt,
                 &desc_.world->collision());
  markers_.Update(player.LastCheckpoint(), player.FeetWs().x, desc_.world->level().goal.x, dt);
  if (playing && goal_step_ < 0 && desc_.world->GoalReached(player.FeetWs())) {
    goal_step_ = steps_;
    goal_time_s_ = play_time_s_;
    sounds_.Push({SoundId::kLevelComplete, player.FeetWs(), 1.0f});
    if (EarnedMedal() != Medal::kNone) sounds_.Push({SoundId::kMedal, player.FeetWs(), 1.0f});
    screen_ = Screen::kComplete;
    metrics_.collecting = false;  // what follows the goal is the complete screen, not play
  }
  last_sim_s = std::chrono::duration<double>(Clock::now() - start).count();
}

bool GameSession::StepKnights(const core::InputState& player_input, const ik::IkSwitches& ik, float dt_s,
                              float shown_dt_s) {
  debug_lines_.Clear();
  core::DebugLines* debug = draw_ik_debug ? &debug_lines_ : nullptr;
  last_anim_s = last_ik_s = last_palette_s = 0.0;
  bool any_nan = false;
  for (size_t i = 0; i < knights_.size(); ++i) {
    Knight& knight = knights_[i];
    if (i + 1 < knights_.size()) knights_[i + 1].Prefetch();
    const core::InputState knight_input = i == 0 ? player_input : NpcInput(i, dt_s);
    ApplyClipOverride(static_cast<int>(i));
    bodies_to_clear_ws_.clear();
    for (size_t j = 0; j < knights_.size(); ++j) {
      if (j != i && Shown(j) && !knights_[j].fight.Defeated()) bodies_to_clear_ws_.push_back(spacing_.BodiesWs()[j]);
    }
    knight.SetBodiesToClear(bodies_to_clear_ws_);
    const int checkpoint_before = knight.controller.LastCheckpoint();
    knight.Step(knight_input, *desc_.world, ik, dt_s, debug, time_passes);
    if (knight.controller.Respawns() != respawns_seen_[i]) {
      respawns_seen_[i] = knight.controller.Respawns();
      metrics_.ResetKnight(static_cast<int>(i));
      cues_[i].Reset();
      weapons_before_ws_[i] = knight.WeaponWs();
      if (i == 0) camera_.Reset(knight.controller.FeetWs());
    }
    cues_[i].Update(knight, *desc_.world, sounds_);
    if (knight.fight.SwingStarted()) {
      sounds_.Push({knight.fight.SwingHeavy() ? SoundId::kSwordSwingHeavy : SoundId::kSwordSwing,
                    knight.controller.FeetWs(), 1.0f});
    }
    if (i == 0 && knight.controller.LastCheckpoint() > checkpoint_before) {
      sounds_.Push({SoundId::kCheckpoint, knight.controller.FeetWs(), 1.0f});
    }
    metrics_.Sample(static_cast<int>(i), knight, *desc_.world, shown_dt_s);
    last_anim_s += knight.LastAnimSeconds();
    last_ik_s += knight.LastIkSeconds();
    last_palette_s += knight.LastPaletteSeconds();
    any_nan = any_nan || knight.LastPoseHadNan();
  }
  return any_nan;
}

// A patrol walks its range; an enemy fights a player who can fight back
// (one whose character has no attack clips is left alone).
core::InputState GameSession::NpcInput(size_t knight, float dt_s) {
  const size_t npc = knight - 1;
  if (!IsEnemy(knight) || !knights_[0].fight.CanFight()) {
    return patrols_[npc].Decide(knights_[knight].controller, dt_s);
  }
  const core::InputState input = enemies_[npc].Decide(knights_[knight], knights_[0], dt_s);
  if (enemies_[npc].JustNoticed()) sounds_.Push({SoundId::kEnemyNotice, knights_[knight].controller.FeetWs(), 1.0f});
  return input;
}

void GameSession::GatherGems() {
  glm::vec3 where_ws(0.0f);
  if (collectibles_.Gather(knights_[0].BodyWs(), &where_ws) > 0) sounds_.Push({SoundId::kPickup, where_ws, 1.0f});
}

bool GameSession::Shown(size_t knight) const {
  if (knight >= knights_.size()) return false;
  const KnightFight& fight = knights_[knight].fight;
  if (knight == 0 || !fight.Defeated()) return true;
  const float t = fight.StateTimeS();
  if (t >= kFallenGoneS) return false;
  // Blinking at 8 Hz before it is gone.
  return t < kFallenBlinkS || static_cast<int>(t * 16.0f) % 2 == 0;
}

// The player's input this step: the pilot's in autoplay, else the
// person's. On the title screen the knights still live (the world is
// behind the menu) but the player stands still; once the goal is reached
// the knight walks on through the gate, kWalkInM past the goal (within
// the terrain), and stops there.
core::InputState GameSession::PlayerInput(const core::InputState& driven) const {
  core::InputState input;
  if (screen_ == Screen::kPlaying) return driven;
  if (screen_ != Screen::kComplete && screen_ != Screen::kCredits) return input;
  const world::Level& level = desc_.world->level();
  const float stop_x = std::min(level.goal.x + kWalkInM, world::TerrainMaxX(level.terrain) - kWalkInEndMarginM);
  const KnightController& player = knights_[0].controller;
  if (player.Grounded() && player.FeetWs().x < stop_x) input.move_x = kWalkInStick;
  return input;
}

// Knights passing each other keep apart: an NPC within kPassRangeM of the
// player along the course (and about level with him) walks behind the
// play plane, the player in front of it, until they are past. Near a
// ladder that the player could not grab from his lane (off the plane
// behind it) he walks at the ladder's own depth, and the NPC passes on
// the other side of the plane. With a foe near too, the player keeps to
// the plane unless the knight to pass is the nearer.
void GameSession::ChooseLanes() {
  const glm::vec3 player_ws = knights_[0].controller.FeetWs();
  float player_lane = kPlayerLaneM;
  if (const int ladder = desc_.world->FindLadderNear(player_ws, kLaneLadderReach); ladder >= 0) {
    // Grabbed from the lane as the controller grabs one (the default reach)?
    const world::Ladder& near = desc_.world->ladders()[ladder];
    const float at_y = std::clamp(player_ws.y, near.desc().bottom_y, near.desc().top_y);
    if (desc_.world->FindLadderNear(glm::vec3(near.PointAtHeightWs(at_y).x, player_ws.y, player_lane)) != ladder) {
      player_lane = near.desc().z;
    }
  }
  const float npc_lane = player_lane + (player_lane >= 0.0f ? -1.0f : 1.0f) * (kPlayerLaneM + kNpcLaneM);
  // The nearest knight passed and the nearest foe faced, metres along x.
  float passing_m = std::numeric_limits<float>::infinity();
  float fighting_m = std::numeric_limits<float>::infinity();
  for (size_t i = 1; i < knights_.size(); ++i) {
    KnightController& npc = knights_[i].controller;
    const glm::vec3 npc_ws = npc.FeetWs();
    const bool near =
        std::fabs(npc_ws.x - player_ws.x) < kPassRangeM && std::fabs(npc_ws.y - player_ws.y) < kPassLevelM;
    // An enemy on its feet stands its ground on the play plane: the fight
    // is face to face there, not passing.
    const bool foe = FightingEnemy(i);
    npc.SetLane(near && !foe ? npc_lane : 0.0f, LaneRule::kHillside);
    if (near)
      (foe ? fighting_m : passing_m) = std::min(foe ? fighting_m : passing_m, std::fabs(npc_ws.x - player_ws.x));
  }
  // A knight to pass nearer than any foe: the player takes his lane (past
  // it, the foe is met on the plane).
  knights_[0].controller.SetLane(passing_m < fighting_m ? player_lane : 0.0f);
}

// The overlay's clip override on the inspected knight, none on the others
// (nor on a knight of another skeleton than the clip's).
void GameSession::ApplyClipOverride(int knight_index) {
  Knight& knight = knights_[knight_index];
  AnimPlayer& anim = knight.anim;
  if (knight_index == inspected_knight && clip_override.clip != nullptr &&
      clip_override.clip->JointCount() == knight.skeleton().JointCount()) {
    anim.SetOverride(clip_override.clip, clip_override.time_s);
  } else if (anim.Override() != nullptr) {
    anim.ClearOverride();
  }
}

}  // namespace knights::game
