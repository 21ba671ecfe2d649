#pragma once
// Small levels built in code for the world tests (no JSON: tests of the
// world layer link only the logic).

#include <initializer_list>

#include "knights/world/level.h"

namespace knights::world::testing {

inline Level MakeLevel(std::initializer_list<TerrainPoint> points) {
  Level level;
  level.name = "test";
  level.terrain.points.assign(points.begin(), points.end());
  level.spawn.x = level.terrain.points.front().x + 0.5f;
  level.goal.x = level.terrain.points.back().x - 0.5f;
  level.kill_y = -10.0f;
  return level;
}

// 0..10 flat at y = 1, 10..20 rising 30 % (about 16.7 degrees) to y = 4,
// an up-step of 0.3 m at x = 20, flat to 25, a down-step of 0.5 m at 25,
// flat to 30. Constant tilt_z 0.1 everywhere and no bumps, so every segment
// is a plane and the mesh is exact.
inline Level MakeSlopeAndStepsLevel() {
  return MakeLevel({{0.0f, 1.0f, 0.1f, 0.0f},
                    {10.0f, 1.0f, 0.1f, 0.0f},
                    {20.0f, 4.0f, 0.1f, 0.0f},
                    {20.0f, 4.3f, 0.1f, 0.0f},
                    {25.0f, 4.3f, 0.1f, 0.0f},
                    {25.0f, 3.8f, 0.1f, 0.0f},
                    {30.0f, 3.8f, 0.1f, 0.0f}});
}

}  // namespace knights::world::testing
