// game::LadderPromptFor on the controller test level: "up" at the ladder's
// foot, "down" on the ledge at its top, nothing away from it or mid-climb.

#include "knights/game/knight/ladder_prompt.h"

#include <gtest/gtest.h>

#include "tests/game/game_test_util.h"

namespace knights::game {
namespace {

TEST(LadderPrompt, UpAtTheFootDownAtTheTopNothingElsewhere) {
  const world::World world(test::MakeTestLevel());
  KnightController c;
  c.Spawn(glm::vec3(test::kLadderX - 0.3f, test::kLadderBottomY, 0.0f), +1);
  EXPECT_EQ(LadderPromptFor(c, world), LadderPrompt::kClimbUp);
  c.Spawn(glm::vec3(test::kLadderX + 0.3f, test::kLadderTopY, 0.0f), -1);
  EXPECT_EQ(LadderPromptFor(c, world), LadderPrompt::kClimbDown);
  c.Spawn(glm::vec3(2.0f, 0.0f, 0.0f), +1);
  EXPECT_EQ(LadderPromptFor(c, world), LadderPrompt::kNone);
  // Climbing: the hint is gone (up was pressed).
  c.Spawn(glm::vec3(test::kLadderX - 0.3f, test::kLadderBottomY, 0.0f), +1);
  test::Drive(c, world, test::Input(0.0f, 1.0f), 30);
  ASSERT_TRUE(OnLadder(c.mode()));
  EXPECT_EQ(LadderPromptFor(c, world), LadderPrompt::kNone);
}

}  // namespace
}  // namespace knights::game
