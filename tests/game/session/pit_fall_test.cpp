// game::PitFall on the test level (a pit 30..31.5 m on the plateau): a
// walk into the pit holds the camera's point at the plateau's height and
// fades to black before the respawn, then clears; a run and a jump over
// the pit, and the walk on the plateau before it, never hold or fade.

#include "knights/game/session/pit_fall.h"

#include <gtest/gtest.h>

#include "tests/game/game_test_util.h"

namespace knights::game {
namespace {

using test::DriveUntil;
using test::Input;
using test::kDt;

TEST(PitFall, AWalkIntoAPitHoldsTheCameraAtTheRimAndFadesToBlack) {
  const world::World world(test::MakeTestLevel());
  KnightController c;
  c.Spawn(glm::vec3(27.0f, test::kPlateauY, 0.0f), +1);
  PitFall pit;
  float most_fade = 0.0f, lowest_followed_y = 1e9f;
  bool held = false;
  ASSERT_TRUE(DriveUntil(c, world, Input(1.0f), 900, [&] {
    pit.Update(c, world);
    const glm::vec3 root_ws = c.FeetWs();
    if (c.FeetWs().x < test::kPitX0 - 0.5f) {
      EXPECT_EQ(pit.Fade(), 0.0f);
      EXPECT_EQ(pit.Followed(root_ws), root_ws);
    }
    if (pit.Falling()) {
      held = true;
      lowest_followed_y = std::min(lowest_followed_y, pit.Followed(root_ws).y);
    }
    most_fade = std::max(most_fade, pit.Fade());
    return c.Respawns() > 0;
  }));
  EXPECT_TRUE(held);
  EXPECT_NEAR(lowest_followed_y, test::kPlateauY, 1e-4f) << "the camera's point stays at the rim";
  EXPECT_EQ(most_fade, 1.0f) << "black before the respawn";
  pit.Update(c, world);
  EXPECT_EQ(pit.Fade(), 0.0f) << "the respawn clears it (the UI fades in)";
  EXPECT_FALSE(pit.Falling());
}

TEST(PitFall, AJumpOverThePitNeverHoldsOrFades) {
  const world::World world(test::MakeTestLevel());
  KnightController c;
  c.Spawn(glm::vec3(27.0f, test::kPlateauY, 0.0f), +1);
  PitFall pit;
  bool jumped = false;
  ASSERT_TRUE(DriveUntil(c, world, Input(1.0f, 0.0f, /*run=*/true), 600, [&] {
    const bool at_edge = c.FeetWs().x > test::kPitX0 - 0.6f && !jumped && c.mode() == KnightMode::kGround;
    if (at_edge) {
      jumped = true;
      c.Step(Input(1.0f, 0.0f, true, /*jump=*/true), world, kDt);
    }
    pit.Update(c, world);
    EXPECT_FALSE(pit.Falling()) << "x " << c.FeetWs().x;
    EXPECT_EQ(pit.Fade(), 0.0f);
    return c.FeetWs().x > test::kPitX1 + 2.0f;
  }));
  EXPECT_TRUE(jumped);
  EXPECT_EQ(c.Respawns(), 0);
}

}  // namespace
}  // namespace knights::game
