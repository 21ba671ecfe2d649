// CollisionMesh, part two: building the triangles of a level (terrain
// strips with tilt and bump, walls, pit walls, platforms, rocks). Part one
// (collision_mesh.cpp) builds the grid over them and casts rays.

#include "knights/world/collision_mesh.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "knights/math/angles.h"

namespace knights::world {
namespace {

constexpr float kTwoPi = 6.28318530717958647692f;
using math::kDegToRad;
// Pit walls go this far below kill_y, so nothing is seen under them.
constexpr float kPitWallBelowKill = 1.0f;
// Rocks sink this far below the lowest ground under their base.
constexpr float kRockSink = 0.05f;
constexpr int kRockSides = 7;

// Height of a terrain vertex from one profile point's values. Every vertex
// of the mesh goes through this one function with the same arguments where
// strips meet, so shared vertices are bit-identical (no cracks).
float VertexHeight(float y, float tilt, float bump, float wavelength, float z) {
  float h = y + tilt * z;
  if (bump != 0.0f && wavelength > 0.0f) h += bump * std::sin(kTwoPi * z / wavelength);
  return h;
}

// Linear blend that returns the end values exactly at s = 0 and s = 1.
float Mix(float a, float b, float s) {
  if (s <= 0.0f) return a;
  if (s >= 1.0f) return b;
  return a + (b - a) * s;
}

class MeshBuilder {
 public:
  explicit MeshBuilder(std::vector<CollisionTriangle>* out) : out_(out) {}

  // One triangle whose normal is turned to agree with want_normal.
  void AddTriangle(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& want_normal,
                   SurfaceKind kind) {
    const glm::dvec3 da(a), db(b), dc(c);
    glm::dvec3 n = glm::cross(db - da, dc - da);
    const double len = glm::length(n);
    if (!(len > 1e-12)) return;  // degenerate: never hit, drop it
    n /= len;
    CollisionTriangle tri;
    tri.kind = kind;
    if (glm::dot(n, glm::dvec3(want_normal)) >= 0.0) {
      tri.v0_ws = a;
      tri.v1_ws = b;
      tri.v2_ws = c;
      tri.normal_ws = glm::vec3(n);
    } else {
      tri.v0_ws = a;
      tri.v1_ws = c;
      tri.v2_ws = b;
      tri.normal_ws = glm::vec3(-n);
    }
    out_->push_back(tri);
  }

  // Quad a-b-c-d (in order around its edge) as two triangles.
  void AddQuad(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d,
               const glm::vec3& want_normal, SurfaceKind kind) {
    AddTriangle(a, b, c, want_normal, kind);
    AddTriangle(a, c, d, want_normal, kind);
  }

 private:
  std::vector<CollisionTriangle>* out_;
};

// Heights along one column x of a terrain segment, for every z row.
void ColumnHeights(const Terrain& terrain, const TerrainPoint& a, const TerrainPoint& b, float s,
                   const std::vector<float>& z_rows, std::vector<float>* heights) {
  heights->resize(z_rows.size());
  const float y = Mix(a.y, b.y, s);
  const float tilt = Mix(a.tilt_z, b.tilt_z, s);
  const float bump = Mix(a.bump_z, b.bump_z, s);
  for (size_t j = 0; j < z_rows.size(); ++j) {
    (*heights)[j] = VertexHeight(y, tilt, bump, terrain.bump_wavelength_z, z_rows[j]);
  }
}

// A vertical wall at x between two height rows (top and bottom per z row).
void AddWallStrip(MeshBuilder* builder, float x, const std::vector<float>& z_rows, const std::vector<float>& top,
                  const std::vector<float>& bottom, float normal_x, SurfaceKind kind) {
  for (size_t j = 0; j + 1 < z_rows.size(); ++j) {
    const glm::vec3 a(x, bottom[j], z_rows[j]);
    const glm::vec3 b(x, bottom[j + 1], z_rows[j + 1]);
    const glm::vec3 c(x, top[j + 1], z_rows[j + 1]);
    const glm::vec3 d(x, top[j], z_rows[j]);
    builder->AddQuad(a, b, c, d, glm::vec3(normal_x, 0.0f, 0.0f), kind);
  }
}

// Pieces of at most `cell` metres that cut a span of `length` metres.
int PieceCount(float length, float cell) {
  return std::max(1, static_cast<int>(std::ceil(length / std::max(cell, 1e-3f) - 1e-4f)));
}

// Rows from z0 to z1 at most `cell` apart, z0 included, z1 not.
void AppendRows(float z0, float z1, float cell, std::vector<float>* rows_z) {
  const int n = PieceCount(z1 - z0, cell);
  for (int j = 0; j < n; ++j) rows_z->push_back(z0 + (z1 - z0) * static_cast<float>(j) / static_cast<float>(n));
}

void BuildTerrain(const Level& level, MeshBuilder* builder) {
  const Terrain& terrain = level.terrain;
  const auto& pts = terrain.points;
  if (pts.size() < 2) return;

  // 1. Rows across depth.
  std::vector<float> z_rows;
  TerrainRowsZ(terrain, &z_rows);

  std::vector<float> left_heights, right_heights, floor_heights(z_rows.size(), level.kill_y - kPitWallBelowKill);
  std::vector<float> breaks;

  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const TerrainPoint& a = pts[i];
    const TerrainPoint& b = pts[i + 1];

    // 2. A vertical step: one wall facing the lower side.
    if (b.x == a.x) {
      if (InPit(level, a.x)) continue;
      ColumnHeights(terrain, a, a, 0.0f, z_rows, &left_heights);
      ColumnHeights(terrain, b, b, 0.0f, z_rows, &right_heights);
      const bool up = b.y > a.y;
      AddWallStrip(builder, a.x, z_rows, up ? right_heights : left_heights, up ? left_heights : right_heights,
                   up ? -1.0f : 1.0f, SurfaceKind::kStepFace);
      continue;
    }

    // 3. A slope: split at pit edges, skip the pieces inside pits, and cut
    //    the rest into columns at most cell_x wide.
    breaks.clear();
    breaks.push_back(a.x);
    for (const Pit& pit : level.pits) {
      if (pit.x0 > a.x && pit.x0 < b.x) breaks.push_back(pit.x0);
      if (pit.x1 > a.x && pit.x1 < b.x) breaks.push_back(pit.x1);
    }
    breaks.push_back(b.x);
    std::sort(breaks.begin(), breaks.end());

    const float seg_dx = b.x - a.x;
    for (size_t k = 0; k + 1 < breaks.size(); ++k) {
      const float u0 = breaks[k];
      const float u1 = breaks[k + 1];
      if (!(u1 > u0)) continue;
      if (InPit(level, 0.5f * (u0 + u1))) continue;
      const int nx = PieceCount(u1 - u0, terrain.cell_x);
      float x_prev = u0;
      ColumnHeights(terrain, a, b, u0 == a.x ? 0.0f : (u0 - a.x) / seg_dx, z_rows, &left_heights);
      // Pit wall at a piece that starts at a pit's right edge (faces -x, into the pit).
      for (const Pit& pit : level.pits) {
        if (pit.x1 == u0) AddWallStrip(builder, u0, z_rows, left_heights, floor_heights, -1.0f, SurfaceKind::kPitWall);
      }
      for (int c = 1; c <= nx; ++c) {
        const float x = c == nx ? u1 : u0 + (u1 - u0) * static_cast<float>(c) / static_cast<float>(nx);
        const float s = x == b.x ? 1.0f : (x - a.x) / seg_dx;
        ColumnHeights(terrain, a, b, s, z_rows, &right_heights);
        for (size_t j = 0; j + 1 < z_rows.size(); ++j) {
          const glm::vec3 p00(x_prev, left_heights[j], z_rows[j]);
          const glm::vec3 p01(x_prev, left_heights[j + 1], z_rows[j + 1]);
          const glm::vec3 p10(x, right_heights[j], z_rows[j]);
          const glm::vec3 p11(x, right_heights[j + 1], z_rows[j + 1]);
          const glm::vec3 up(0.0f, 1.0f, 0.0f);
          builder->AddTriangle(p00, p01, p11, up, SurfaceKind::kTerrain);
          builder->AddTriangle(p00, p11, p10, up, SurfaceKind::kTerrain);
        }
        x_prev = x;
        std::swap(left_heights, right_heights);
      }
      // Pit wall at a piece that ends at a pit's left edge (faces +x, into the pit).
      for (const Pit& pit : level.pits) {
        if (pit.x0 == u1) AddWallStrip(builder, u1, z_rows, left_heights, floor_heights, 1.0f, SurfaceKind::kPitWall);
      }
    }
  }
}

void BuildPlatform(const Platform& p, MeshBuilder* builder) {
  const float y0 = p.top_y - p.thickness;
  const float y1 = p.top_y;
  // Corners: c[xi][yi][zi].
  auto c = [&](int xi, int yi, int zi) { return glm::vec3(xi ? p.x1 : p.x0, yi ? y1 : y0, zi ? p.z1 : p.z0); };
  const SurfaceKind k = SurfaceKind::kPlatform;
  builder->AddQuad(c(0, 1, 0), c(0, 1, 1), c(1, 1, 1), c(1, 1, 0), glm::vec3(0, 1, 0), k);   // top
  builder->AddQuad(c(0, 0, 0), c(1, 0, 0), c(1, 0, 1), c(0, 0, 1), glm::vec3(0, -1, 0), k);  // bottom
  builder->AddQuad(c(0, 0, 0), c(0, 0, 1), c(0, 1, 1), c(0, 1, 0), glm::vec3(-1, 0, 0), k);  // -x side
  builder->AddQuad(c(1, 0, 0), c(1, 1, 0), c(1, 1, 1), c(1, 0, 1), glm::vec3(1, 0, 0), k);   // +x side
  builder->AddQuad(c(0, 0, 0), c(0, 1, 0), c(1, 1, 0), c(1, 0, 0), glm::vec3(0, 0, -1), k);  // back
  builder->AddQuad(c(0, 0, 1), c(1, 0, 1), c(1, 1, 1), c(0, 1, 1), glm::vec3(0, 0, 1), k);   // front
}

// A convex rock: a base polygon on the ellipse (size.x/2, size.z/2) rotated
// by yaw, a top ring scaled by kTop at 0.75 of the height, and a cap vertex at
// the full height. The top ring is a homothety of the base about a point
// above the cap, so the side faces are planar and the solid is convex.
void BuildRock(const Terrain& terrain, const Rock& rock, MeshBuilder* builder) {
  constexpr float kTop = 0.55f;
  const float yaw = rock.yaw_deg * kDegToRad;
  const float cy = std::cos(yaw), sy = std::sin(yaw);
  glm::vec3 base[kRockSides];
  float ground_min = TerrainHeight(terrain, rock.x, rock.z);
  const float ground_centre = ground_min;
  for (int k = 0; k < kRockSides; ++k) {
    const float phi = kTwoPi * static_cast<float>(k) / static_cast<float>(kRockSides);
    const float lx = 0.5f * rock.size.x * std::cos(phi);
    const float lz = 0.5f * rock.size.z * std::sin(phi);
    // Rotation about +y: x' = x cos + z sin, z' = -x sin + z cos.
    base[k] = glm::vec3(rock.x + lx * cy + lz * sy, 0.0f, rock.z - lx * sy + lz * cy);
    ground_min = std::min(ground_min, TerrainHeight(terrain, base[k].x, base[k].z));
  }
  const float y_base = ground_min - kRockSink;
  const float y_ring = ground_centre + 0.75f * rock.size.y;
  const glm::vec3 centre_base(rock.x, y_base, rock.z);
  const glm::vec3 apex(rock.x, ground_centre + rock.size.y, rock.z);
  glm::vec3 top[kRockSides];
  for (int k = 0; k < kRockSides; ++k) {
    base[k].y = y_base;
    top[k] = glm::vec3(rock.x + kTop * (base[k].x - rock.x), y_ring, rock.z + kTop * (base[k].z - rock.z));
  }
  const glm::vec3 centre_ring(rock.x, y_ring, rock.z);
  for (int k = 0; k < kRockSides; ++k) {
    const int n = (k + 1) % kRockSides;
    // Outward: away from the rock's axis.
    const glm::vec3 mid_side = 0.25f * (base[k] + base[n] + top[k] + top[n]);
    const glm::vec3 side_out = mid_side - glm::vec3(rock.x, mid_side.y, rock.z);
    builder->AddQuad(base[k], base[n], top[n], top[k], side_out, SurfaceKind::kRock);
    // Cap: fan to the apex, outward = away from the ring's centre, upwards.
    const glm::vec3 cap_mid = (top[k] + top[n] + apex) / 3.0f;
    builder->AddTriangle(top[k], top[n], apex, cap_mid - centre_ring, SurfaceKind::kRock);
    builder->AddTriangle(base[k], base[n], centre_base, glm::vec3(0, -1, 0), SurfaceKind::kRock);
  }
}

}  // namespace

void TerrainRowsZ(const Terrain& terrain, std::vector<float>* rows_z) {
  rows_z->clear();
  AppendRows(terrain.z_min, 0.0f, terrain.cell_z, rows_z);
  AppendRows(0.0f, terrain.z_max, terrain.cell_z, rows_z);
  rows_z->push_back(terrain.z_max);
}

double TerrainCellCount(const Terrain& terrain) {
  const double rows = PieceCount(-terrain.z_min, terrain.cell_z) + PieceCount(terrain.z_max, terrain.cell_z);
  double columns = 0.0;
  for (size_t i = 0; i + 1 < terrain.points.size(); ++i) {
    const float dx = terrain.points[i + 1].x - terrain.points[i].x;
    if (dx > 0.0f) columns += PieceCount(dx, terrain.cell_x);
  }
  return rows * columns;
}

CollisionMesh CollisionMesh::Build(const Level& level, const BuildOptions& options) {
  std::vector<CollisionTriangle> triangles;
  MeshBuilder builder(&triangles);
  BuildTerrain(level, &builder);
  for (const Platform& platform : level.platforms) BuildPlatform(platform, &builder);
  for (const Rock& rock : level.rocks) BuildRock(level.terrain, rock, &builder);
  return FromTriangles(triangles, options);
}

}  // namespace knights::world
