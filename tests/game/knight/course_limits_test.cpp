// The walking line's limits (knights/world/course_check.h, stated in the level
// README) are true: the autopilot driving the knight's mover gets past a wall
// of kMaxJumpUpM, a pit of kMaxJumpGapM landing kMaxGapRiseM higher and a
// rock of kMaxJumpUpM on the play plane, from several seeds, without a
// respawn; and each case just past its limit is what the check rejects.

#include <string>

#include <gtest/gtest.h>

#include "knights/game/brains/auto_pilot.h"
#include "knights/game/knight/knight_controller.h"
#include "tests/game/game_test_util.h"
#include "knights/world/course_check.h"
#include "knights/world/world.h"

namespace knights::game {
namespace {

// Flat run-up from x = 0, the feature at x = 20, the goal at 38.
world::Level Course(float far_y) {
  world::Level level;
  level.name = "limit";
  level.terrain.points = {{0.0f, 0.0f}, {20.0f, 0.0f}, {20.0f, far_y}, {40.0f, far_y}};
  level.spawn.x = 1.0f;
  level.goal.x = 38.0f;
  level.kill_y = -10.0f;
  return level;
}

// True when the autopilot reaches the goal without a respawn.
bool Finishes(world::Level level, uint32_t pilot_seed) {
  EXPECT_FALSE(world::FindCourseBlock(level).has_value()) << world::FindCourseBlock(level)->what;
  const world::World world(std::move(level));
  KnightController knight;
  knight.Spawn(glm::vec3(world.level().spawn.x, 0.0f, 0.0f));
  AutoPilot pilot(pilot_seed);
  for (int step = 0; step < 3600; ++step) {
    knight.Step(pilot.Decide(knight, world, test::kDt), world, test::kDt);
    if (knight.FeetWs().x >= world.level().goal.x) return knight.Respawns() == 0;
  }
  return false;
}

class CourseLimitsTest : public ::testing::TestWithParam<uint32_t> {};

TEST_P(CourseLimitsTest, TheTallestWallIsJumped) {
  EXPECT_TRUE(Finishes(Course(world::kMaxJumpUpM), GetParam()));
  EXPECT_TRUE(world::FindCourseBlock(Course(world::kMaxJumpUpM + 0.05f)).has_value());
}

TEST_P(CourseLimitsTest, TheWidestPitIsJumpedOntoTheHighestFarSide) {
  world::Level level = Course(world::kMaxGapRiseM);
  level.pits = {world::Pit{20.0f - world::kMaxJumpGapM, 20.0f}};
  EXPECT_TRUE(Finishes(level, GetParam()));
  level.pits[0].x0 -= 0.05f;
  EXPECT_TRUE(world::FindCourseBlock(level).has_value());
}

TEST_P(CourseLimitsTest, TheTallestRockOnThePlayPlaneIsJumped) {
  world::Level level = Course(0.0f);
  level.terrain.points = {{0.0f, 0.0f}, {40.0f, 0.0f}};
  world::Rock rock;
  rock.x = 20.0f;
  rock.size = {0.6f, world::kMaxJumpUpM, 0.6f};
  level.rocks = {rock};
  EXPECT_TRUE(Finishes(level, GetParam()));
  level.rocks[0].size.y += 0.05f;
  EXPECT_TRUE(world::FindCourseBlock(level).has_value());
}

INSTANTIATE_TEST_SUITE_P(PilotSeeds, CourseLimitsTest, ::testing::Values(1u, 2u, 7u));

}  // namespace
}  // namespace knights::game
