#pragma once
// The game: one level, the player knight and the NPC knights (patrols and
// enemies), the fights between them, the camera, the game flow (title,
// playing, paused, level complete, the credits), autoplay and the IK metrics. Advanced in fixed sim steps;
// deterministic for a given input stream. Rendering and UI read it; only menus call its commands.

#include <memory>
#include <vector>

#include "knights/core/debug_lines.h"
#include "knights/core/input_state.h"
#include "knights/game/brains/auto_pilot.h"
#include "knights/game/session/body_contacts.h"
#include "knights/game/session/body_spacing.h"
#include "knights/game/knight/cast_member.h"
#include "knights/game/session/collectibles.h"
#include "knights/game/knight/fight_blows.h"
#include "knights/game/session/course_markers.h"
#include "knights/game/brains/enemy_ai.h"
#include "knights/game/session/fight_stats.h"
#include "knights/game/session/follow_camera.h"
#include "knights/game/session/pit_fall.h"
#include "knights/game/session/ik_metrics.h"
#include "knights/game/knight/knight.h"
#include "knights/game/brains/patrol_ai.h"
#include "knights/game/brains/soak_input.h"
#include "knights/game/session/sound_cues.h"
#include "knights/game/session/sound_event.h"
#include "knights/character/rig.h"
#include "knights/world/world.h"

namespace knights::game {

// kCredits: the ending after a run's last level, over the scene at the
// goal (knights/game/session/campaign.h).
enum class Screen { kTitle, kPlaying, kPaused, kComplete, kCredits };

struct SessionDesc {
  const world::World* world = nullptr;
  // The characters that can play (at least one), and which of them the
  // player and the NPCs start as (indices into cast).
  std::vector<CastMember> cast;
  int player_cast = 0;
  int npc_cast = 0;
  bool autoplay = false;
  bool soak = false;        // mix seeded random input bursts into the player's (soak test)
  bool skip_title = false;  // start playing at once (headless runs, --level)
  uint32_t seed = 1;
  float step_s = 1.0f / 60.0f;
};

// A clip played on one knight instead of the ones its controller picks (the
// overlay's clip viewer), time_s seconds into it; clip null: none.
struct ClipOverride {
  const anim::Clip* clip = nullptr;
  float time_s = 0.0f;
};

class GameSession {
 public:
  explicit GameSession(const SessionDesc& desc);

  // One fixed sim step with this step's input (edges included) and the
  // player's IK switches (their one owner is the settings).
  void Step(const core::InputState& input, const ik::IkSwitches& ik = {});

  // Menu commands.
  void Resume() {
    if (screen_ == Screen::kPaused) screen_ = Screen::kPlaying;
  }
  void Restart();
  void Pause() {
    if (screen_ == Screen::kPlaying) screen_ = Screen::kPaused;
  }
  void Start() {
    if (screen_ == Screen::kTitle) screen_ = Screen::kPlaying;
  }
  // The pause menu's quit: the run ends and the title shows over the level
  // as it starts (its hero and patrols may be chosen again).
  void ReturnToTitle();
  // The ending: from the level complete screen, the credits roll over the
  // scene at the goal (the knight stays through the gate).
  void ShowCredits() {
    if (screen_ == Screen::kComplete) screen_ = Screen::kCredits;
  }
  // Seconds the credits have rolled (0 before the ending).
  double credits_time_s() const { return credits_time_s_; }
  // The title's quit: the program ends.
  void RequestQuit() { quit_requested_ = true; }
  // Who plays and who patrols, on the title screen only (the knights are
  // rebuilt and respawned); false, and nothing changes, elsewhere or for an
  // index outside cast().
  bool ChooseCast(int player_cast, int npc_cast);
  std::span<const CastMember> cast() const { return desc_.cast; }
  int player_cast() const { return desc_.player_cast; }
  int npc_cast() const { return desc_.npc_cast; }

  Screen screen() const { return screen_; }
  bool quit_requested() const { return quit_requested_; }
  const world::World& world() const { return *desc_.world; }
  std::span<const Knight> knights() const { return knights_; }
  // Whether knight i is an enemy (an NPC the level makes one), and its brain.
  bool IsEnemy(size_t knight) const {
    return knight > 0 && knight < knights_.size() &&
           desc_.world->level().npcs[knight - 1].role == world::NpcRole::kEnemy;
  }
  const EnemyAi& enemy_ai(size_t knight) const { return enemies_[knight - 1]; }
  // Knight i is an enemy still on its feet and the player can fight it
  // (his character has attack clips): it fights, keeps the play plane, and
  // can strike and be struck.
  bool FightingEnemy(size_t knight) const {
    return IsEnemy(knight) && !knights_[knight].fight.Defeated() && knights_[0].fight.CanFight();
  }
  // Whether knight i is drawn: a fallen enemy blinks out kFallenBlinkS
  // after it fell, and is gone kFallenGoneS after.
  bool Shown(size_t knight) const;
  static constexpr float kFallenBlinkS = 2.0f;
  static constexpr float kFallenGoneS = 3.0f;
  const Knight& player() const { return knights_[0]; }
  const FollowCamera& camera() const { return camera_; }
  // The player's fall into a pit, if any: 0 clear .. 1 black (PitFall).
  float PitFallFade() const { return pit_fall_.Fade(); }
  const FollowCamera& previous_camera() const { return previous_camera_; }
  const IkMetrics& metrics() const { return metrics_; }
  // What the steps since the last ClearSounds made heard (the app plays
  // and clears them each frame).
  const SoundEventQueue& sounds() const { return sounds_; }
  void ClearSounds() { sounds_.Clear(); }
  // The run's fights so far (reset by a restart).
  const FightStats& fight_stats() const { return fight_stats_; }
  // How near bodies and blades came, measured up to the goal (reset by a
  // restart).
  const BodyContactStats& body_contacts() const { return body_contacts_.stats(); }
  // The level's gems, as the player has gathered them.
  const Collectibles& collectibles() const { return collectibles_; }
  // The medal the run's time to the goal earned (kNone before the goal).
  Medal EarnedMedal() const {
    return reached_goal() ? MedalFor(desc_.world->level().medals, goal_time_s_) : Medal::kNone;
  }
  // The checkpoint flags and the castle gate, as the player has reached them.
  const CourseMarkers& markers() const { return markers_; }
  const core::DebugLines& debug_lines() const { return debug_lines_; }

  // Seconds of play (not counting title or pause) and sim steps so far.
  double play_time_s() const { return play_time_s_; }
  int steps() const { return steps_; }
  float step_s() const { return desc_.step_s; }  // one sim step, seconds
  bool reached_goal() const { return goal_step_ >= 0; }
  int goal_step() const { return goal_step_; }
  double goal_time_s() const { return goal_time_s_; }

  // Debug settings (the overlay edits them; each step reads them).
  bool draw_ik_debug = false;  // IK targets, rays, normals into debug_lines()
  int inspected_knight = 0;
  ClipOverride clip_override;  // played on the inspected knight instead of its clips
  bool autoplay = false;
  // Per-pass timings of the last step, seconds, all knights.
  double last_sim_s = 0.0, last_anim_s = 0.0, last_ik_s = 0.0, last_palette_s = 0.0;
  // Measure each knight's passes (last_anim_s, last_ik_s, last_palette_s and
  // the metrics' ik_ms); off when nobody reads them (Knight::Step).
  bool time_passes = true;

 private:
  void BuildKnights();
  void SpawnAll();
  // The knights' steps (the player's input, the NPCs' brains), with their
  // sounds and metrics; dt_s is the knights' time (slowed in a hit-stop).
  // dt_s: the knights' step (a hit-stop slows it); shown_dt_s: the wall
  // time the step is shown for, which the metrics' speeds are per.
  bool StepKnights(const core::InputState& player_input, const ik::IkSwitches& ik, float dt_s, float shown_dt_s);
  core::InputState NpcInput(size_t knight, float dt_s);
  // Finds this step's blows and deals them: hit points, sounds, the
  // hit-stop and the camera's jolt.
  void ResolveBlows();
  void DealBlow(const Blow& blow);
  // Whether `knight`, shoved towards `away` (+1: +x), has room to lie down
  // (RoomToFall in game_session_fight.cpp): no wall from kFallRoomLowM to
  // kFallRoomHighM above its feet within its height.
  bool RoomToFall(const Knight& knight, int away) const;
  static constexpr float kFallRoomLowM = 0.15f;
  static constexpr float kFallRoomHighM = 0.6f;
  // This step's bodies and blade points into body_contacts_.
  void SampleBodyContacts();
  // Knights kept from passing through one another (BodySpacing), before
  // their steps.
  void SpaceBodies();
  bool StrikesAcrossTheRoom() const;
  void CountBlow(bool on_player, BlowResult result);
  // The player's body takes the gems within reach (knights/game/session/collectibles.h).
  void GatherGems();
  // A player with no hit points left gets up at his last checkpoint
  // kRespawnAfterDefeatS after he fell.
  void RespawnDefeatedPlayer(float dt_s);
  static constexpr float kRespawnAfterDefeatS = 1.6f;
  // An enemy's i-frames, seconds (the player keeps FightTuning's 0.6 s:
  // two enemies cannot take his hearts in one beat).
  static constexpr float kEnemyInvulnerableS = 0.15f;
  // The enemy nearest the player along x, about level with him (within
  // kFoeLevelM), for the autopilot; a wind-up is seen kFoeTellSeen through.
  FoeView NearestFoe() const;
  static constexpr float kFoeLevelM = 1.5f;
  static constexpr float kFoeTellSeen = 0.3f;
  // A blow that lands slows every knight to kHitStopScale of real time for
  // kHitStopS (kHitStopHeavyS for a heavy one): the blow reads.
  static constexpr float kHitStopS = 0.06f;
  static constexpr float kHitStopHeavyS = 0.1f;
  static constexpr float kHitStopScale = 0.1f;
  // The camera's jolt for a blow the player deals or takes, metres.
  static constexpr float kShakeLightM = 0.04f;
  static constexpr float kShakeHeavyM = 0.09f;
  // After the goal the knight walks on this far past it, metres, at a walk
  // (the stick this far over), stopping this short of the terrain's end.
  static constexpr float kWalkInM = 4.0f;
  static constexpr float kWalkInStick = 1.0f;
  static constexpr float kWalkInEndMarginM = 0.6f;

  // Passing: knights this close along x (and within kPassLevelM in height)
  // take lanes behind (an NPC) and in front of (the player) the play plane,
  // metres; either lane alone keeps them two body radii apart: the
  // player's when the NPC stands still (it steps aside only while walking),
  // the NPC's where the player's ground across the path is not level (he
  // keeps to the plane there; an NPC walks a hillside's lane).
  static constexpr float kPassRangeM = 5.0f;
  static constexpr float kPassLevelM = 1.2f;
  static constexpr float kNpcLaneM = 0.6f;
  static constexpr float kPlayerLaneM = 0.6f;
  // A ladder this near (2.5 m along x, at any depth the level allows, its
  // foot or its top within reach in height) is one the player's lane must
  // let him grab: at a walk he is at its depth before he is there.
  static constexpr world::World::LadderReach kLaneLadderReach{2.5f, 3.0f, 0.3f, 0.3f};

  void ApplyClipOverride(int knight_index);
  void ChooseLanes();
  core::InputState PlayerInput(const core::InputState& driven) const;

  SessionDesc desc_;
  std::vector<Knight> knights_;
  std::vector<PatrolAi> patrols_;  // one per NPC (knights_[i + 1])
  std::vector<EnemyAi> enemies_;   // one per NPC, used for the enemies
  BlowFinder blow_finder_;
  std::vector<Fighter> fighters_;                 // one per knight, refilled each step
  std::vector<WeaponSegment> weapons_before_ws_;  // each knight's weapon after the last step
  std::array<Blow, 16> blows_{};                  // this step's (more in one step are dropped)
  float hit_stop_left_s_ = 0.0f;
  float player_down_s_ = 0.0f;  // seconds the player has lain defeated
  AutoPilot pilot_;
  SoakInput soak_;
  FollowCamera camera_;
  PitFall pit_fall_;  // the player's: holds the camera at the rim and fades to black
  FollowCamera previous_camera_;
  IkMetrics metrics_;
  CourseMarkers markers_;
  Collectibles collectibles_;
  FightStats fight_stats_;
  BodyContacts body_contacts_;
  BodySpacing spacing_;
  std::vector<uint8_t> spaced_;                     // per knight: kept apart this step (BodySpacing::Apply)
  std::vector<BodyCapsule> bodies_to_clear_ws_;     // the other spaced knights' bodies, for one knight's blade
  std::vector<BodyContactSample> contact_samples_;  // one per knight, refilled each step
  std::vector<SoundCues> cues_;                     // one per knight
  SoundEventQueue sounds_;
  core::DebugLines debug_lines_;
  Screen screen_ = Screen::kTitle;
  bool quit_requested_ = false;
  double play_time_s_ = 0.0;
  int steps_ = 0;
  int goal_step_ = -1;
  double goal_time_s_ = 0.0;
  double credits_time_s_ = 0.0;
  std::vector<int> respawns_seen_;
};

}  // namespace knights::game
