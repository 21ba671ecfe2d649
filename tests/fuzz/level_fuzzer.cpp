// Fuzz target: level JSON -> asset::ParseLevel -> world::World -> queries.
//
// The loader is the only gate between a level file and the world, so the
// world must never crash (or read out of bounds) on anything it accepts.
// Invariants checked on every input:
// - a rejected level has a one-line message that starts with the file name
//   (knights/asset/level_loader.h promises "<file>: <json path>: <what is wrong>");
// - an accepted level builds a World whose spawn and respawn points are
//   finite, and whose raycasts report hits inside [0, max_distance] with a
//   finite point and a unit normal facing the ray.
// Levels with more terrain cells than kMaxFuzzCells are checked by the loader
// but not built (they are legal, up to the loader's 2e6 cells, but a build
// takes ~1 s and would slow fuzzing to a crawl; the shipped demo level, which
// the world tests build, has about 25 000 cells).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <glm/geometric.hpp>

#include "knights/asset/level_loader.h"
#include "fuzz_check.h"
#include "knights/world/world.h"

namespace {

using knights::world::RayHit;

constexpr double kMaxFuzzCells = 60000.0;
constexpr std::string_view kFileName = "fuzz.json";

bool Finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

void CheckHit(const RayHit& hit, const glm::vec3& dir_ws, float max_distance) {
  if (!hit.hit) return;
  KNIGHTS_FUZZ_CHECK(hit.distance >= 0.0f && hit.distance <= max_distance * (1.0f + 1e-5f));
  KNIGHTS_FUZZ_CHECK(Finite(hit.point_ws));
  KNIGHTS_FUZZ_CHECK(std::fabs(glm::length(hit.normal_ws) - 1.0f) < 1e-3f);
  KNIGHTS_FUZZ_CHECK(glm::dot(hit.normal_ws, dir_ws) <= 1e-4f);
  KNIGHTS_FUZZ_CHECK(hit.triangle >= 0);
}

double TerrainCells(const knights::world::Terrain& t) {
  return (t.points.back().x - t.points.front().x) / t.cell_x * ((t.z_max - t.z_min) / t.cell_z);
}

void Exercise(const knights::world::World& world) {
  const knights::world::Level& level = world.level();
  const knights::world::CollisionMesh& mesh = world.collision();
  KNIGHTS_FUZZ_CHECK(Finite(world.SpawnPositionWs()));
  for (int c = -1; c < static_cast<int>(level.checkpoints.size()); ++c) {
    KNIGHTS_FUZZ_CHECK(Finite(world.RespawnPositionWs(c)));
  }
  const float x0 = knights::world::TerrainMinX(level.terrain);
  const float x1 = knights::world::TerrainMaxX(level.terrain);
  // Rays down, sideways and slanted at a spread of x, on and off the play plane.
  constexpr int kSteps = 16;
  for (int i = 0; i <= kSteps; ++i) {
    const float x = x0 - 1.0f + (x1 - x0 + 2.0f) * static_cast<float>(i) / kSteps;
    for (float z : {0.0f, level.terrain.z_min, 0.37f * level.terrain.z_max}) {
      const float ground = world.GroundHeightOr(x, z);
      KNIGHTS_FUZZ_CHECK(std::isfinite(ground));
      const glm::vec3 from(x, ground + 2.0f, z);
      const glm::vec3 down(0.0f, -1.0f, 0.0f);
      CheckHit(mesh.Raycast(from, down, 50.0f), down, 50.0f);
      CheckHit(mesh.FindGround(x, ground + 0.5f, z, 3.0f), down, 3.0f);
      for (glm::vec3 dir :
           {glm::vec3(1, 0, 0), glm::vec3(-1, 0, 0), glm::vec3(0.6f, -0.8f, 0.0f), glm::vec3(0.3f, 0.2f, -0.9f)}) {
        CheckHit(mesh.Raycast(from, dir, 20.0f), glm::normalize(dir), 20.0f);
      }
      knights::world::WallProbe probe;
      probe.x = x;
      probe.z = z;
      probe.y_bottom = ground + 0.1f;
      probe.y_top = ground + 1.6f;
      probe.direction_x = (i % 2 == 0) ? 1.0f : -1.0f;
      CheckHit(mesh.CastWall(probe), glm::vec3(probe.direction_x, 0.0f, 0.0f), probe.max_distance);
      (void)world.InPit(x);
      (void)world.CheckpointAt(x);
      (void)world.CheckpointCrossed(x - 0.5f, x);
      (void)world.GoalReached(from);
      (void)world.IsBelowKillPlane(from);
      const int ladder = world.FindLadderNear(glm::vec3(x, ground, z));
      KNIGHTS_FUZZ_CHECK(ladder >= -1 && ladder < static_cast<int>(world.ladders().size()));
    }
  }
  // Every ladder: rung queries, grips and plants stay finite and in range.
  for (const knights::world::Ladder& ladder : world.ladders()) {
    KNIGHTS_FUZZ_CHECK(Finite(ladder.bottom_ws()) && Finite(ladder.top_ws()) && Finite(ladder.up_axis_ws()));
    const int n = ladder.RungCount();
    for (float y :
         {ladder.desc().bottom_y - 1.0f, ladder.desc().bottom_y, 0.5f * (ladder.desc().bottom_y + ladder.desc().top_y),
          ladder.desc().top_y, ladder.desc().top_y + 1.0f}) {
      for (int r : {ladder.NearestRung(y), ladder.RungAbove(y), ladder.RungBelow(y)}) {
        KNIGHTS_FUZZ_CHECK(r >= -1 && r < n);
        if (r < 0) continue;
        KNIGHTS_FUZZ_CHECK(Finite(ladder.Rung(r)));
        KNIGHTS_FUZZ_CHECK(Finite(ladder.HandGripWs(r, -1.0f, 0.2f)) && Finite(ladder.FootPlantWs(r, 1.0f, 0.1f)));
      }
      KNIGHTS_FUZZ_CHECK(Finite(ladder.PointAtHeightWs(y)));
    }
    KNIGHTS_FUZZ_CHECK(Finite(ladder.ExitPointWs()) && Finite(ladder.ClimberFacingWs()) &&
                       Finite(ladder.ClimberSideNormalWs()));
    KNIGHTS_FUZZ_CHECK(Finite(ladder.RailBottomWs(-1.0f)) && Finite(ladder.RailTopWs(1.0f)));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto level = knights::asset::ParseLevel(text, kFileName);
  if (!level.ok()) {
    const std::string& message = level.status().message();
    KNIGHTS_FUZZ_CHECK(message.rfind(std::string(kFileName) + ": ", 0) == 0);
    KNIGHTS_FUZZ_CHECK(message.find('\n') == std::string::npos);
    return 0;
  }
  if (TerrainCells(level->terrain) > kMaxFuzzCells) return 0;
  const knights::world::World world(std::move(*level));
  Exercise(world);
  return 0;
}
