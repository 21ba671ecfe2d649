// The world's mesh at the ends of a meadow level (the demo): the plateau
// ends in a cliff over the valley, so beside the strip's first and last
// metres the only ground behind the play strip is the valley, well below
// the rim; no sheet of meadow hangs over it at the plateau's height (its
// edge was a seam on screen at the start and at the goal).

#include <gtest/gtest.h>

#include <string>

#include "knights/asset/level_loader.h"
#include "knights/render/world_mesh_builder.h"
#include "knights/world/world.h"

namespace knights::render {
namespace {

TEST(WorldMeshEnds, NoMeadowHangsOverTheValleyBeyondTheStripsEnds) {
  auto level = asset::LoadLevel(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels/demo.json");
  ASSERT_TRUE(level.ok()) << level.status().message();
  const world::World world(std::move(*level));
  const world::Terrain& terrain = world.level().terrain;
  const std::vector<StaticVertex> mesh = BuildWorldMesh(world);
  const float x_lo = world::TerrainMinX(terrain), x_hi = world::TerrainMaxX(terrain);
  int beyond = 0, behind_strip = 0;
  for (const StaticVertex& v : mesh) {
    if (static_cast<StaticMaterial>(static_cast<int>(v.material)) != StaticMaterial::kGrass) continue;
    const glm::vec3& p = v.position_ws;
    const bool past_start = p.x < x_lo - 0.5f && p.x > x_lo - 10.0f;
    const bool past_end = p.x > x_hi + 0.5f && p.x < x_hi + 10.0f;
    if (!past_start && !past_end) continue;
    ++beyond;
    if (p.z > terrain.z_min) continue;  // in front of the strip's back edge: the valley only
    ++behind_strip;
    const float rim_y = world::TerrainHeight(terrain, past_start ? x_lo : x_hi, terrain.z_min);
    EXPECT_LT(p.y, rim_y - 2.0f) << "grass at (" << p.x << ", " << p.y << ", " << p.z
                                 << ") is near the plateau's height beyond its end";
  }
  EXPECT_GT(beyond, 50) << "the valley lies beyond both ends";
  EXPECT_GT(behind_strip, 10) << "and behind the strip's depth too";
}

}  // namespace
}  // namespace knights::render
