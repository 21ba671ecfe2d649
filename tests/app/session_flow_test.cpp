// A run as the player lives it, on the shipped demo with the shipped
// knights: a restart starts over (no checkpoint kept, the timer at 0), the
// pause menu's quit goes to the title, and
// each NPC wears the look its level names, whatever order the character
// file lists its variants in.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "knights/app/loaded_assets.h"
#include "knights/app/startup_choices.h"
#include "knights/core/file_io.h"
#include "knights/game/session/game_session.h"
#include "run_knights.h"

namespace knights::app {
namespace {

LoadedAssets LoadWith(const std::string& character_path) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  app::AppOptions options;
  options.character_path = character_path;
  auto assets = LoadAssets(options, /*title_screen=*/false);
  EXPECT_TRUE(assets.ok()) << assets.status().message();
  return assets.ok() ? std::move(*assets) : LoadedAssets{};
}

TEST(SessionFlow, RestartAfterACheckpointStartsOver) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, app::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  for (int step = 0; step < 20000 && session.player().controller.LastCheckpoint() < 1; ++step) session.Step(no_keys);
  ASSERT_GE(session.player().controller.LastCheckpoint(), 1) << "the autopilot never passed checkpoint 1";
  ASSERT_GT(session.play_time_s(), 0.0);

  session.Restart();
  const game::KnightController& player = session.player().controller;
  EXPECT_EQ(player.LastCheckpoint(), -1);
  EXPECT_EQ(session.play_time_s(), 0.0);
  EXPECT_FLOAT_EQ(player.FeetWs().x, session.world().SpawnPositionWs().x);
  // Falling now would bring him back to the start, not past checkpoint 1.
  EXPECT_EQ(session.world().RespawnPositionWs(player.LastCheckpoint()).x, session.world().SpawnPositionWs().x);
  // The flags passed come down again.
  for (int step = 0; step < 120; ++step) session.Step(no_keys);
  EXPECT_EQ(session.markers().FlagRaise()[0], 0.0f);
}

// The pause menu's quit ends the run on the title (the program keeps
// running): the level as it starts behind it, the clock stopped, and the
// title's Start plays it again from the spawn.
TEST(SessionFlow, QuitFromThePauseMenuGoesToTheTitle) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, app::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  for (int step = 0; step < 600; ++step) session.Step(no_keys);
  core::InputState pause;
  pause.pause_pressed = true;
  session.Step(pause);
  ASSERT_EQ(session.screen(), game::Screen::kPaused);

  session.ReturnToTitle();
  EXPECT_EQ(session.screen(), game::Screen::kTitle);
  EXPECT_FALSE(session.quit_requested());
  EXPECT_EQ(session.play_time_s(), 0.0);
  EXPECT_EQ(session.player().controller.LastCheckpoint(), -1);
  for (int step = 0; step < 120; ++step) session.Step(no_keys);
  EXPECT_EQ(session.play_time_s(), 0.0) << "the clock runs only in play";
  EXPECT_NEAR(session.player().controller.FeetWs().x, session.world().SpawnPositionWs().x, 1e-4f);
  session.Start();
  EXPECT_EQ(session.screen(), game::Screen::kPlaying);
  for (int step = 0; step < 120; ++step) session.Step(no_keys);
  EXPECT_GT(session.play_time_s(), 0.0);
}

// The IK switches come with each step (their one owner is the settings):
// off, every knight's feet fade to the clip's; on again, back to the IK;
// the session keeps no switches of its own between steps.
TEST(SessionFlow, TheIkSwitchesComeWithEachStep) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, app::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  ik::IkSwitches off;
  off.master = false;
  for (int step = 0; step < 60; ++step) session.Step(no_keys, off);
  for (const game::Knight& knight : session.knights()) EXPECT_EQ(knight.foot_ik.MasterWeight(), 0.0f);
  for (int step = 0; step < 60; ++step) session.Step(no_keys, ik::IkSwitches{});
  for (const game::Knight& knight : session.knights()) EXPECT_EQ(knight.foot_ik.MasterWeight(), 1.0f);
}

// At the goal the gate is open, and the knight walks on through it, then
// stops a little way past it, on the ground.
TEST(SessionFlow, AtTheGoalTheKnightWalksThroughTheOpenGate) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, app::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  for (int step = 0; step < 20000 && !session.reached_goal(); ++step) session.Step(no_keys);
  ASSERT_TRUE(session.reached_goal());
  EXPECT_EQ(session.screen(), game::Screen::kComplete);
  for (float raise : session.markers().FlagRaise()) EXPECT_GT(raise, 0.5f) << "every checkpoint passed";
  EXPECT_GT(session.markers().GateOpen(), 0.9f) << "the gate lifted before he got there";
  const float goal_x = session.world().level().goal.x;
  for (int step = 0; step < 600; ++step) session.Step(no_keys);
  const game::KnightController& player = session.player().controller;
  EXPECT_GT(player.FeetWs().x, goal_x + 3.0f) << "walked on through the gate";
  EXPECT_LE(player.FeetWs().x, goal_x + 4.0f + 0.3f) << "and stopped";
  EXPECT_LT(std::fabs(player.VelocityMps().x), 0.05f);
  EXPECT_TRUE(player.Grounded());
  // The camera swung round to the gate's far side: the gate's front tower
  // (at the goal's x, in front of the path) is no longer between it and him.
  EXPECT_GT(session.camera().EyeWs().x, player.FeetWs().x);
}

// Passing the NPCs on the demo, the player and each NPC keep apart: their
// feet never come nearer than two body radii (both of them 0.28 m), where
// before they walked through each other on the play plane. An enemy he has
// put down lies on the ground until it blinks out, and he steps past it:
// the rule is for knights on their feet.
TEST(SessionFlow, KnightsPassingEachOtherKeepApart) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, app::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  float nearest_m = 1e9f;
  int passes = 0;
  for (int step = 0; step < 20000 && !session.reached_goal(); ++step) {
    session.Step(no_keys);
    const glm::vec3 p = session.player().controller.FeetWs();
    for (size_t i = 1; i < session.knights().size(); ++i) {
      const glm::vec3 n = session.knights()[i].controller.FeetWs();
      if (std::fabs(n.y - p.y) > 1.0f) continue;  // one on a ledge above the other
      if (session.knights()[i].fight.Defeated()) continue;
      const float d = glm::length(glm::vec2(n.x - p.x, n.z - p.z));
      if (d < 0.3f) ++passes;
      nearest_m = std::min(nearest_m, d);
    }
  }
  ASSERT_TRUE(session.reached_goal());
  EXPECT_GE(nearest_m, 2.0f * session.player().controller.tuning.body_radius_m) << passes << " steps within 0.3 m";
}

// On a path too narrow to pass (the ground 1 m deep: no lane either side
// of the plane), the player running at an enemy (one he cannot put down
// in the time) never passes through it: he stays on his side, their
// bodies (as drawn, from outside) never more than 5 cm into each other,
// and the enemy never gets behind him.
constexpr char kNarrowPathJson[] = R"({
  "name": "narrow path",
  "terrain": {"z_min": -0.5, "z_max": 0.5, "points": [[0, 0], [30, 0]]},
  "spawn": {"x": 2},
  "goal": {"x": 28},
  "kill_y": -2,
  "npcs": [{"x": 10, "patrol": [8, 12], "role": "enemy", "health": 20, "aggression": 1.0}]
})";

TEST(SessionFlow, KnightsNeverPassThroughOneAnother) {
  const std::string level_path = test::TempPath("knights_session_", "narrow.json");
  std::ofstream(level_path) << kNarrowPathJson;
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  app::AppOptions options;
  options.level_path = level_path;
  auto assets = LoadAssets(options, /*title_screen=*/false);
  std::filesystem::remove(level_path);
  ASSERT_TRUE(assets.ok()) << assets.status().message();
  game::GameSession session(MakeSessionDesc(*assets, options, /*headless_window=*/true));
  core::InputState run_right;
  run_right.move_x = 1.0f;
  run_right.run_held = true;
  session.autoplay = false;
  float nearest_m = 1e9f;
  for (int step = 0; step < 900; ++step) {
    session.Step(run_right);
    const float gap_m = session.knights()[1].controller.FeetWs().x - session.player().controller.FeetWs().x;
    nearest_m = std::min(nearest_m, gap_m);
    // Knocked down, the enemy lies away from the blow: its feet are no
    // longer where its body is; a defeated player lies until he gets up at
    // the spawn.
    const game::FightState enemy = session.knights()[1].fight.state();
    const bool lying = enemy == game::FightState::kKnockdown || enemy == game::FightState::kDown ||
                       enemy == game::FightState::kGetUp || session.player().fight.Defeated();
    if (!lying) {
      ASSERT_GT(gap_m, 0.0f) << "the player got past the enemy at step " << step << " (enemy " << game::ToString(enemy)
                             << ", player " << game::ToString(session.player().fight.state()) << ")";
    }
  }
  ASSERT_TRUE(session.FightingEnemy(1));
  EXPECT_LT(nearest_m, 0.8f) << "he ran up to it";
  EXPECT_FALSE(session.reached_goal());
  EXPECT_LE(session.body_contacts().body_overlap_max_m, 0.05f);
  EXPECT_GT(session.body_contacts().body_pairs_sampled, 800);
}

// A ladder off the play plane (0.5 m behind it) with an NPC patrolling up
// to its foot: the player passing the NPC there walks at the ladder's depth,
// not in the passing lane in front of the plane, where it is out of reach,
// and climbs it; the NPC walks by on the far side of the plane.
constexpr char kLadderBehindAnNpcJson[] = R"({
  "name": "ladder behind an NPC",
  "terrain": {"z_min": -3, "z_max": 3, "points": [[0, 0], [12, 0], [12, 4], [20, 4]]},
  "spawn": {"x": 1},
  "goal": {"x": 18},
  "kill_y": -2,
  "ladders": [{"x": 11.85, "z": -0.5, "bottom_y": 0, "top_y": 4, "rung_spacing": 0.3, "width": 0.5}],
  "npcs": [{"x": 9, "patrol": [7, 11.3]}]
})";

TEST(SessionFlow, APlayerPassingAnNpcAtALadderStillClimbsIt) {
  const std::string level_path = test::TempPath("knights_session_", "ladder_npc.json");
  std::ofstream(level_path) << kLadderBehindAnNpcJson;
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  app::AppOptions options;
  options.level_path = level_path;
  auto assets = LoadAssets(options, /*title_screen=*/false);
  ASSERT_TRUE(assets.ok()) << assets.status().message();
  game::GameSession session(MakeSessionDesc(*assets, options, /*headless_window=*/true));
  const core::InputState no_keys;
  bool passed_at_the_ladder = false;
  float npc_z_there = 0.0f;
  for (int step = 0; step < 3000 && !session.reached_goal(); ++step) {
    session.Step(no_keys);
    const game::KnightController& player = session.player().controller;
    const game::KnightController& npc = session.knights()[1].controller;
    if (player.FeetWs().x > 10.0f && std::fabs(npc.FeetWs().x - player.FeetWs().x) < 2.0f) {
      passed_at_the_ladder = true;
      npc_z_there = std::max(npc_z_there, npc.FeetWs().z);
    }
  }
  std::filesystem::remove(level_path);
  EXPECT_TRUE(session.reached_goal()) << "the player never climbed the ladder";
  ASSERT_TRUE(passed_at_the_ladder) << "the NPC was never near the player at the ladder";
  EXPECT_GT(npc_z_there, 0.2f) << "the NPC passes in front of the plane, the ladder's far side";
}

// Through a ladder's exit at the top (root motion lifts the body onto the
// ledge before the controller's feet follow), the camera's look-at point
// stays with the body as drawn: the knight never nears the top edge.
TEST(SessionFlow, TheCameraFollowsTheBodyOffALadderTop) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, app::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  const auto exiting = [&] { return session.player().controller.Role() == character::ClipRole::kLadderExitTop; };
  for (int step = 0; step < 20000 && !exiting(); ++step) session.Step(no_keys);
  ASSERT_TRUE(exiting()) << "the autopilot never left a ladder at its top";
  const float target_height_m = session.camera().tuning.target_height_m;
  float largest_gap_m = 0.0f;
  for (int step = 0; step < 150; ++step) {
    session.Step(no_keys);
    const float body_y = session.player().DrawnRootWs().y + target_height_m;
    largest_gap_m = std::max(largest_gap_m, std::fabs(session.camera().TargetWs().y - body_y));
  }
  EXPECT_LT(largest_gap_m, 0.8f);  // the feet-following camera lagged the body by 1.4 m
}

// The mesh each NPC is drawn with is the character's variant of the name
// the level gives it (red, green).
void ExpectNpcsWearTheirLevelsVariants(const LoadedAssets& assets) {
  const LoadedCharacter& knight = assets.characters[0];
  ASSERT_EQ(knight.variant_models.size(), 2u);
  game::GameSession session(MakeSessionDesc(assets, app::AppOptions{}, /*headless_window=*/true));
  const std::vector<const anim::SkinnedMesh*> looks = CharacterLooks(assets);
  const auto& npcs = session.world().level().npcs;
  ASSERT_EQ(session.knights().size(), npcs.size() + 1);
  for (size_t i = 0; i < npcs.size(); ++i) {
    const std::string wanted = npcs[i].variant == world::NpcVariant::kRed ? "red" : "green";
    const int look = session.knights()[i + 1].DrawState().look;
    ASSERT_GE(look, 0);
    ASSERT_LT(look, static_cast<int>(looks.size()));
    const anim::SkinnedMesh* worn = looks[look];
    int worn_variant = -1;
    for (size_t v = 0; v < knight.variant_models.size(); ++v) {
      if (&knight.variant_models[v].mesh == worn) worn_variant = static_cast<int>(v);
    }
    ASSERT_GE(worn_variant, 0) << "NPC " << i << " wears no variant";
    EXPECT_EQ(knight.character.variants[worn_variant].first, wanted) << "NPC " << i << " at x " << npcs[i].x;
  }
}

TEST(SessionFlow, NpcsWearTheVariantTheirLevelNames) {
  ExpectNpcsWearTheirLevelsVariants(LoadWith("assets/characters/knight.json"));
  // The same character with its variants listed the other way round.
  std::ifstream in(std::string(KNIGHTS_SOURCE_DIR) + "/assets/characters/knight.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string red = "\"red\": \"assets/knights/knight_npc_red.glb\"";
  const std::string green = "\"green\": \"assets/knights/knight_npc_green.glb\"";
  const size_t red_at = text.find(red), green_at = text.find(green);
  ASSERT_NE(red_at, std::string::npos);
  ASSERT_NE(green_at, std::string::npos);
  ASSERT_LT(red_at, green_at);
  text.replace(green_at, green.size(), red);
  text.replace(red_at, red.size(), green);
  const std::string swapped = test::TempPath("knights_session_", "swapped.json");
  std::ofstream(swapped) << text;
  const LoadedAssets assets = LoadWith(swapped);
  ASSERT_EQ(assets.characters[0].character.variants[0].first, "green");
  ExpectNpcsWearTheirLevelsVariants(assets);
  std::filesystem::remove(swapped);
}

}  // namespace
}  // namespace knights::app
