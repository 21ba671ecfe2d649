// The character mover never ends a step inside the ground: seeded random
// jumps and runs, from random points of random legal terrain (slopes up to
// 40 degrees, vertical steps from a few centimetres to cliffs, the largest
// tilt and bump across depth, the shortest ripple wavelength, rocks on the
// walking line), checked at the end of every step against the collision
// surface over the feet. With no pit in the level the knight also never
// falls through to the kill plane.

#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>

#include <gtest/gtest.h>

#include "knights/game/session/ik_metrics.h"
#include "knights/game/knight/knight_controller.h"
#include "tests/game/game_test_util.h"
#include "knights/world/world.h"

namespace knights::game {
namespace {

using test::Input;
using test::kDt;

// xorshift32 (Marsaglia, 2003): reproducible on every platform.
struct Rng {
  uint32_t state;
  float Uniform(float lo, float hi) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return lo + (hi - lo) * static_cast<float>(state & 0xFFFFFF) / static_cast<float>(0x1000000);
  }
  bool Chance(float p) { return Uniform(0.0f, 1.0f) < p; }
};

constexpr float kMaxSlopeTan = 0.8390996f;  // tan 40 degrees, the steepest legal slope

// A legal level 60 m long: slopes, steps, cliffs, ripples and rocks.
world::Level RandomLevel(Rng& rng) {
  world::Level level;
  level.name = "mover property";
  level.terrain.cell_z = rng.Uniform(0.05f, 0.3f);
  level.terrain.bump_wavelength_z = rng.Chance(0.3f) ? 0.2f : rng.Uniform(0.2f, 3.0f);
  float x = 0.0f, y = 0.0f;
  auto cross = [&] { return std::pair{rng.Uniform(-0.36f, 0.36f), rng.Uniform(-0.3f, 0.3f)}; };
  auto [tilt, bump] = cross();
  level.terrain.points.push_back({x, y, tilt, bump});
  while (x < 60.0f) {
    if (rng.Chance(0.3f) && x > 1.0f) {
      // A vertical step: small, a full 0.40 m step, or a cliff either way.
      const float h =
          rng.Chance(0.3f) ? rng.Uniform(-2.0f, 2.0f) : (rng.Chance(0.5f) ? 0.4f : rng.Uniform(-0.4f, 0.4f));
      y += h;
      level.terrain.points.push_back({x, y, tilt, bump});
    }
    const float run = rng.Chance(0.4f) ? rng.Uniform(0.25f, 0.6f) : rng.Uniform(0.6f, 4.0f);
    const float slope = rng.Chance(0.3f) ? (rng.Chance(0.5f) ? kMaxSlopeTan : -kMaxSlopeTan) * 0.9999f
                                         : rng.Uniform(-kMaxSlopeTan, kMaxSlopeTan);
    x += run;
    y += slope * run;
    std::tie(tilt, bump) = cross();
    level.terrain.points.push_back({x, y, tilt, bump});
  }
  for (int i = 0; i < 12; ++i) {
    world::Rock rock;
    rock.x = rng.Uniform(2.0f, 58.0f);
    rock.z = rng.Chance(0.7f) ? 0.0f : rng.Uniform(-1.0f, 1.0f);
    rock.size = {rng.Uniform(0.05f, 1.0f), rng.Uniform(0.05f, 0.4f), rng.Uniform(0.05f, 1.0f)};
    rock.yaw_deg = rng.Uniform(-90.0f, 90.0f);
    level.rocks.push_back(rock);
  }
  level.spawn.x = 0.5f;
  level.goal.x = x - 0.5f;
  float lowest = 0.0f;
  for (const world::TerrainPoint& p : level.terrain.points) lowest = std::min(lowest, p.y);
  level.kill_y = lowest - 10.0f;
  return level;
}

// How far the controller's feet are below the collision surface over them
// (0 when above, or with no surface).
float DepthInGround(const world::World& world, const glm::vec3& feet_ws) {
  float surface_y = 0.0f;
  if (!SurfaceOver(world.collision(), feet_ws, &surface_y)) return 0.0f;
  return std::max(0.0f, surface_y - feet_ws.y);
}

TEST(KnightMoverProperty, RandomJumpsOnRandomTerrainNeverEndInsideTheGround) {
  int jumps = 0, steps_checked = 0;
  for (uint32_t seed = 1; seed <= 200; ++seed) {
    Rng rng{seed * 2654435761u};
    const world::World world(RandomLevel(rng));
    for (int attempt = 0; attempt < 25; ++attempt) {
      const float x = rng.Uniform(1.0f, 58.0f);
      const auto ground_y = world.collision().GroundHeight(x, 0.0f);
      if (!ground_y) continue;
      KnightController c;
      c.Spawn(glm::vec3(x, *ground_y, 0.0f), rng.Chance(0.5f) ? 1 : -1);
      const float move_x = rng.Chance(0.15f) ? 0.0f : rng.Uniform(-1.0f, 1.0f);
      const bool run = rng.Chance(0.7f);
      const int run_up = static_cast<int>(rng.Uniform(0.0f, 40.0f));
      ++jumps;
      for (int step = 0; step < run_up + 150; ++step) {
        const bool jump = step == run_up || (step > run_up && rng.Chance(0.02f));
        c.Step(Input(move_x, 0.0f, run, jump), world, kDt);
        // Walking off either end of the level is a fall, not the mover's.
        if (c.FeetWs().x < 1.0f || c.FeetWs().x > 59.0f) break;
        if (c.mode() != KnightMode::kGround && c.mode() != KnightMode::kAir) continue;
        ++steps_checked;
        const float depth = DepthInGround(world, c.FeetWs());
        ASSERT_LE(depth, IkMetrics::kDistanceThresholdM)
            << "seed " << seed << " attempt " << attempt << " step " << step << " at x " << c.FeetWs().x << " y "
            << c.FeetWs().y << " (" << ToString(c.mode()) << ")";
      }
      EXPECT_EQ(c.Respawns(), 0) << "seed " << seed << " attempt " << attempt << ": fell through the ground at x "
                                 << c.FeetWs().x;
    }
  }
  EXPECT_GT(jumps, 4000);
  EXPECT_GT(steps_checked, 500000);
}

}  // namespace
}  // namespace knights::game
