// A run as the player lives it, on the shipped demo with the shipped
// knights: a restart starts over (no checkpoint kept, the timer at 0), and
// each NPC wears the look its level names, whatever order the character
// file lists its variants in.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/loaded_assets.h"
#include "app/startup_choices.h"
#include "core/file_io.h"
#include "game/game_session.h"
#include "run_knights.h"

namespace knights::app {
namespace {

LoadedAssets LoadWith(const std::string& character_path) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  game::AppOptions options;
  options.character_path = character_path;
  auto assets = LoadAssets(options, /*title_screen=*/false);
  EXPECT_TRUE(assets.ok()) << assets.status().message();
  return assets.ok() ? std::move(*assets) : LoadedAssets{};
}

TEST(SessionFlow, RestartAfterACheckpointStartsOver) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, game::AppOptions{}, /*headless_window=*/true));
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

// At the goal the gate is open, and the knight walks on through it, then
// stops a little way past it, on the ground.
TEST(SessionFlow, AtTheGoalTheKnightWalksThroughTheOpenGate) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, game::AppOptions{}, /*headless_window=*/true));
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
// before they walked through each other on the play plane.
TEST(SessionFlow, KnightsPassingEachOtherKeepApart) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, game::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  float nearest_m = 1e9f;
  int passes = 0;
  for (int step = 0; step < 20000 && !session.reached_goal(); ++step) {
    session.Step(no_keys);
    const glm::vec3 p = session.player().controller.FeetWs();
    for (size_t i = 1; i < session.knights().size(); ++i) {
      const glm::vec3 n = session.knights()[i].controller.FeetWs();
      if (std::fabs(n.y - p.y) > 1.0f) continue;  // one on a ledge above the other
      const float d = glm::length(glm::vec2(n.x - p.x, n.z - p.z));
      if (d < 0.3f) ++passes;
      nearest_m = std::min(nearest_m, d);
    }
  }
  ASSERT_TRUE(session.reached_goal());
  EXPECT_GE(nearest_m, 2.0f * session.player().controller.tuning.body_radius_m) << passes << " steps within 0.3 m";
}

// Through a ladder's exit at the top (root motion lifts the body onto the
// ledge before the controller's feet follow), the camera's look-at point
// stays with the body as drawn: the knight never nears the top edge.
TEST(SessionFlow, TheCameraFollowsTheBodyOffALadderTop) {
  LoadedAssets assets = LoadWith("assets/characters/knight.json");
  ASSERT_FALSE(assets.characters.empty());
  game::GameSession session(MakeSessionDesc(assets, game::AppOptions{}, /*headless_window=*/true));
  const core::InputState no_keys;
  const auto exiting = [&] { return session.player().controller.Role() == game::ClipRole::kLadderExitTop; };
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
  game::GameSession session(MakeSessionDesc(assets, game::AppOptions{}, /*headless_window=*/true));
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
