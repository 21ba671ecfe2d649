#include "knights/world/course_check.h"

#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "knights/world/level_generator.h"
#include "world_test_levels.h"

namespace knights::world {
namespace {

using testing::MakeLevel;

// Flat ground at y = 0 from x = 0 to 40, spawn at 1, goal at 38.
Level Flat() {
  Level level = MakeLevel({{0.0f, 0.0f}, {40.0f, 0.0f}});
  level.spawn.x = 1.0f;
  level.goal.x = 38.0f;
  return level;
}

// Flat ground with a vertical step of `rise` at x = 20.
Level Wall(float rise) {
  Level level = MakeLevel({{0.0f, 0.0f}, {20.0f, 0.0f}, {20.0f, rise}, {40.0f, rise}});
  level.spawn.x = 1.0f;
  level.goal.x = 38.0f;
  return level;
}

std::string PathOf(const Level& level) {
  const auto block = FindCourseBlock(level);
  return block ? block->path + ": " + block->what : std::string("(none)");
}

TEST(CourseCheck, PitsUpToTheJumpAreOpenWiderOnesNeedABridge) {
  Level level = Flat();
  level.pits = {Pit{19.0f, 19.0f + kMaxJumpGapM}};
  EXPECT_EQ(PathOf(level), "(none)");
  level.pits = {Pit{19.0f, 19.1f + kMaxJumpGapM}};
  EXPECT_EQ(PathOf(level).rfind("pits[0]: 2.1 m of open air", 0), 0u) << PathOf(level);
  // A platform across the play plane in the middle leaves two short jumps.
  level.pits = {Pit{15.0f, 21.0f}};
  Platform bridge;
  bridge.x0 = 17.0f;
  bridge.x1 = 19.0f;
  bridge.top_y = 0.0f;
  level.platforms = {bridge};
  EXPECT_EQ(PathOf(level), "(none)");
  // Off the play plane it bridges nothing.
  level.platforms[0].z0 = 0.4f;
  EXPECT_EQ(PathOf(level).rfind("pits[0]: 6 m", 0), 0u) << PathOf(level);
  // Behind the spawn or past the goal nothing is jumped.
  level.platforms.clear();
  level.spawn.x = 22.0f;
  EXPECT_EQ(PathOf(level), "(none)");
}

TEST(CourseCheck, AJumpedPitLandsAtMostALittleHigher) {
  Level level = Wall(kMaxGapRiseM);
  level.pits = {Pit{19.0f, 21.0f}};
  EXPECT_EQ(PathOf(level), "(none)");
  level = Wall(kMaxGapRiseM + 0.1f);
  level.pits = {Pit{19.0f, 21.0f}};
  EXPECT_EQ(PathOf(level).rfind("pits[0]: the far side is 0.7 m above", 0), 0u) << PathOf(level);
}

TEST(CourseCheck, WallsTallerThanTheJumpNeedALadder) {
  EXPECT_EQ(PathOf(Wall(kMaxJumpUpM)), "(none)");
  Level level = Wall(3.0f);
  EXPECT_EQ(PathOf(level).rfind("terrain.points[2]: a 3 m wall up at x = 20", 0), 0u) << PathOf(level);
  LadderDesc ladder;
  ladder.x = 19.85f;
  ladder.bottom_y = 0.0f;
  ladder.top_y = 3.0f;
  level.ladders = {ladder};
  EXPECT_EQ(PathOf(level), "(none)");
  // A ladder that leads the other way, or too low, or elsewhere, does not climb it.
  level.ladders[0].exit_dir = -1;
  EXPECT_NE(PathOf(level), "(none)");
  level.ladders[0].exit_dir = 1;
  level.ladders[0].top_y = 2.5f;
  EXPECT_NE(PathOf(level), "(none)");
  level.ladders[0].top_y = 3.0f;
  level.ladders[0].x = 10.0f;
  EXPECT_NE(PathOf(level), "(none)");
  // Leaning back from a platform overhang, its top 0.8 m before the wall.
  level.ladders[0].x = 19.85f;
  level.ladders[0].lean_deg = -15.0f;
  EXPECT_EQ(PathOf(level), "(none)");
  // A wall going down is a drop, whatever its height.
  Level down = MakeLevel({{0.0f, 5.0f}, {20.0f, 5.0f}, {20.0f, 0.0f}, {40.0f, 0.0f}});
  down.spawn.x = 1.0f;
  down.goal.x = 38.0f;
  EXPECT_EQ(PathOf(down), "(none)");
}

// Issue 38: a ladder leaning 15 degrees whose foot stands on a 40 degree
// slope that comes down to the wall is reached walking down that slope: its
// foot stands 1.68 m over the wall's foot, but on the ground the knight
// walks. A foot a jump and more above that ground is still refused.
TEST(CourseCheck, ALeaningLadderWhoseFootStandsOnTheSlopeDownToTheWallClimbsIt) {
  const float tan40 = 0.8390996f * 0.9999f;
  const float wall_foot_y = 6.0f - 6.0f * tan40;  // the slope from x = 10 (y = 6) to the wall at x = 16
  Level level = MakeLevel({{0.0f, 6.0f}, {10.0f, 6.0f}, {16.0f, wall_foot_y}, {16.0f, 9.0f}, {40.0f, 9.0f}});
  level.spawn.x = 1.0f;
  level.goal.x = 38.0f;
  LadderDesc ladder;
  ladder.x = 14.0f;
  ladder.bottom_y = 6.0f - 4.0f * tan40;  // on the slope, 1.68 m over the wall's foot
  ladder.top_y = 9.0f;
  ladder.lean_deg = 15.0f;  // its top 0.3 m before the wall
  level.ladders = {ladder};
  ASSERT_GT(ladder.bottom_y - wall_foot_y, kMaxJumpUpM);
  EXPECT_EQ(PathOf(level), "(none)");
  level.ladders[0].bottom_y += kMaxJumpUpM + 0.1f;
  level.ladders[0].lean_deg = 0.0f;
  level.ladders[0].x = 15.8f;
  EXPECT_EQ(PathOf(level).rfind("terrain.points[3]: a ", 0), 0u) << PathOf(level);
}

TEST(CourseCheck, RocksAcrossThePlayPlaneAreAtMostAJumpHigh) {
  Level level = Flat();
  Rock rock;
  rock.x = 20.0f;
  rock.size = {0.5f, kMaxJumpUpM, 0.5f};
  level.rocks = {rock};
  EXPECT_EQ(PathOf(level), "(none)");
  level.rocks[0].size.y = 1.5f;
  EXPECT_EQ(PathOf(level).rfind("rocks[0]: its top is 1.5 m above", 0), 0u) << PathOf(level);
  // Off the play plane (its near side 0.3 m from z = 0) it is scenery to walk past.
  level.rocks[0].z = 0.3f + 0.25f;
  EXPECT_EQ(PathOf(level), "(none)");
  // Turned 90 degrees, its long side reaches the play plane.
  level.rocks[0].size = {1.2f, 1.5f, 0.5f};
  level.rocks[0].yaw_deg = 90.0f;
  EXPECT_NE(PathOf(level), "(none)");
}

// Every generated level (both ranges) passes: the generator builds only
// what the knight can finish. KNIGHTS_GENERATED_LEVELS raises the count.
TEST(CourseCheck, GeneratedLevelsHaveNoBlock) {
  const char* env = std::getenv("KNIGHTS_GENERATED_LEVELS");
  const long count = env != nullptr && std::strtol(env, nullptr, 10) > 0 ? std::strtol(env, nullptr, 10) : 100;
  for (uint32_t seed = 1; seed <= static_cast<uint32_t>(count); ++seed) {
    for (LevelGenRange range : {LevelGenRange::kWhole, LevelGenRange::kLimits}) {
      const Level level = GenerateLevel(LevelGenDesc{seed, range});
      EXPECT_EQ(PathOf(level), "(none)") << ToString(range) << " seed " << seed;
    }
  }
}

}  // namespace
}  // namespace knights::world
