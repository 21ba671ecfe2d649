#include "knights/world/collision_mesh.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>
#include <limits>
#include <random>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include "world_test_levels.h"

namespace knights::world {
namespace {

using testing::MakeLevel;
using testing::MakeSlopeAndStepsLevel;

constexpr float kTol = 1e-4f;
const glm::vec3 kDown(0.0f, -1.0f, 0.0f);

// Height of MakeSlopeAndStepsLevel computed from its definition.
float SlopeLevelHeight(float x, float z) {
  float y;
  if (x < 10.0f) {
    y = 1.0f;
  } else if (x < 20.0f) {
    y = 1.0f + 0.3f * (x - 10.0f);
  } else if (x < 25.0f) {
    y = 4.3f;
  } else {
    y = 3.8f;
  }
  return y + 0.1f * z;
}

// The nearest hit by testing every triangle: the reference for the grid.
float BruteForceDistance(const CollisionMesh& mesh, glm::dvec3 o, glm::dvec3 d, double max_distance) {
  d = glm::normalize(d);
  double best = std::numeric_limits<double>::infinity();
  for (const CollisionTriangle& tri : mesh.triangles()) {
    const glm::dvec3 v0(tri.v0_ws), e1 = glm::dvec3(tri.v1_ws) - v0, e2 = glm::dvec3(tri.v2_ws) - v0;
    const glm::dvec3 p = glm::cross(d, e2);
    const double det = glm::dot(e1, p);
    if (std::fabs(det) < 1e-14) continue;
    const glm::dvec3 s = o - v0;
    const double u = glm::dot(s, p) / det;
    const glm::dvec3 q = glm::cross(s, e1);
    const double v = glm::dot(d, q) / det;
    const double t = glm::dot(e2, q) / det;
    if (u >= 0 && v >= 0 && u + v <= 1 && t >= 0 && t <= max_distance) best = std::min(best, t);
  }
  return static_cast<float>(best);
}

TEST(CollisionMesh, DownwardRaysHitTheAnalyticHeightOnFlatSlopeAndSteps) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeSlopeAndStepsLevel());
  ASSERT_GT(mesh.triangles().size(), 0u);
  for (float x = 0.05f; x < 29.95f; x += 0.137f) {
    for (float z = -2.9f; z < 2.9f; z += 0.31f) {
      const RayHit hit = mesh.Raycast(glm::vec3(x, 20.0f, z), kDown, 50.0f);
      ASSERT_TRUE(hit.hit) << x << " " << z;
      const float expected = SlopeLevelHeight(x, z);
      EXPECT_NEAR(hit.point_ws.y, expected, kTol) << x << " " << z;
      EXPECT_NEAR(hit.distance, 20.0f - expected, kTol);
      EXPECT_NEAR(glm::length(hit.normal_ws), 1.0f, 1e-5f);
      EXPECT_GT(hit.normal_ws.y, 0.5f);
      EXPECT_EQ(hit.kind, SurfaceKind::kTerrain);
    }
  }
}

TEST(CollisionMesh, TerrainNormalMatchesTheSlopeAndTilt) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeSlopeAndStepsLevel());
  // On the slope the surface is y = 1 + 0.3 (x - 10) + 0.1 z: normal ~ (-0.3, 1, -0.1).
  const RayHit hit = mesh.Raycast(glm::vec3(15.1f, 20.0f, 0.33f), kDown, 50.0f);
  ASSERT_TRUE(hit.hit);
  const glm::vec3 expected = glm::normalize(glm::vec3(-0.3f, 1.0f, -0.1f));
  EXPECT_NEAR(hit.normal_ws.x, expected.x, 1e-5f);
  EXPECT_NEAR(hit.normal_ws.y, expected.y, 1e-5f);
  EXPECT_NEAR(hit.normal_ws.z, expected.z, 1e-5f);
}

TEST(CollisionMesh, StepEdgesAreSharp) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeSlopeAndStepsLevel());
  // Up-step at x = 20 (4.0 -> 4.3) and down-step at x = 25 (4.3 -> 3.8), at z = 0.
  for (float eps : {1e-3f, 1e-2f}) {
    EXPECT_NEAR(mesh.Raycast(glm::vec3(20.0f - eps, 10.0f, 0.0f), kDown, 20.0f).point_ws.y, 4.0f - 0.3f * eps, kTol);
    EXPECT_NEAR(mesh.Raycast(glm::vec3(20.0f + eps, 10.0f, 0.0f), kDown, 20.0f).point_ws.y, 4.3f, kTol);
    EXPECT_NEAR(mesh.Raycast(glm::vec3(25.0f - eps, 10.0f, 0.0f), kDown, 20.0f).point_ws.y, 4.3f, kTol);
    EXPECT_NEAR(mesh.Raycast(glm::vec3(25.0f + eps, 10.0f, 0.0f), kDown, 20.0f).point_ws.y, 3.8f, kTol);
  }
  // Exactly on the step's x the ray meets the upper edge.
  EXPECT_NEAR(mesh.Raycast(glm::vec3(20.0f, 10.0f, 0.0f), kDown, 20.0f).point_ws.y, 4.3f, kTol);
  // The step face: a horizontal ray at y = 4.15 along +x stops at x = 20 with a -x normal.
  const RayHit face = mesh.Raycast(glm::vec3(19.5f, 4.15f, 0.0f), glm::vec3(1, 0, 0), 5.0f);
  ASSERT_TRUE(face.hit);
  EXPECT_EQ(face.kind, SurfaceKind::kStepFace);
  EXPECT_NEAR(face.point_ws.x, 20.0f, kTol);
  EXPECT_NEAR(face.distance, 0.5f, kTol);
  EXPECT_NEAR(face.normal_ws.x, -1.0f, 1e-6f);
  // The down-step's face seen from the right (ray along -x at y = 4.0).
  const RayHit back = mesh.Raycast(glm::vec3(26.0f, 4.0f, 0.0f), glm::vec3(-1, 0, 0), 5.0f);
  ASSERT_TRUE(back.hit);
  EXPECT_NEAR(back.point_ws.x, 25.0f, kTol);
  EXPECT_NEAR(back.normal_ws.x, 1.0f, 1e-6f);
  // Above the step top the horizontal ray passes over it.
  const RayHit over = mesh.Raycast(glm::vec3(19.9f, 4.4f, 0.0f), glm::vec3(1, 0, 0), 5.0f);
  EXPECT_FALSE(over.hit);
}

TEST(CollisionMesh, ArbitraryRaysHitTheSlopePlane) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeSlopeAndStepsLevel());
  // Ray from (11, 5, 0.2) towards +x and down; the slope plane is
  // y = 1 + 0.3 (x - 10) + 0.1 z. Solve o + t d on it.
  const glm::vec3 o(11.0f, 5.0f, 0.2f);
  const glm::vec3 d = glm::normalize(glm::vec3(1.0f, -1.0f, 0.3f));
  const float t = (1.0f + 0.3f * (o.x - 10.0f) + 0.1f * o.z - o.y) / (d.y - 0.3f * d.x - 0.1f * d.z);
  const RayHit hit = mesh.Raycast(o, d, 50.0f);
  ASSERT_TRUE(hit.hit);
  EXPECT_NEAR(hit.distance, t, kTol);
  EXPECT_NEAR(hit.point_ws.x, o.x + t * d.x, kTol);
  EXPECT_LE(glm::dot(hit.normal_ws, d), 0.0f);
  // An unnormalised direction gives the same metric distance.
  const RayHit scaled = mesh.Raycast(o, d * 7.0f, 50.0f);
  EXPECT_NEAR(scaled.distance, t, kTol);
}

TEST(CollisionMesh, RaysThatMiss) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeSlopeAndStepsLevel());
  EXPECT_FALSE(mesh.Raycast(glm::vec3(5, 3, 0), glm::vec3(0, 1, 0), 100.0f).hit);    // upwards into the sky
  EXPECT_FALSE(mesh.Raycast(glm::vec3(5, 3, 0), kDown, 1.5f).hit);                   // too short (ground 2 m below)
  EXPECT_FALSE(mesh.Raycast(glm::vec3(-5, 20, 0), kDown, 100.0f).hit);               // left of the level
  EXPECT_FALSE(mesh.Raycast(glm::vec3(5, 20, 4), kDown, 100.0f).hit);                // in front of the strip
  EXPECT_FALSE(mesh.Raycast(glm::vec3(5, 3, 0), glm::vec3(0, 0, 0), 100.0f).hit);    // no direction
  EXPECT_FALSE(mesh.Raycast(glm::vec3(5, 3, 0), kDown, 0.0f).hit);                   // no length
  EXPECT_FALSE(mesh.Raycast(glm::vec3(5, 3, 0), glm::vec3(NAN, -1, 0), 10.0f).hit);  // NaN
  EXPECT_FALSE(mesh.Raycast(glm::vec3(5, 3, 0), glm::vec3(1, 0, 0), 4.0f).hit);      // horizontal, short of the slope
}

TEST(CollisionMesh, RaysFromBelowHitTheUndersideWithANormalFacingThem) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeSlopeAndStepsLevel());
  const RayHit hit = mesh.Raycast(glm::vec3(5.0f, -1.0f, 0.0f), glm::vec3(0, 1, 0), 10.0f);
  ASSERT_TRUE(hit.hit);
  EXPECT_NEAR(hit.point_ws.y, 1.0f, kTol);
  EXPECT_LT(hit.normal_ws.y, 0.0f);
}

// The slope and steps with a pit, a platform and a rock: every kind of
// surface a ray can meet, from above and below.
Level MakeMixedLevel() {
  Level level = MakeSlopeAndStepsLevel();
  level.pits.push_back({4.0f, 5.5f});
  level.platforms.push_back({2.0f, 3.5f, 2.5f, 0.3f, -1.0f, 1.0f});
  level.rocks.push_back({7.0f, 0.2f, glm::vec3(0.6f, 0.3f, 0.5f), 25.0f});
  return level;
}

TEST(CollisionMesh, GridMatchesBruteForceForRandomRays) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeMixedLevel());
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> ux(-2.0f, 32.0f), uy(-3.0f, 8.0f), uz(-4.0f, 4.0f), ud(-1.0f, 1.0f);
  int hits = 0;
  for (int i = 0; i < 3000; ++i) {
    const glm::vec3 o(ux(rng), uy(rng), uz(rng));
    glm::vec3 d(ud(rng), ud(rng), ud(rng));
    if (glm::length(d) < 0.1f) continue;
    const float max_distance = 0.5f + 20.0f * std::fabs(ud(rng));
    const RayHit hit = mesh.Raycast(o, d, max_distance);
    const float reference = BruteForceDistance(mesh, o, d, max_distance);
    ASSERT_EQ(hit.hit, std::isfinite(reference)) << i;
    if (hit.hit) {
      ++hits;
      EXPECT_NEAR(hit.distance, reference, 1e-4f) << i;
    }
  }
  EXPECT_GT(hits, 300);  // the sample exercises real hits, not only misses
}

// Straight up and down rays take their own path through Raycast (one grid
// column): it must agree with every triangle tested, from anywhere (inside,
// outside the grid, on cell boundaries), with and without a normal filter.
TEST(CollisionMesh, VerticalRaysMatchBruteForce) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeMixedLevel());
  std::mt19937 rng(4321);
  std::uniform_real_distribution<float> ux(-2.0f, 32.0f), uy(-3.0f, 8.0f), uz(-4.0f, 4.0f), u01(0.0f, 1.0f);
  int hits_down = 0, hits_up = 0;
  for (int i = 0; i < 4000; ++i) {
    glm::vec3 o(ux(rng), uy(rng), uz(rng));
    if (i % 4 == 0) o.x = std::round(o.x * 4.0f) / 4.0f;  // on the 0.25 m cell lines
    const bool down = i % 2 == 0;
    const glm::vec3 d(0.0f, down ? -1.0f : 1.0f, 0.0f);
    const float max_distance = 0.2f + 12.0f * u01(rng);
    const RayHit hit = mesh.Raycast(o, d * (1.0f + u01(rng)), max_distance);  // any length of direction
    const float reference = BruteForceDistance(mesh, o, d, max_distance);
    ASSERT_EQ(hit.hit, std::isfinite(reference)) << i;
    if (!hit.hit) continue;
    (down ? hits_down : hits_up) += 1;
    EXPECT_NEAR(hit.distance, reference, 1e-4f) << i;
    EXPECT_NEAR(hit.point_ws.y, o.y + d.y * reference, 1e-4f) << i;
    EXPECT_EQ(hit.point_ws.x, o.x) << i;
    EXPECT_LE(glm::dot(hit.normal_ws, d), 0.0f) << i;  // facing the ray
  }
  EXPECT_GT(hits_down, 300);  // the sample exercises real hits, not only misses
  EXPECT_GT(hits_up, 100);    // undersides of the platform and rocks
  // The ground filter (upward-facing only): FindGround never stops on an
  // underside, so from under the platform it finds the terrain below.
  const RayHit under = mesh.FindGround(2.75f, 2.0f, 0.0f, 10.0f);
  ASSERT_TRUE(under.hit);
  EXPECT_GT(under.normal_ws.y, 0.0f);
  EXPECT_NEAR(under.point_ws.y,
              BruteForceDistance(mesh, glm::dvec3(2.75, 2.0, 0.0), glm::dvec3(0, -1, 0), 10.0) * -1.0f + 2.0f, 1e-4f);
}

TEST(CollisionMesh, RaysThroughSharedEdgesAndVerticesNeverFallThrough) {
  // Bumpy terrain (non-planar cells) with the rays exactly on vertex rows
  // and columns and on the cell diagonals.
  Level level = MakeLevel({{0.0f, 0.0f, 0.2f, 0.1f}, {6.0f, 1.0f, -0.1f, 0.15f}, {12.0f, 0.5f, 0.0f, 0.05f}});
  level.terrain.cell_x = 0.25f;
  level.terrain.cell_z = 0.2f;
  const CollisionMesh mesh = CollisionMesh::Build(level);
  int count = 0;
  for (int i = 0; i <= 48 * 4; ++i) {
    const float x = 0.0625f * static_cast<float>(i);
    for (int j = 0; j <= 30 * 2; ++j) {
      const float z = -3.0f + 0.1f * static_cast<float>(j);
      const RayHit hit = mesh.Raycast(glm::vec3(x, 10.0f, z), kDown, 20.0f);
      ASSERT_TRUE(hit.hit) << x << " " << z;
      ++count;
    }
  }
  EXPECT_GT(count, 10000);
}

TEST(CollisionMesh, BumpsFollowTheAnalyticHeightWithinTheInterpolationBound) {
  Level level = MakeLevel({{0.0f, 0.0f, 0.15f, 0.1f}, {8.0f, 0.0f, 0.15f, 0.1f}});
  level.terrain.cell_z = 0.1f;
  level.terrain.bump_wavelength_z = 1.2f;
  const CollisionMesh mesh = CollisionMesh::Build(level);
  // Linear interpolation of A sin(w z) over cells of h has error <= A w^2 h^2 / 8.
  const float w = 6.2831853f / 1.2f;
  const float bound = 0.1f * w * w * 0.1f * 0.1f / 8.0f + 1e-5f;
  for (float z = -2.95f; z < 2.95f; z += 0.0137f) {
    const float h = mesh.GroundHeight(3.3f, z).value_or(-100.0f);
    EXPECT_NEAR(h, TerrainHeight(level.terrain, 3.3f, z), bound) << z;
  }
  // On vertex rows the mesh is exact; the feet at z = +-0.1 see different heights.
  const float left = *mesh.GroundHeight(3.3f, -0.1f);
  const float right = *mesh.GroundHeight(3.3f, 0.1f);
  EXPECT_NEAR(left, TerrainHeight(level.terrain, 3.3f, -0.1f), 1e-5f);
  EXPECT_NEAR(right, TerrainHeight(level.terrain, 3.3f, 0.1f), 1e-5f);
  EXPECT_GT(right - left, 0.05f);
}

// Whatever the strip and cell_z, a row lies on the play plane, so the ground
// the knights walk on is the profile itself, even on the finest ripple.
TEST(CollisionMesh, TheGroundOnThePlayPlaneIsTheProfile) {
  for (const auto& [z_min, z_max, cell_z] :
       {std::tuple{-0.5f, 0.7f, 0.2f}, {-0.55f, 3.0f, 0.4f}, {-2.0f, 0.5f, 2.0f}, {-0.6f, 0.6f, 0.05f}}) {
    Level level = MakeLevel({{0.0f, 0.0f, 0.36f, 0.3f}, {4.0f, 2.0f, -0.36f, 0.3f}, {8.0f, 1.0f, 0.0f, 0.3f}});
    level.terrain.z_min = z_min;
    level.terrain.z_max = z_max;
    level.terrain.cell_z = cell_z;
    level.terrain.bump_wavelength_z = 0.2f;
    const CollisionMesh mesh = CollisionMesh::Build(level);
    for (float x = 0.05f; x < 7.95f; x += 0.0371f) {
      EXPECT_NEAR(mesh.GroundHeight(x, 0.0f).value_or(-100.0f), TerrainHeight(level.terrain, x, 0.0f), 1e-4f)
          << "x " << x << " strip " << z_min << ".." << z_max << " cell_z " << cell_z;
    }
    std::vector<float> rows_z;
    TerrainRowsZ(level.terrain, &rows_z);
    EXPECT_EQ(rows_z.front(), z_min);
    EXPECT_EQ(rows_z.back(), z_max);
    EXPECT_NE(std::find(rows_z.begin(), rows_z.end(), 0.0f), rows_z.end());
    for (size_t j = 1; j < rows_z.size(); ++j) EXPECT_LE(rows_z[j] - rows_z[j - 1], cell_z * (1.0f + 1e-5f));
  }
}

// The cell count is what the mesh is made of: every segment is cut into
// pieces of at most cell_x, so many short segments count for more than
// their length.
TEST(CollisionMesh, TerrainCellCountCountsEverySegmentsPieces) {
  Level level = MakeLevel({{0.0f, 0.0f}, {1.0f, 0.0f}, {1.01f, 0.0f}, {1.02f, 0.0f}, {3.0f, 0.0f}});
  level.terrain.z_min = -1.0f;
  level.terrain.z_max = 1.0f;
  level.terrain.cell_x = 0.5f;
  level.terrain.cell_z = 0.5f;
  // Columns 2 + 1 + 1 + 4, rows 2 + 2.
  EXPECT_EQ(TerrainCellCount(level.terrain), 8.0 * 4.0);
  EXPECT_EQ(CollisionMesh::Build(level).triangles().size(), 2u * 8u * 4u);
}

TEST(CollisionMesh, PitsHaveNoGroundAndWallsDownToTheKillPlane) {
  Level level = MakeLevel({{0.0f, 0.0f}, {20.0f, 0.0f}});
  level.pits.push_back({8.0f, 9.7f});
  level.kill_y = -6.0f;
  const CollisionMesh mesh = CollisionMesh::Build(level);
  EXPECT_TRUE(mesh.GroundHeight(7.99f, 0.0f).has_value());
  EXPECT_FALSE(mesh.GroundHeight(8.01f, 0.0f).has_value());
  EXPECT_FALSE(mesh.GroundHeight(9.69f, 0.3f).has_value());
  EXPECT_TRUE(mesh.GroundHeight(9.71f, 0.0f).has_value());
  // Inside the pit a ray along +x meets the far wall at x1, facing -x.
  const RayHit wall = mesh.Raycast(glm::vec3(8.5f, -2.0f, 0.0f), glm::vec3(1, 0, 0), 5.0f);
  ASSERT_TRUE(wall.hit);
  EXPECT_EQ(wall.kind, SurfaceKind::kPitWall);
  EXPECT_NEAR(wall.point_ws.x, 9.7f, kTol);
  EXPECT_NEAR(wall.normal_ws.x, -1.0f, 1e-6f);
  const RayHit near_wall = mesh.Raycast(glm::vec3(8.5f, -5.5f, 0.0f), glm::vec3(-1, 0, 0), 5.0f);
  ASSERT_TRUE(near_wall.hit);
  EXPECT_NEAR(near_wall.point_ws.x, 8.0f, kTol);
}

TEST(CollisionMesh, PlatformsAreBoxes) {
  Level level = MakeLevel({{0.0f, 0.0f}, {20.0f, 0.0f}});
  level.platforms.push_back({5.0f, 8.0f, 2.5f, 0.4f, -1.0f, 1.0f});
  const CollisionMesh mesh = CollisionMesh::Build(level);
  EXPECT_NEAR(*mesh.GroundHeight(6.0f, 0.0f), 2.5f, kTol);
  EXPECT_NEAR(*mesh.GroundHeight(6.0f, 1.5f), 0.0f, kTol);  // beside it along z
  // Under the platform a character finds the ground, and an upward ray the ceiling.
  const RayHit ground = mesh.FindGround(6.0f, 1.0f, 0.0f, 5.0f);
  ASSERT_TRUE(ground.hit);
  EXPECT_NEAR(ground.point_ws.y, 0.0f, kTol);
  const RayHit ceiling = mesh.Raycast(glm::vec3(6.0f, 1.0f, 0.0f), glm::vec3(0, 1, 0), 5.0f);
  ASSERT_TRUE(ceiling.hit);
  EXPECT_NEAR(ceiling.point_ws.y, 2.1f, kTol);
  EXPECT_NEAR(ceiling.normal_ws.y, -1.0f, 1e-6f);
  // The side wall.
  WallProbe probe;
  probe.x = 4.5f;
  probe.y_bottom = 2.2f;
  probe.y_top = 3.0f;
  const RayHit wall = mesh.CastWall(probe);
  ASSERT_TRUE(wall.hit);
  EXPECT_NEAR(wall.point_ws.x, 5.0f, kTol);
  EXPECT_EQ(wall.kind, SurfaceKind::kPlatform);
}

TEST(CollisionMesh, FindGroundIgnoresSurfacesAboveTheStart) {
  Level level = MakeLevel({{0.0f, 0.0f}, {20.0f, 0.0f}});
  level.platforms.push_back({5.0f, 8.0f, 2.5f, 0.4f, -1.0f, 1.0f});
  const CollisionMesh mesh = CollisionMesh::Build(level);
  const RayHit on_top = mesh.FindGround(6.0f, 2.6f, 0.0f, 1.0f);
  ASSERT_TRUE(on_top.hit);
  EXPECT_NEAR(on_top.point_ws.y, 2.5f, kTol);
  EXPECT_FALSE(mesh.FindGround(6.0f, 2.6f, 0.0f, 0.05f).hit);  // further than max_drop
}

TEST(CollisionMesh, WallProbeIgnoresWalkableSlopesAndSeesSteps) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeSlopeAndStepsLevel());
  WallProbe probe;
  probe.x = 9.0f;  // before the 16.7 degree slope
  probe.y_bottom = 1.05f;
  probe.y_top = 1.8f;
  probe.max_distance = 3.0f;
  EXPECT_FALSE(mesh.CastWall(probe).hit);
  probe.x = 19.6f;  // before the 0.3 m step at x = 20 (ground there ~3.9)
  probe.y_bottom = 4.05f;
  probe.y_top = 5.0f;
  const RayHit step = mesh.CastWall(probe);
  ASSERT_TRUE(step.hit);
  EXPECT_NEAR(step.point_ws.x, 20.0f, kTol);
  EXPECT_EQ(step.kind, SurfaceKind::kStepFace);
  probe.ray_count = 0;
  EXPECT_FALSE(mesh.CastWall(probe).hit);
}

TEST(CollisionMesh, RocksAreConvexAndStandOnTheGround) {
  Level level = MakeLevel({{0.0f, 0.0f, 0.2f, 0.0f}, {10.0f, 2.0f, 0.2f, 0.0f}});
  level.rocks.push_back({5.0f, 0.3f, glm::vec3(0.8f, 0.3f, 0.5f), 30.0f});
  const CollisionMesh mesh = CollisionMesh::Build(level);
  std::vector<glm::vec3> rock_vertices;
  std::vector<CollisionTriangle> rock_triangles;
  for (const CollisionTriangle& tri : mesh.triangles()) {
    if (tri.kind != SurfaceKind::kRock) continue;
    rock_triangles.push_back(tri);
    rock_vertices.insert(rock_vertices.end(), {tri.v0_ws, tri.v1_ws, tri.v2_ws});
  }
  ASSERT_EQ(rock_triangles.size(), 7u * 4u);
  for (const CollisionTriangle& tri : rock_triangles) {
    for (const glm::vec3& v : rock_vertices) {
      EXPECT_LE(glm::dot(tri.normal_ws, v - tri.v0_ws), 1e-4f);  // every vertex behind every face
    }
  }
  const float ground = TerrainHeight(level.terrain, 5.0f, 0.3f);
  EXPECT_NEAR(*mesh.GroundHeight(5.0f, 0.3f), ground + 0.3f, 1e-4f);  // the cap apex
  const float beside = *mesh.GroundHeight(5.0f + 0.05f, 0.3f);
  EXPECT_GT(beside, ground + 0.05f);
}

TEST(CollisionMesh, SingleTriangleEdgesAndVertices) {
  CollisionTriangle tri;
  tri.v0_ws = glm::vec3(0, 0, 0);
  tri.v1_ws = glm::vec3(0, 0, 1);
  tri.v2_ws = glm::vec3(1, 0, 0);
  const CollisionMesh mesh = CollisionMesh::FromTriangles({tri});
  ASSERT_EQ(mesh.triangles().size(), 1u);
  EXPECT_NEAR(glm::length(mesh.triangles()[0].normal_ws), 1.0f, 1e-6f);
  for (const glm::vec3& p : {glm::vec3(0, 0, 0), glm::vec3(0, 0, 1), glm::vec3(1, 0, 0), glm::vec3(0.5f, 0, 0.5f),
                             glm::vec3(0, 0, 0.5f), glm::vec3(0.5f, 0, 0)}) {
    EXPECT_TRUE(mesh.Raycast(p + glm::vec3(0, 1, 0), kDown, 2.0f).hit) << p.x << " " << p.z;
  }
  EXPECT_FALSE(mesh.Raycast(glm::vec3(0.6f, 1.0f, 0.6f), kDown, 2.0f).hit);
  // Degenerate triangles are dropped.
  CollisionTriangle flat;
  flat.v1_ws = glm::vec3(1, 0, 0);
  flat.v2_ws = glm::vec3(2, 0, 0);
  EXPECT_TRUE(CollisionMesh::FromTriangles({flat}).triangles().empty());
}

TEST(CollisionMesh, RaycastJobFillsOneHitPerRayAndRejectsShortOutput) {
  const CollisionMesh mesh = CollisionMesh::Build(MakeSlopeAndStepsLevel());
  const RaycastJob::Ray rays[2] = {{glm::vec3(5, 5, 0), kDown, 10.0f}, {glm::vec3(5, 5, 0), glm::vec3(0, 1, 0), 10.0f}};
  RayHit hits[2];
  RaycastJob job;
  job.mesh = &mesh;
  job.rays = rays;
  job.hits = hits;
  ASSERT_TRUE(job.Run());
  EXPECT_TRUE(hits[0].hit);
  EXPECT_FALSE(hits[1].hit);
  job.hits = std::span<RayHit>(hits, 1);
  EXPECT_FALSE(job.Validate());
  EXPECT_FALSE(job.Run());
}

}  // namespace
}  // namespace knights::world
