// AutoPilot driving a KnightController as a player would: it finishes the
// controller test level (a step, a wall to jump, a ladder, a pit) with no
// respawn, takes rippled ground at the format's limits for ground rather
// than a wall (no jump), and after a respawn its progress watchdog starts
// afresh (no "stuck" jumps on clear ground behind the furthest point).

#include "knights/game/brains/auto_pilot.h"

#include <gtest/gtest.h>

#include "tests/game/game_test_util.h"

namespace knights::game {
namespace {

using test::kDt;

// Steps the pilot and the knight together until the goal (where the game
// ends the level) or for `steps`; `each` after every step.
void Fly(AutoPilot& pilot, KnightController& knight, const world::World& world, int steps,
         const std::function<void()>& each = {}) {
  for (int i = 0; i < steps && knight.FeetWs().x < world.level().goal.x; ++i) {
    knight.Step(pilot.Decide(knight, world, kDt), world, kDt);
    if (each) each();
  }
}

TEST(AutoPilot, FinishesTheTestLevelWithoutARespawn) {
  const world::World world(test::MakeTestLevel());
  KnightController knight;
  knight.Spawn(glm::vec3(world.level().spawn.x, 0.0f, 0.0f));
  AutoPilot pilot(1);
  bool climbed = false;
  Fly(pilot, knight, world, 3000, [&] { climbed = climbed || knight.mode() == KnightMode::kClimb; });
  EXPECT_GE(knight.FeetWs().x, world.level().goal.x);
  EXPECT_TRUE(climbed);
  EXPECT_EQ(knight.Respawns(), 0);
}

TEST(AutoPilot, RippledGroundAtTheLimitsIsNoWall) {
  for (const float wavelength : {0.2f, 0.4f, 1.2f}) {
    world::Level level;
    level.name = "ripples";
    level.terrain.points = {{0.0f, 0.0f, 0.36f, 0.3f}, {40.0f, 0.0f, -0.36f, 0.3f}};
    level.terrain.bump_wavelength_z = wavelength;
    level.terrain.cell_z = 0.05f;
    level.spawn.x = 1.0f;
    level.goal.x = 39.0f;
    level.kill_y = -10.0f;
    const world::World world(level);
    KnightController knight;
    knight.Spawn(glm::vec3(1.0f, *world.collision().GroundHeight(1.0f, 0.0f), 0.0f));
    AutoPilot pilot(3);
    int air_steps = 0;
    Fly(pilot, knight, world, 900, [&] { air_steps += knight.mode() == KnightMode::kAir; });
    EXPECT_EQ(air_steps, 0) << "wavelength " << wavelength;
    EXPECT_GE(knight.FeetWs().x, level.goal.x) << "wavelength " << wavelength;
  }
}

// A pit too wide to jump: the pilot falls in, respawns at the checkpoint
// and runs back over clear flat ground without jumping.
TEST(AutoPilot, WatchdogStartsAfreshAfterARespawn) {
  world::Level level;
  level.name = "wide pit";
  level.terrain.points = {{0.0f, 0.0f}, {60.0f, 0.0f}};
  level.pits = {world::Pit{20.0f, 29.0f}};
  level.checkpoints = {2.0f};
  level.spawn.x = 1.0f;
  level.goal.x = 58.0f;
  level.kill_y = -5.0f;
  const world::World world(level);
  KnightController knight;
  knight.Spawn(glm::vec3(1.0f, 0.0f, 0.0f));
  AutoPilot pilot(5);
  Fly(pilot, knight, world, 1200);
  ASSERT_GE(knight.Respawns(), 1);
  // From the last respawn on, clear ground up to the pit's run-up.
  int jumps_on_clear_ground = 0;
  const int respawns = knight.Respawns();
  Fly(pilot, knight, world, 600, [&] {
    if (knight.Respawns() != respawns) return;
    if (knight.mode() == KnightMode::kAir && knight.FeetWs().x < 17.0f) ++jumps_on_clear_ground;
  });
  EXPECT_EQ(jumps_on_clear_ground, 0);
}

}  // namespace
}  // namespace knights::game
