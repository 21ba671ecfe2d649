// The cast (knights/app/loaded_assets.h, game::CastMember): which character files a
// run loads, and a session whose player and NPCs are different characters,
// chosen at start and again on the title screen.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "knights/app/loaded_assets.h"
#include "knights/app/startup_choices.h"
#include "knights/core/file_io.h"
#include "knights/game/session/game_session.h"

namespace knights::app {
namespace {

constexpr const char* kKnight = "assets/characters/knight.json";
constexpr const char* kSquire = "assets/characters/squire.json";

// Headless-style runs load only what they play; the title screen offers the
// shipped characters too; a file named twice (however written) loads once.
TEST(Cast, EachCharacterFileIsLoadedOnceAndOnlyWhenNeeded) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  app::AppOptions options;
  EXPECT_EQ(CharacterFilesToLoad(options, false), std::vector<std::string>{kKnight});
  options.npc_character_path = "./assets/characters/../characters/knight.json";
  EXPECT_EQ(CharacterFilesToLoad(options, false), std::vector<std::string>{kKnight});
  options.npc_character_path = kSquire;
  EXPECT_EQ(CharacterFilesToLoad(options, false), (std::vector<std::string>{kKnight, kSquire}));
  options.character_path = kSquire;
  options.npc_character_path.clear();
  EXPECT_EQ(CharacterFilesToLoad(options, true), (std::vector<std::string>{kSquire, kKnight}));
}

class CastSession : public ::testing::Test {
 protected:
  void SetUp() override {
    core::SetDataDir(KNIGHTS_SOURCE_DIR);
    app::AppOptions options;
    options.npc_character_path = kSquire;
    auto assets = LoadAssets(options, /*title_screen=*/false);
    ASSERT_TRUE(assets.ok()) << assets.status().message();
    assets_ = std::move(*assets);
    ASSERT_EQ(assets_.characters.size(), 2u);
    ASSERT_EQ(assets_.npc_character, 1);
    desc_ = MakeSessionDesc(assets_, options, /*headless_window=*/false);
  }
  const anim::Skeleton& SkeletonOf(int character) const { return assets_.characters[character].model.skeleton; }

  LoadedAssets assets_;
  game::SessionDesc desc_;
};

// The knight has two NPC variants (looks 0, 1, 2), the squire none (look 3
// for all three); each knight is built from its own character.
TEST_F(CastSession, PlayerAndNpcsAreBuiltFromTheirOwnCharacters) {
  ASSERT_EQ(desc_.cast.size(), 2u);
  EXPECT_EQ(desc_.cast[0].name, "knight");
  EXPECT_EQ(desc_.cast[1].name, "squire");
  EXPECT_EQ(desc_.cast[0].look_red, 1);
  EXPECT_EQ(desc_.cast[0].look_green, 2);
  EXPECT_EQ(desc_.cast[1].look, 3);
  EXPECT_EQ(desc_.cast[1].look_red, 3);
  EXPECT_EQ(desc_.cast[1].look_green, 3);
  EXPECT_EQ(CharacterLooks(assets_).size(), 4u);
  game::GameSession session(desc_);
  ASSERT_GT(session.knights().size(), 1u);
  EXPECT_EQ(&session.player().skeleton(), &SkeletonOf(0));
  for (size_t i = 1; i < session.knights().size(); ++i) {
    EXPECT_EQ(&session.knights()[i].skeleton(), &SkeletonOf(1)) << "NPC " << i;
    EXPECT_EQ(session.knights()[i].DrawState().look, 3) << "NPC " << i;
  }
}

// On the title screen the roles swap (the NPCs then wear the knight's red
// and green looks); once playing, the cast is fixed; an index outside the
// cast is refused.
TEST_F(CastSession, TheTitleScreenChoosesWhoPlaysAndWhoPatrols) {
  game::GameSession session(desc_);
  ASSERT_EQ(session.screen(), game::Screen::kTitle);
  EXPECT_FALSE(session.ChooseCast(2, 0));
  EXPECT_FALSE(session.ChooseCast(0, -1));
  ASSERT_TRUE(session.ChooseCast(1, 0));
  EXPECT_EQ(session.player_cast(), 1);
  EXPECT_EQ(session.npc_cast(), 0);
  EXPECT_EQ(&session.player().skeleton(), &SkeletonOf(1));
  const std::vector<world::Npc>& npcs = session.world().level().npcs;
  for (size_t i = 0; i < npcs.size(); ++i) {
    const game::Knight& npc = session.knights()[i + 1];
    EXPECT_EQ(&npc.skeleton(), &SkeletonOf(0));
    EXPECT_EQ(npc.DrawState().look, npcs[i].variant == world::NpcVariant::kRed ? 1 : 2);
  }
  session.Start();
  EXPECT_FALSE(session.ChooseCast(0, 1));
  EXPECT_EQ(&session.player().skeleton(), &SkeletonOf(1));
}

// The Hero and Patrols saved in the settings are chosen by name; a name
// no loaded character has leaves that role as it was.
TEST_F(CastSession, TheSavedCastIsChosenByName) {
  game::GameSession session(desc_);
  game::Settings saved;
  saved.hero = "squire";
  saved.patrols = "nobody";
  ChooseSavedCast(session, saved);
  EXPECT_EQ(session.player_cast(), 1);
  EXPECT_EQ(session.npc_cast(), 1);
  saved.hero = "";
  saved.patrols = "knight";
  ChooseSavedCast(session, saved);
  EXPECT_EQ(session.player_cast(), 1);
  EXPECT_EQ(session.npc_cast(), 0);
}

// A swapped cast plays: the squire runs the demo's first ten seconds under
// the autopilot beside knight NPCs, every pose finite, and gets on.
TEST_F(CastSession, ASwappedCastPlays) {
  desc_.autoplay = true;
  game::GameSession session(desc_);
  ASSERT_TRUE(session.ChooseCast(1, 0));
  session.Start();
  const float start_x = session.player().controller.FeetWs().x;
  for (int i = 0; i < 600; ++i) session.Step(core::InputState{});
  EXPECT_EQ(session.metrics().nan_frames(), 0);
  EXPECT_GT(session.player().controller.FeetWs().x - start_x, 5.0f);
  for (const game::Knight& knight : session.knights()) {
    for (const glm::mat4& m : knight.ModelsMs()) ASSERT_TRUE(std::isfinite(m[3].x) && std::isfinite(m[3].y));
  }
}

}  // namespace
}  // namespace knights::app
