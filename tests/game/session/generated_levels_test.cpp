// Every level the generator makes (world::GenerateLevel, legal and at the
// format's limits) is finished by the autopilot driving the knight's mover,
// with no respawn and the feet never more than 2 cm inside the ground at the
// end of a step. CI plays 10 seeds per range; KNIGHTS_GENERATED_LEVELS=100
// plays 100 per range (the 200-level check, about 7 s).

#include <cstdint>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "knights/game/brains/auto_pilot.h"
#include "knights/game/session/ik_metrics.h"
#include "knights/game/knight/knight_controller.h"
#include "tests/game/game_test_util.h"
#include "knights/world/level_generator.h"
#include "knights/world/world.h"

namespace knights::game {
namespace {

struct PlayResult {
  bool reached_goal = false;
  int steps = 0;
  int respawns = 0;
  int mover_penetration_steps = 0;  // ground or air, feet > 2 cm below the surface over them
  int jumps = 0;                    // steps on which the autopilot pressed jump
};

PlayResult Play(const world::World& world, uint32_t pilot_seed, int max_steps) {
  KnightController knight;
  const float spawn_x = world.level().spawn.x;
  knight.Spawn(glm::vec3(spawn_x, world.collision().GroundHeight(spawn_x, world.level().spawn.z).value_or(0.0f),
                         world.level().spawn.z));
  AutoPilot pilot(pilot_seed);
  PlayResult result;
  for (; result.steps < max_steps && !result.reached_goal; ++result.steps) {
    const core::InputState input = pilot.Decide(knight, world, test::kDt);
    result.jumps += input.jump_pressed ? 1 : 0;
    knight.Step(input, world, test::kDt);
    result.reached_goal = knight.FeetWs().x >= world.level().goal.x;
    float surface_y = 0.0f;
    if (!OnLadder(knight.mode()) && SurfaceOver(world.collision(), knight.FeetWs(), &surface_y) &&
        surface_y - knight.FeetWs().y > IkMetrics::kDistanceThresholdM) {
      ++result.mover_penetration_steps;
    }
  }
  result.respawns = knight.Respawns();
  return result;
}

class GeneratedLevelTest : public ::testing::TestWithParam<world::LevelGenRange> {};

// Seeds per range: 10, or KNIGHTS_GENERATED_LEVELS.
uint32_t SeedsPerRange() {
  const char* env = std::getenv("KNIGHTS_GENERATED_LEVELS");
  const long count = env != nullptr ? std::strtol(env, nullptr, 10) : 0;
  return count > 0 ? static_cast<uint32_t>(count) : 10u;
}

TEST_P(GeneratedLevelTest, TheAutopilotFinishesEveryOneWithoutARespawn) {
  for (uint32_t seed = 1; seed <= SeedsPerRange(); ++seed) {
    const world::LevelGenDesc desc{seed, GetParam()};
    const world::World world(world::GenerateLevel(desc));
    // At a walk (1.5 m/s) with every ladder climbed, a level is done well
    // within two steps per centimetre.
    const float length_m = world.level().goal.x - world.level().spawn.x;
    const PlayResult result = Play(world, seed, static_cast<int>(length_m * 200.0f) + 3600);
    const std::string where = std::string(world::ToString(GetParam())) + " seed " + std::to_string(seed);
    EXPECT_TRUE(result.reached_goal) << where << ": not finished in " << result.steps << " steps";
    EXPECT_EQ(result.respawns, 0) << where;
    EXPECT_EQ(result.mover_penetration_steps, 0) << where;
  }
}

// The level README's limits, each shown by a level of one kind of section
// at the limits (knights_levelgen --limits --only KIND): finished without a
// respawn or the feet in the ground, and the kinds the README promises are
// walked (stairs and steps up and down, slopes, ripples, rocks on the
// walking line, platforms overhead) never need a jump.
class OneKindLevelTest : public ::testing::TestWithParam<world::LevelGenOnly> {};

TEST_P(OneKindLevelTest, AtTheLimitsTheAutopilotFinishesAndWalksWhatIsWalked) {
  const world::LevelGenOnly only = GetParam();
  const bool walked = only != world::LevelGenOnly::kPits && only != world::LevelGenOnly::kLadders &&
                      only != world::LevelGenOnly::kDrops && only != world::LevelGenOnly::kWalls;
  for (uint32_t seed = 1; seed <= 5; ++seed) {
    world::LevelGenDesc desc{seed, world::LevelGenRange::kLimits};
    desc.only = only;
    const world::World world(world::GenerateLevel(desc));
    const float length_m = world.level().goal.x - world.level().spawn.x;
    const PlayResult result = Play(world, seed, static_cast<int>(length_m * 200.0f) + 3600);
    const std::string where = world::LevelGenFileName(desc);
    EXPECT_TRUE(result.reached_goal) << where << ": not finished in " << result.steps << " steps";
    EXPECT_EQ(result.respawns, 0) << where;
    EXPECT_EQ(result.mover_penetration_steps, 0) << where;
    if (walked) {
      EXPECT_EQ(result.jumps, 0) << where;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kinds, OneKindLevelTest,
                         ::testing::Values(world::LevelGenOnly::kFlat, world::LevelGenOnly::kSlopes,
                                           world::LevelGenOnly::kStairs, world::LevelGenOnly::kSteps,
                                           world::LevelGenOnly::kDrops, world::LevelGenOnly::kPits,
                                           world::LevelGenOnly::kLadders, world::LevelGenOnly::kRocks,
                                           world::LevelGenOnly::kPlatforms, world::LevelGenOnly::kWalls),
                         [](const auto& info) { return std::string(world::ToString(info.param)); });

INSTANTIATE_TEST_SUITE_P(Ranges, GeneratedLevelTest,
                         ::testing::Values(world::LevelGenRange::kWhole, world::LevelGenRange::kLimits),
                         [](const auto& info) { return std::string(world::ToString(info.param)); });

}  // namespace
}  // namespace knights::game
