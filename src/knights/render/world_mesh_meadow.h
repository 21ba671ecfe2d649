#pragma once
// The parts of the world's mesh behind and beyond the strip, and the
// terrain's profile they and world_mesh_builder.cpp share (render-internal).

#include <vector>

#include <glm/glm.hpp>

#include "knights/render/static_shapes.h"
#include "knights/world/level.h"

namespace knights::render {

// A surface's colour (linear RGB) and material.
struct SurfaceLook {
  glm::vec3 color;
  StaticMaterial material;
};

// Where the castle behind a gate goal stands on the meadow (x and z,
// world metres, its towers included): no tree grows through its walls.
struct Footprint {
  glm::vec2 lo{0.0f}, hi{-1.0f};  // empty when hi < lo
  bool Contains(float x, float z, float margin_m) const {
    return x > lo.x - margin_m && x < hi.x + margin_m && z > lo.y - margin_m && z < hi.y + margin_m;
  }
};
Footprint CastleFootprint(const world::Level& level);

// The terrain's height along its front or back edge at depth z, exactly as
// the collision mesh computes it: linear in x between profile points a and
// b, s of the way (world metres).
float EdgeHeight(const world::Terrain& terrain, const world::TerrainPoint& a, const world::TerrainPoint& b, float s,
                 float z);
// The profile's height at x smoothed by a box filter of half width
// `radius`, metres (the meadow far behind the strip copies no step).
float SmoothProfile(const world::Terrain& terrain, float x, float radius);

// Each end of the strip: a cliff of earth from its surface down to
// floor_y, and a valley beyond it out to where the meadow ends.
void AppendLevelEnds(const world::Level& level, std::vector<StaticVertex>& out, float floor_y);
// The meadow behind the strip, with its trees and bushes.
void AppendMeadow(const world::Level& level, std::vector<StaticVertex>& out);

}  // namespace knights::render
