#pragma once
// The level's collision geometry: triangles in world space (metres, Y up)
// plus a uniform grid over (x, z) for fast ray queries. Built once from a
// Level and immutable afterwards; every query is allocation-free, never
// throws and is safe to call from several threads at once.
//
// What becomes triangles (see Build):
// - the terrain: a height-field strip from z_min to z_max following the
//   profile and the cross-depth variation, split into cells of at most
//   cell_x by cell_z; no triangles over pits;
// - vertical step faces where the profile jumps at one x;
// - pit walls from the ground at each pit edge down below kill_y;
// - platform boxes (12 triangles each);
// - rocks as convex seven-sided frustums with a raised cap.
// Ladders are not collision: their rungs are data (knights/world/ladder.h).
//
// Ray/triangle test: Moller and Trumbore, "Fast, Minimum Storage
// Ray/Triangle Intersection", Journal of Graphics Tools 2(1), 1997, two-sided,
// evaluated in double precision with a tiny barycentric tolerance so that a
// ray through a shared edge or vertex hits one of the triangles that meet
// there (neighbours share bit-identical vertices).
// Grid traversal: Amanatides and Woo, "A Fast Voxel Traversal Algorithm for
// Ray Tracing", Eurographics 1987, in 2D over (x, z), with each cell's y range
// used to skip cells the ray passes above or below.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "knights/world/level.h"

namespace knights::world {

// What a triangle belongs to (for the renderer's colours and for gameplay).
enum class SurfaceKind : uint8_t { kTerrain, kStepFace, kPitWall, kPlatform, kRock };

struct CollisionTriangle {
  glm::vec3 v0_ws{0.0f};
  glm::vec3 v1_ws{0.0f};
  glm::vec3 v2_ws{0.0f};
  glm::vec3 normal_ws{0.0f, 1.0f, 0.0f};  // unit, outward: (v1-v0) x (v2-v0) normalised
  SurfaceKind kind = SurfaceKind::kTerrain;
};

// Which triangles a ray may hit, by the y component of their outward unit
// normal (before it is turned to face the ray): ground is ny > 0, walls
// |ny| small, ceilings ny < 0.
struct RayFilter {
  float min_normal_y = -1.0f;
  float max_normal_y = 1.0f;
};

struct RayHit {
  bool hit = false;
  float distance = 0.0f;                  // metres along the normalised ray direction
  glm::vec3 point_ws{0.0f};               // origin + direction * distance
  glm::vec3 normal_ws{0.0f, 1.0f, 0.0f};  // unit, facing the ray (dot with the direction <= 0)
  int triangle = -1;                      // index into CollisionMesh::triangles()
  SurfaceKind kind = SurfaceKind::kTerrain;
};

// A horizontal wall probe along the play plane: ray_count rays along
// direction_x * +x from heights spread evenly over [y_bottom, y_top].
struct WallProbe {
  float x = 0.0f;             // world x of the rays' origins, metres
  float z = 0.0f;             // world z of the rays' origins, metres
  float y_bottom = 0.1f;      // lowest ray, world y, metres
  float y_top = 1.6f;         // highest ray, world y, metres
  int ray_count = 3;          // >= 1; a single ray is cast at y_bottom
  float direction_x = 1.0f;   // +1 or -1
  float max_distance = 1.0f;  // metres
  float max_abs_normal_y =
      0.5f;  // surfaces with |ny| above this are floors/ceilings, not walls (0.5 = steeper than 60 deg)
};

// The terrain's rows across depth, world z in metres, ascending: z_min, the
// play plane z = 0 (so that the ground on the play plane is the profile
// itself, whatever cell_z is), z_max, and even splits between them at most
// cell_z apart. Requires z_min < 0 < z_max.
void TerrainRowsZ(const Terrain& terrain, std::vector<float>* rows_z);

// How many collision cells the terrain makes: rows across depth times
// columns (each segment between points cut into pieces at most cell_x long),
// pits not subtracted. The loader caps it.
double TerrainCellCount(const Terrain& terrain);

class CollisionMesh {
 public:
  struct BuildOptions {
    // Size of one acceleration cell in x and z, metres. 0.25 m keeps about
    // ten triangles per cell on a terrain of 0.25 x 0.2 m cells.
    float grid_cell = 0.25f;
  };

  CollisionMesh() = default;

  // Triangles of a validated level (see the header comment).
  static CollisionMesh Build(const Level& level, const BuildOptions& options);
  static CollisionMesh Build(const Level& level) { return Build(level, BuildOptions{}); }
  // Any triangle soup (tests, tools). Degenerate triangles are dropped.
  static CollisionMesh FromTriangles(const std::vector<CollisionTriangle>& triangles, const BuildOptions& options);
  static CollisionMesh FromTriangles(const std::vector<CollisionTriangle>& triangles) {
    return FromTriangles(triangles, BuildOptions{});
  }

  std::span<const CollisionTriangle> triangles() const { return triangles_; }
  const glm::vec3& bounds_min_ws() const { return bounds_min_ws_; }
  const glm::vec3& bounds_max_ws() const { return bounds_max_ws_; }

  // The nearest hit of the ray origin_ws + t * normalize(dir_ws), 0 <= t <= max_distance.
  // A zero or non-finite direction, or a non-positive max_distance, misses.
  RayHit Raycast(const glm::vec3& origin_ws, const glm::vec3& dir_ws, float max_distance,
                 const RayFilter& filter = {}) const;

  // The nearest hit on the segment from a_ws to b_ws.
  RayHit SegmentCast(const glm::vec3& a_ws, const glm::vec3& b_ws, const RayFilter& filter = {}) const;

  // The highest upward-facing surface at (x, z): a ray down from above
  // everything. Empty over pits and outside the level.
  std::optional<float> GroundHeight(float x, float z) const;

  // The first upward-facing surface at or below y_from within max_drop
  // metres (what a character standing at y_from would land on).
  RayHit FindGround(float x, float y_from, float z, float max_drop) const;

  // The nearest wall hit of a WallProbe (see WallProbe). A probe with
  // ray_count < 1 or a zero direction misses.
  RayHit CastWall(const WallProbe& probe) const;

 private:
  // A ray's walk through the grid's cells (Amanatides and Woo): the cell,
  // the step direction, and the ray parameter at the next x and z cell
  // boundary and between boundaries.
  struct GridWalk {
    int ix = 0, iz = 0, step_x = 1, step_z = 1;
    double t_max_x = 0.0, t_delta_x = 0.0, t_max_z = 0.0, t_delta_z = 0.0;
  };
  bool ClipToGrid(const glm::dvec3& o, const glm::dvec3& d, double* t_enter, double* t_exit) const;
  GridWalk StartWalk(const glm::dvec3& o, const glm::dvec3& d, double t_enter) const;
  void TestCell(size_t c, const glm::dvec3& o, const glm::dvec3& d, const RayFilter& filter, double* best_t,
                int* best_triangle) const;
  void ChooseGrid(const BuildOptions& options);
  void CellRange(const CollisionTriangle& tri, int* ix0, int* ix1, int* iz0, int* iz1) const;
  void FillCells();
  // The hit of the unit-direction ray origin_ws + t dir_ws on `triangle`,
  // its normal turned to face the ray.
  RayHit HitOn(int triangle, const glm::dvec3& origin_ws, const glm::dvec3& dir_ws, double t) const;
  // Raycast's path for a ray straight up or down (dy = +-1).
  RayHit RaycastVertical(const glm::dvec3& origin_ws, double dy, float max_distance, const RayFilter& filter) const;

  std::vector<CollisionTriangle> triangles_;
  glm::vec3 bounds_min_ws_{0.0f};
  glm::vec3 bounds_max_ws_{0.0f};

  // Uniform grid over (x, z): cell (ix, iz) is cell_start_[iz * nx_ + ix]
  // .. cell_start_[... + 1] in cell_triangles_ (compressed rows).
  float grid_x0_ = 0.0f;
  float grid_z0_ = 0.0f;
  float cell_size_ = 0.25f;
  int nx_ = 0;
  int nz_ = 0;
  std::vector<uint32_t> cell_start_;
  // A copy of each triangle for every cell it touches, stored cell by cell so
  // that one cell's triangles are read from consecutive memory.
  struct CellTriangle {
    glm::vec3 v0_ws, v1_ws, v2_ws;
    float normal_y;   // the outward normal's y, for RayFilter
    uint32_t index;   // into triangles_
    uint32_t unused;  // pads the entry to 48 bytes
  };
  std::vector<CellTriangle> cell_triangles_;
  std::vector<float> cell_y_min_;  // lowest y of any triangle listed in the cell
  std::vector<float> cell_y_max_;
};

// Casts a batch of rays (job-shaped, for the foot IK and benchmarks).
struct RaycastJob {
  struct Ray {
    glm::vec3 origin_ws{0.0f};
    glm::vec3 dir_ws{0.0f, -1.0f, 0.0f};
    float max_distance = 1.0f;
  };
  const CollisionMesh* mesh = nullptr;
  std::span<const Ray> rays;
  std::span<RayHit> hits;  // output, one per ray (same size as rays)
  RayFilter filter;

  bool Validate() const { return mesh != nullptr && hits.size() >= rays.size(); }
  bool Run() const;
};

}  // namespace knights::world
