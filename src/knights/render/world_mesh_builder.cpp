#include "knights/render/world_mesh_builder.h"

#include <limits>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "knights/render/castle_scenery.h"
#include "knights/render/moving_scenery.h"
#include "knights/render/palette.h"
#include "knights/render/rock_face.h"
#include "knights/render/static_shapes.h"

namespace knights::render {
namespace {

using namespace palette;  // NOLINT(google-build-using-namespace): the scenery's colours

constexpr float kTwoPi = 6.2831853f;
// The grass on the front face: a lip this deep below the front edge, metres.
constexpr float kGrassLipM = 0.12f;
// How far behind the strip the meadow reaches (world z), metres.
constexpr float kMeadowBackZ = -38.0f;
// How far behind the strip a paved courtyard reaches, to the foot of the
// curtain wall (background_builder.cpp), world z, metres.
constexpr float kCourtyardBackZ = -56.0f;
constexpr float kPlantCrownM = 2.5f;
constexpr float kTorchFlameM = 1.5f;  // a torch's flame above its foot, metres (times its scale)  // a meadow tree's
                                      // crown reaches this far from its trunk, metres

// The terrain's height along its front or back edge (z fixed), exactly as
// the collision mesh computes it: linear in x between profile points a, b.
float EdgeHeight(const world::Terrain& terrain, const world::TerrainPoint& a, const world::TerrainPoint& b, float s,
                 float z) {
  const float y = a.y + (b.y - a.y) * s;
  const float tilt = a.tilt_z + (b.tilt_z - a.tilt_z) * s;
  const float bump = a.bump_z + (b.bump_z - a.bump_z) * s;
  float h = y + tilt * z;
  if (bump != 0.0f && terrain.bump_wavelength_z > 0.0f) h += bump * std::sin(kTwoPi * z / terrain.bump_wavelength_z);
  return h;
}

bool InAnyPit(const world::Level& level, float x) { return world::InPit(level, x); }

// Calls f(x0, y0, x1, y1) for each piece of the terrain's edge at depth z,
// skipping the pits; pieces are at most `step` long.
template <typename F>
void ForEachEdgePiece(const world::Level& level, float z, float step, F&& f) {
  const auto& pts = level.terrain.points;
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const world::TerrainPoint& a = pts[i];
    const world::TerrainPoint& b = pts[i + 1];
    if (!(b.x > a.x)) continue;
    std::vector<float> breaks = {a.x, b.x};
    for (const world::Pit& pit : level.pits) {
      if (pit.x0 > a.x && pit.x0 < b.x) breaks.push_back(pit.x0);
      if (pit.x1 > a.x && pit.x1 < b.x) breaks.push_back(pit.x1);
    }
    std::sort(breaks.begin(), breaks.end());
    for (size_t k = 0; k + 1 < breaks.size(); ++k) {
      const float u0 = breaks[k], u1 = breaks[k + 1];
      if (!(u1 > u0) || InAnyPit(level, 0.5f * (u0 + u1))) continue;
      const int n = std::max(1, static_cast<int>(std::ceil((u1 - u0) / step)));
      for (int c = 0; c < n; ++c) {
        const float x0 = u0 + (u1 - u0) * c / n;
        const float x1 = c + 1 == n ? u1 : u0 + (u1 - u0) * (c + 1) / n;
        f(x0, EdgeHeight(level.terrain, a, b, (x0 - a.x) / (b.x - a.x), z), x1,
          EdgeHeight(level.terrain, a, b, (x1 - a.x) / (b.x - a.x), z));
      }
    }
  }
}

// The profile smoothed by a box filter of half width `radius` (for the
// meadow far behind the strip, which should not copy every step).
float SmoothProfile(const world::Terrain& terrain, float x, float radius) {
  constexpr int kTaps = 9;
  float sum = 0.0f;
  for (int i = 0; i < kTaps; ++i) sum += world::ProfileHeight(terrain, x - radius + 2.0f * radius * i / (kTaps - 1));
  return sum / kTaps;
}

// A collision triangle's colour and material: grass, rock cliffs and stone
// platforms over a meadow; flagstones, masonry and wooden decks over paving.
struct SurfaceLook {
  glm::vec3 color;
  StaticMaterial material;
};
SurfaceLook LookOf(const world::CollisionTriangle& t, bool paving) {
  switch (t.kind) {
    case world::SurfaceKind::kTerrain: {
      const float up = t.normal_ws.y;
      if (up <= 0.6f)
        return paving ? SurfaceLook{kStone * 0.8f, StaticMaterial::kStone}
                      : SurfaceLook{kEarth, StaticMaterial::kEarth};
      if (paving) return {kPaving, StaticMaterial::kFlagstone};
      return {glm::mix(kDryGrass, kGrass, glm::clamp((up - 0.6f) / 0.3f, 0.0f, 1.0f)), StaticMaterial::kGrass};
    }
    case world::SurfaceKind::kStepFace:
      return paving ? SurfaceLook{kStone * 0.85f, StaticMaterial::kStone}
                    : SurfaceLook{kCliffRock, StaticMaterial::kRock};
    case world::SurfaceKind::kPitWall:
      return paving ? SurfaceLook{kStone * 0.5f, StaticMaterial::kStone}
                    : SurfaceLook{kCliffRock * 0.7f, StaticMaterial::kRock};
    case world::SurfaceKind::kPlatform:
      if (paving) return {t.normal_ws.y > 0.7f ? kPlanks : kPlanks * 0.6f, StaticMaterial::kWood};
      return {t.normal_ws.y > 0.7f ? kStone : kStone * 0.8f, StaticMaterial::kStone};
    case world::SurfaceKind::kRock:
      return {kRock, StaticMaterial::kRock};
  }
  return {kEarth, StaticMaterial::kEarth};
}

// 1. Collision surfaces with materials; terrain normals averaged per vertex.
void AppendCollisionSurfaces(const world::World& world, bool paving, std::vector<StaticVertex>& out) {
  const auto triangles = world.collision().triangles();
  auto key = [](const glm::vec3& p) {
    const auto q = [](float v) { return static_cast<int64_t>(std::lround(v * 1000.0f)) & 0x1FFFFF; };
    return (q(p.x) << 42) | (q(p.y) << 21) | q(p.z);
  };
  std::unordered_map<int64_t, glm::vec3> smooth;
  smooth.reserve(triangles.size());
  for (const world::CollisionTriangle& t : triangles) {
    if (t.kind != world::SurfaceKind::kTerrain) continue;
    for (const glm::vec3& v : {t.v0_ws, t.v1_ws, t.v2_ws}) smooth[key(v)] += t.normal_ws;
  }
  for (const world::CollisionTriangle& t : triangles) {
    const SurfaceLook look = LookOf(t, paving);
    const glm::vec3 v[3] = {t.v0_ws, t.v1_ws, t.v2_ws};
    for (const glm::vec3& p : v) {
      glm::vec3 n = t.normal_ws;
      if (t.kind == world::SurfaceKind::kTerrain) {
        const auto it = smooth.find(key(p));
        if (it != smooth.end() && glm::dot(it->second, it->second) > 1e-12f) n = glm::normalize(it->second);
      }
      AppendVertex(out, p, n, look.color, look.material);
    }
  }
}

// Where the front face meets another surface: the profile's vertical steps,
// the pits' walls and the level's two ends (world x).
std::vector<float> FrontFaceSeams(const world::Level& level) {
  const auto& pts = level.terrain.points;
  std::vector<float> seams = {world::TerrainMinX(level.terrain), world::TerrainMaxX(level.terrain)};
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    if (!(pts[i + 1].x > pts[i].x)) seams.push_back(pts[i].x);
  }
  for (const world::Pit& pit : level.pits) seams.insert(seams.end(), {pit.x0, pit.x1});
  return seams;
}

// 2. The front face of the ground, from the front edge down to the floor:
// a grass lip, a band of soil, then rock (knights/render/rock_face.h), or under
// paving a coping course and masonry; pits get a back wall and a floor.
void AppendGroundCut(const world::Level& level, std::vector<StaticVertex>& out, float floor_y) {
  const world::Terrain& terrain = level.terrain;
  const bool paving = level.mood.ground == world::GroundMood::kPaving;
  const glm::vec3 front(0.0f, 0.0f, 1.0f);
  const std::vector<float> seams = FrontFaceSeams(level);
  const RockFaceDesc face{.z_ws = terrain.z_max, .floor_y_ws = floor_y, .seams_x = seams};
  ForEachEdgePiece(level, terrain.z_max, 1.0f, [&](float x0, float y0, float x1, float y1) {
    const float z = terrain.z_max;
    if (paving) {
      AppendMasonryFacePiece(z, 1.0f, floor_y, x0, y0, x1, y1, out);
      return;
    }
    // Grass lip.
    const glm::vec3 a(x0, y0 - kGrassLipM, z), b(x1, y1 - kGrassLipM, z), c(x1, y1, z), d(x0, y0, z);
    AppendVertex(out, a, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, b, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, c, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, a, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, c, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendVertex(out, d, front, kGrass * 0.7f, StaticMaterial::kGrass);
    AppendRockFacePiece(face, x0, a.y, x1, b.y, out);
  });
  // Pits: a back wall at z_min and a floor, so a pit reads as a chasm.
  const SurfaceLook wall = paving ? SurfaceLook{kStone * 0.4f, StaticMaterial::kStone}
                                  : SurfaceLook{kCliffRock * 0.45f, StaticMaterial::kRock};
  for (const world::Pit& pit : level.pits) {
    const float z = terrain.z_min;
    const float h0 = world::TerrainHeight(terrain, pit.x0 - 0.01f, z);
    const float h1 = world::TerrainHeight(terrain, pit.x1 + 0.01f, z);
    AppendQuad(out, {pit.x0, floor_y, z}, {pit.x1, floor_y, z}, {pit.x1, h1, z}, {pit.x0, h0, z}, wall.color,
               wall.material);
    AppendQuad(out, {pit.x0, floor_y, terrain.z_max}, {pit.x1, floor_y, terrain.z_max}, {pit.x1, floor_y, z},
               {pit.x0, floor_y, z}, kEarth * 0.2f, StaticMaterial::kEarth);
  }
}

// The valley beyond one end of the strip: from the cliff's foot (x_edge,
// floor_y) out kValleyM metres in direction `dir` (-1 at the start), over
// the depths [z_back, z_front]; it rolls and climbs back up towards the
// horizon, so that from the ending's camera it reads as country below the
// plateau, not as one flat sheet washed pale by the haze.
struct ValleyField {
  float x_edge, dir, floor_y, rim_y;
  static constexpr float kValleyM = 80.0f;
  float Height(float x, float z) const {
    const float out_m = (x - x_edge) * dir;
    const float t = glm::clamp(out_m / kValleyM, 0.0f, 1.0f);
    const float climb = 0.75f * (rim_y - floor_y) * t * t * (3.0f - 2.0f * t);
    const float roll = 1.1f * std::sin(out_m * 0.13f + z * 0.21f) + 0.6f * std::sin(out_m * 0.047f - z * 0.09f + 1.7f);
    return floor_y + climb + roll * glm::clamp(out_m / 12.0f, 0.0f, 1.0f);
  }
  glm::vec3 Normal(float x, float z) const {
    constexpr float kStepM = 0.5f;
    return glm::normalize(glm::vec3(Height(x - kStepM, z) - Height(x + kStepM, z), 2.0f * kStepM,
                                    Height(x, z - kStepM) - Height(x, z + kStepM)));
  }
};

void AppendValley(const ValleyField& field, float z_back, float z_front, float z_trees_max,
                  std::vector<StaticVertex>& out) {
  constexpr int kCellsX = 24, kCellsZ = 12;
  auto vertex = [&](int i, int j) {
    // The first column starts inside the cliff, so no crack opens between
    // the cliff face and the valley's edge.
    const float x =
        field.x_edge + field.dir * (i == 0 ? -1.0f : ValleyField::kValleyM * static_cast<float>(i) / kCellsX);
    const float z = z_back + (z_front - z_back) * static_cast<float>(j) / kCellsZ;
    // The plateau's grass, a little darker and patchy.
    const float shade = 0.8f + 0.1f * std::sin(x * 0.31f + z * 0.17f) + 0.1f * HashToUnit(i * 97 + j);
    AppendVertex(out, {x, field.Height(x, z), z}, field.Normal(x, z), glm::mix(kDryGrass, kGrass, 0.7f) * shade,
                 StaticMaterial::kGrass);
  };
  for (int i = 0; i < kCellsX; ++i) {
    // Counter-clockwise seen from above whichever way the valley runs.
    const int a = field.dir > 0.0f ? i : i + 1, b = field.dir > 0.0f ? i + 1 : i;
    for (int j = 0; j < kCellsZ; ++j) {
      vertex(a, j), vertex(a, j + 1), vertex(b, j + 1);
      vertex(a, j), vertex(b, j + 1), vertex(b, j);
    }
  }
  // Pines behind the play strip's depth (z_trees_max), never between it
  // and the camera.
  for (int k = 0; k < 14; ++k) {
    const int seed = (field.dir > 0.0f ? 9000 : 9500) + k * 5;
    const float x = field.x_edge + field.dir * (8.0f + 68.0f * HashToUnit(seed));
    const float z = z_back + 6.0f + (z_trees_max - z_back - 6.0f) * HashToUnit(seed + 1);
    AppendTree(out, {x, field.Height(x, z) - 0.1f, z}, 1.0f + 0.9f * HashToUnit(seed + 2), HashToUnit(seed + 3));
  }
}

// 2b. Each end of the strip: a cliff of earth from its surface down to the
// floor, and a valley beyond it out to where the meadow ends, from the
// meadow's back to in front of the camera, so the strip reads as a
// plateau and no pale void shows beside its first and last metres.
void AppendLevelEnds(const world::Level& level, std::vector<StaticVertex>& out, float floor_y) {
  const world::Terrain& terrain = level.terrain;
  const bool paving = level.mood.ground == world::GroundMood::kPaving;
  const SurfaceLook face = paving ? SurfaceLook{kStone * 0.7f, StaticMaterial::kStone}
                                  : SurfaceLook{kCliffRock * 0.8f, StaticMaterial::kRock};
  constexpr int kSlices = 8;  // the surface's tilt and bump across depth
  constexpr float kValleyDropM = 4.5f;
  const float x_lo = world::TerrainMinX(terrain), x_hi = world::TerrainMaxX(terrain);
  for (const float x : {x_lo, x_hi}) {
    const bool start = x == x_lo;
    for (int i = 0; i < kSlices; ++i) {
      const float z0 = terrain.z_min + (terrain.z_max - terrain.z_min) * static_cast<float>(i) / kSlices;
      const float z1 = terrain.z_min + (terrain.z_max - terrain.z_min) * static_cast<float>(i + 1) / kSlices;
      const glm::vec3 low0(x, floor_y, z0), low1(x, floor_y, z1);
      const glm::vec3 top0(x, world::TerrainHeight(terrain, x, z0), z0);
      const glm::vec3 top1(x, world::TerrainHeight(terrain, x, z1), z1);
      // Wound so that the face looks out of the strip (-x at its start).
      if (start) {
        AppendQuad(out, low0, low1, top1, top0, face.color, face.material);
      } else {
        AppendQuad(out, low1, low0, top0, top1, face.color, face.material);
      }
    }
    // The valley lies kValleyDropM under the rim (its cliff face goes on
    // down to the floor under it, out of sight): deeper, its ground is far
    // enough from the camera that the haze turns it pale.
    const float rim_y = world::TerrainHeight(terrain, x, 0.0f);
    if (paving) continue;  // the courtyard's floor lies beyond the ends (AppendCourtyard)
    const float valley_y = std::max(floor_y, rim_y - kValleyDropM);
    AppendValley({x, start ? -1.0f : 1.0f, valley_y, rim_y}, kMeadowBackZ, terrain.z_max + 14.0f, terrain.z_min - 3.0f,
                 out);
  }
}

// The meadow's height field: rows at fixed depths behind the strip, a
// height that starts exactly at the strip's back edge and relaxes, with
// distance, to a smoothed profile that rolls gently.
struct MeadowField {
  const world::Terrain& terrain;
  std::array<float, 9> z_rows;  // world z of each row, front (the strip's back edge) to back
  explicit MeadowField(const world::Terrain& t)
      : terrain(t), z_rows{t.z_min, t.z_min - 0.6f, t.z_min - 1.5f, t.z_min - 3.0f, t.z_min - 5.5f,
                           -14.0f,  -20.0f,         -28.0f,         kMeadowBackZ} {}
  // Height at (x, z) of a column whose front edge is at edge_y.
  float Height(float x, float z, float edge_y) const {
    const float t = glm::clamp((terrain.z_min - z) / 9.0f, 0.0f, 1.0f);
    const float w = t * t * (3.0f - 2.0f * t);
    const float rolling =
        0.9f * std::sin(x * 0.11f + z * 0.25f) + 0.5f * std::sin(x * 0.037f - 1.3f) + 0.05f * (terrain.z_min - z);
    const float far_y = SmoothProfile(terrain, x, 10.0f) - 0.4f + rolling * w;
    return glm::mix(edge_y, far_y, w);
  }
  // The surface's normal at (x, z) for that column (central differences
  // over kNormalStepM): shared by the quads meeting there, so the meadow
  // shades smoothly rather than in facets.
  glm::vec3 Normal(float x, float z, float edge_y) const {
    const float dx = Height(x + kNormalStepM, z, edge_y) - Height(x - kNormalStepM, z, edge_y);
    const float dz = Height(x, z + kNormalStepM, edge_y) - Height(x, z - kNormalStepM, edge_y);
    return glm::normalize(glm::vec3(-dx, 2.0f * kNormalStepM, -dz));
  }
  static constexpr float kNormalStepM = 0.5f;
};

// A column of the meadow: its x and the height of its front edge.
struct MeadowColumn {
  float x;
  float edge_y;
};

// Columns: the edge pieces where the terrain exists (the exact back edge,
// steps included; pits bridged at the smoothed height), plain 2 m steps
// beyond it to x_lo and x_hi.
std::vector<MeadowColumn> MeadowColumns(const world::Terrain& terrain, float x_lo, float x_hi) {
  std::vector<MeadowColumn> columns;
  const float terrain_lo = world::TerrainMinX(terrain), terrain_hi = world::TerrainMaxX(terrain);
  for (float x = x_lo; x < terrain_lo; x += 2.0f) columns.push_back({x, world::ProfileHeight(terrain, terrain_lo)});
  const auto& pts = terrain.points;
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    const world::TerrainPoint& a = pts[i];
    const world::TerrainPoint& b = pts[i + 1];
    if (!(b.x > a.x)) continue;
    const int n = std::max(1, static_cast<int>(std::ceil((b.x - a.x) / 1.0f)));
    for (int c = 0; c <= n; ++c) {
      const float x = a.x + (b.x - a.x) * c / n;
      columns.push_back({x, EdgeHeight(terrain, a, b, static_cast<float>(c) / n, terrain.z_min)});
    }
  }
  for (float x = terrain_hi + 2.0f; x <= x_hi; x += 2.0f)
    columns.push_back({x, world::ProfileHeight(terrain, terrain_hi)});
  return columns;
}

// The grass between consecutive columns, row by row; then, where two
// consecutive columns share an x (a step in the back edge), the earth wall
// that fills the wedge between their heights.
void AppendMeadowSurface(const MeadowField& field, const std::vector<MeadowColumn>& columns,
                         std::vector<StaticVertex>& out) {
  const auto& z_rows = field.z_rows;
  for (size_t i = 0; i + 1 < columns.size(); ++i) {
    const MeadowColumn& c0 = columns[i];
    const MeadowColumn& c1 = columns[i + 1];
    if (!(c1.x > c0.x)) continue;
    for (size_t j = 0; j + 1 < z_rows.size(); ++j) {
      const float za = z_rows[j], zb = z_rows[j + 1];
      const glm::vec3 p00(c0.x, field.Height(c0.x, za, c0.edge_y), za),
          p10(c1.x, field.Height(c1.x, za, c1.edge_y), za);
      const glm::vec3 p01(c0.x, field.Height(c0.x, zb, c0.edge_y), zb),
          p11(c1.x, field.Height(c1.x, zb, c1.edge_y), zb);
      // Quad p00 (front left), p10, p11, p01: counter-clockwise seen from
      // above, each corner with its smooth normal.
      const glm::vec3 n00 = field.Normal(c0.x, za, c0.edge_y), n10 = field.Normal(c1.x, za, c1.edge_y);
      const glm::vec3 n01 = field.Normal(c0.x, zb, c0.edge_y), n11 = field.Normal(c1.x, zb, c1.edge_y);
      for (const auto& [p, n] : {std::pair{p00, n00}, {p10, n10}, {p11, n11}, {p00, n00}, {p11, n11}, {p01, n01}}) {
        AppendVertex(out, p, n, kMeadow, StaticMaterial::kGrass);
      }
    }
  }
  for (size_t i = 0; i + 1 < columns.size(); ++i) {
    const MeadowColumn& c0 = columns[i];
    const MeadowColumn& c1 = columns[i + 1];
    if (c1.x != c0.x || c1.edge_y == c0.edge_y) continue;
    for (size_t j = 0; j + 1 < z_rows.size(); ++j) {
      const float za = z_rows[j], zb = z_rows[j + 1];
      const glm::vec3 a(c0.x, field.Height(c0.x, za, c0.edge_y), za), b(c0.x, field.Height(c0.x, zb, c0.edge_y), zb);
      const glm::vec3 c(c0.x, field.Height(c0.x, zb, c1.edge_y), zb), d(c0.x, field.Height(c0.x, za, c1.edge_y), za);
      const bool up = c1.edge_y > c0.edge_y;  // wall faces -x (towards the lower side)
      if (up)
        AppendQuad(out, a, b, c, d, kCliffRock, StaticMaterial::kRock);
      else
        AppendQuad(out, a, d, c, b, kCliffRock, StaticMaterial::kRock);
    }
  }
}

// Where the castle behind a gate goal stands on the meadow (x and z,
// world metres, its towers included): no tree grows through its walls.
struct Footprint {
  glm::vec2 lo{0.0f}, hi{-1.0f};  // empty when hi < lo
  bool Contains(float x, float z, float margin_m) const {
    return x > lo.x - margin_m && x < hi.x + margin_m && z > lo.y - margin_m && z < hi.y + margin_m;
  }
};
Footprint CastleFootprint(const world::Level& level) {
  if (level.goal.kind != world::GoalKind::kGate) return {};
  return {{level.goal.x - 12.0f, -23.0f}, {level.goal.x + 20.0f, -11.0f}};
}

// Trees and bushes, deterministic, not too close to the strip.
void AppendMeadowPlants(const MeadowField& field, float x_lo, float x_hi, const Footprint& castle,
                        std::vector<StaticVertex>& out) {
  const world::Terrain& terrain = field.terrain;
  for (int i = 0;; ++i) {
    const float x = x_lo + 3.0f + i * 5.5f + 4.0f * HashToUnit(i * 7 + 1);
    if (x > x_hi) break;
    const float z = terrain.z_min - 4.0f - 22.0f * HashToUnit(i * 7 + 2);
    if (castle.Contains(x, z, kPlantCrownM)) continue;
    const float y = field.Height(x, z, world::ProfileHeight(terrain, x)) - 0.1f;
    const float pick = HashToUnit(i * 7 + 3);
    if (pick < 0.55f) {
      AppendTree(out, {x, y, z}, 0.9f + 0.8f * HashToUnit(i * 7 + 4), HashToUnit(i * 7 + 5));
    } else if (pick < 0.8f) {
      AppendBush(out, {x, y, z}, 1.3f, i);
    }
  }
}

// 3. The meadow behind the strip, 80 m beyond either end of the terrain,
// with trees and bushes scattered on it.
void AppendMeadow(const world::Level& level, std::vector<StaticVertex>& out) {
  const world::Terrain& terrain = level.terrain;
  const float x_lo = world::TerrainMinX(terrain) - 80.0f;
  const float x_hi = world::TerrainMaxX(terrain) + 80.0f;
  const MeadowField field(terrain);
  AppendMeadowSurface(field, MeadowColumns(terrain, x_lo, x_hi), out);
  AppendMeadowPlants(field, x_lo, x_hi, CastleFootprint(level), out);
}

// 3. Or, over paving, the courtyard: the strip a causeway with a masonry
// back wall down to the courtyard's floor, which reaches back to the
// curtain wall and, beyond the strip's ends, to in front of the camera;
// houses and clutter on it.
void AppendCourtyard(const world::Level& level, std::vector<StaticVertex>& out) {
  const world::Terrain& terrain = level.terrain;
  const float x_min = world::TerrainMinX(terrain), x_max = world::TerrainMaxX(terrain);
  ForEachEdgePiece(level, terrain.z_min, 1.0f, [&](float x0, float y0, float x1, float y1) {
    AppendMasonryFacePiece(terrain.z_min, -1.0f, std::min(CourtyardFloorY(terrain, x0), CourtyardFloorY(terrain, x1)),
                           x0, y0, x1, y1, out);
  });
  AppendCourtyardFloor(terrain, x_min, x_max, kCourtyardBackZ, terrain.z_min, out);
  AppendCourtyardFloor(terrain, x_min - 80.0f, x_min, kCourtyardBackZ, terrain.z_max + 14.0f, out);
  AppendCourtyardFloor(terrain, x_max, x_max + 80.0f, kCourtyardBackZ, terrain.z_max + 14.0f, out);
  CourtyardDesc courtyard;
  courtyard.x_lo = x_min - 30.0f;
  courtyard.x_hi = x_max + 30.0f;
  courtyard.z_front = terrain.z_min - 3.0f;
  courtyard.z_back = kCourtyardBackZ + 1.0f;
  const Footprint castle = CastleFootprint(level);
  courtyard.keep_out_lo = castle.lo;
  courtyard.keep_out_hi = castle.hi;
  courtyard.lit = level.mood.sky == world::SkyMood::kDusk;
  courtyard.ground_y = [&](float x, float) { return CourtyardFloorY(terrain, x); };
  AppendCourtyardClutter(courtyard, out);
}

void AppendBanner(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale) {
  const float h = 3.0f * scale;
  AppendBeam(out, base_ws, base_ws + glm::vec3(0.0f, h, 0.0f), 0.04f * scale, kDarkWood, StaticMaterial::kWood);
  AppendBox(out, base_ws + glm::vec3(0.35f * scale, h - 0.6f * scale, 0.0f), glm::vec3(0.32f, 0.55f, 0.02f) * scale,
            0.0f, kBannerRed);
  AppendBox(out, base_ws + glm::vec3(0.35f * scale, h - 0.6f * scale, 0.03f * scale),
            glm::vec3(0.1f, 0.2f, 0.01f) * scale, 0.0f, kGold);
}

// The castle gate at the goal: two towers with crenellations, a wall over
// an open arch the player walks through.
void AppendGate(std::vector<StaticVertex>& out, const glm::vec3& base_ws) {
  for (float z : {-2.2f, 2.2f}) {
    const glm::vec3 tower = base_ws + glm::vec3(0.0f, 3.0f, z);
    AppendBox(out, tower, glm::vec3(1.1f, 3.0f, 1.0f), 0.0f, kStone, StaticMaterial::kStone);
    for (int i = 0; i < 4; ++i) {
      const float a = i * 1.5708f;
      AppendBox(out, tower + glm::vec3(0.8f * std::cos(a), 3.3f, 0.75f * std::sin(a)), glm::vec3(0.22f, 0.3f, 0.22f),
                0.0f, kStone, StaticMaterial::kStone);
    }
    AppendCone(out, tower + glm::vec3(0.0f, 3.0f, 0.0f), 1.3f, 2.2f, 8, kRoof);
  }
  // Wall over the arch (the arch is the open space below it).
  AppendBox(out, base_ws + glm::vec3(0.0f, 4.6f, 0.0f), glm::vec3(0.8f, 1.4f, 1.3f), 0.0f, kDarkStone * 1.3f,
            StaticMaterial::kStone);
  AppendBox(out, base_ws + glm::vec3(0.0f, 3.05f, 0.0f), glm::vec3(0.85f, 0.15f, 1.3f), 0.0f, kWood,
            StaticMaterial::kWood);
  AppendBanner(out, base_ws + glm::vec3(0.9f, 6.2f, 0.0f), 0.8f);
}

// The castle the road leads to: a curtain wall with towers and a keep,
// behind the gate.
void AppendCastle(std::vector<StaticVertex>& out, const glm::vec3& gate_ws) {
  const float z_wall = -13.0f;
  const float y = gate_ws.y - 0.5f;
  AppendBox(out, {gate_ws.x + 4.0f, y + 3.5f, z_wall}, {14.0f, 3.5f, 0.8f}, 0.0f, kStone, StaticMaterial::kStone);
  for (int i = 0; i < 14; ++i) {
    AppendBox(out, {gate_ws.x - 9.5f + 2.0f * i, y + 7.3f, z_wall + 0.5f}, {0.45f, 0.35f, 0.3f}, 0.0f, kStone,
              StaticMaterial::kStone);
  }
  for (float dx : {-10.0f, 0.0f, 18.0f}) {
    AppendTower(out, {gate_ws.x + dx, y, z_wall}, 1.8f, 10.0f, kStone, kRoof, StaticMaterial::kStone);
  }
  // The keep behind the wall.
  AppendBox(out, {gate_ws.x + 8.0f, y + 7.0f, z_wall - 7.0f}, {4.0f, 7.0f, 3.5f}, 0.0f, kStone * 0.95f,
            StaticMaterial::kStone);
  AppendTower(out, {gate_ws.x + 12.0f, y, z_wall - 8.0f}, 2.0f, 17.0f, kStone, kRoof, StaticMaterial::kStone);
  AppendTower(out, {gate_ws.x + 4.0f, y, z_wall - 8.0f}, 1.6f, 15.0f, kStone, kRoof, StaticMaterial::kStone);
  for (float dx : {4.0f, 12.0f}) {
    const glm::vec3 pole(gate_ws.x + dx, y + (dx > 8.0f ? 17.0f : 15.0f) + 2.6f, z_wall - 8.0f);
    AppendBeam(out, pole, pole + glm::vec3(0.0f, 2.0f, 0.0f), 0.05f, kDarkWood);
    AppendBox(out, pole + glm::vec3(0.6f, 1.6f, 0.0f), {0.6f, 0.35f, 0.02f}, 0.0f, kBannerRed);
  }
}

// The checkpoints' poles (their flags move: BuildMovingScenery) and the
// goal: a gate with the castle behind it, or a banner.
void AppendCourseMarks(const world::World& world, std::vector<StaticVertex>& out) {
  const world::Level& level = world.level();
  for (float checkpoint_x : level.checkpoints) {
    const glm::vec3 base = CheckpointPoleBaseWs(world, checkpoint_x);
    AppendBeam(out, base - glm::vec3(0.0f, 0.2f, 0.0f), base + glm::vec3(0.0f, kCheckpointPoleM, 0.0f), 0.04f,
               kDarkWood, StaticMaterial::kWood);
    AppendBox(out, base + glm::vec3(0.0f, kCheckpointPoleM + 0.06f, 0.0f), glm::vec3(0.07f), 0.0f, kGold);
  }
  const float goal_x = level.goal.x;
  const glm::vec3 goal_base(goal_x, world.GroundHeightOr(goal_x, 0.0f), 0.0f);
  if (level.goal.kind == world::GoalKind::kGate) {
    AppendGate(out, goal_base);
    AppendCastle(out, goal_base);
  } else {
    AppendBanner(out, goal_base + glm::vec3(0, 0, -1.0f), 1.3f);
  }
}

// 4. Ladders: two rails and the rungs, exactly where the IK grips them;
// over paving, the platforms' scaffolding.
void AppendLaddersAndScaffolds(const world::World& world, std::vector<StaticVertex>& out) {
  for (const world::Ladder& ladder : world.ladders()) {
    for (float side : {-1.0f, 1.0f}) {
      AppendBeam(out, ladder.RailBottomWs(side), ladder.RailTopWs(side), 0.035f, kWood, StaticMaterial::kWood);
    }
    const float half_width = 0.5f * ladder.desc().width;
    for (const glm::vec3& rung : ladder.rungs_ws()) {
      AppendBeam(out, rung - glm::vec3(0.0f, 0.0f, half_width + 0.03f),
                 rung + glm::vec3(0.0f, 0.0f, half_width + 0.03f), world::Ladder::kRungRadius, kWood * 1.3f,
                 StaticMaterial::kWood);
    }
  }
  const world::Level& level = world.level();
  if (level.mood.ground != world::GroundMood::kPaving) return;
  for (const world::Platform& platform : level.platforms) AppendScaffold(world, platform, level.kill_y - 1.0f, out);
}

// 5. Props (scenery): one.
void AppendProp(const world::World& world, const world::Prop& prop, std::vector<StaticVertex>& out) {
  const float y = prop.y.value_or(world.GroundHeightOr(prop.x, prop.z));
  const glm::vec3 base(prop.x, y, prop.z);
  const float s = prop.scale;
  const float yaw = glm::radians(prop.yaw_deg);
  switch (prop.kind) {
    case world::PropKind::kTree:
      AppendTree(out, base - glm::vec3(0, 0.1f, 0), s, HashToUnit(static_cast<int>(prop.x * 10.0f)));
      break;
    case world::PropKind::kBush:
      AppendBush(out, base - glm::vec3(0, 0.05f * s, 0), s, static_cast<int>(prop.x * 10.0f + prop.z * 3.0f));
      break;
    case world::PropKind::kRock:
      AppendBoulder(out, base - glm::vec3(0, 0.05f * s, 0), glm::vec3(0.5f, 0.3f, 0.42f) * s, yaw,
                    static_cast<int>(prop.x * 10.0f + prop.z * 3.0f), kRock);
      break;
    case world::PropKind::kBanner:
      AppendBanner(out, base, s);
      break;
    case world::PropKind::kCrate:
      AppendBox(out, base + glm::vec3(0, 0.35f * s, 0), glm::vec3(0.35f) * s, yaw, kWood * 1.2f, StaticMaterial::kWood);
      break;
    case world::PropKind::kBarrel:
      AppendBarrel(out, base, 0.3f * s, 0.9f * s, kDarkWood * 2.0f);
      break;
    case world::PropKind::kTorch:
      AppendBeam(out, base, base + glm::vec3(0, 1.4f * s, 0), 0.04f * s, kDarkWood, StaticMaterial::kWood);
      AppendBox(out, base + glm::vec3(0, kTorchFlameM * s, 0), glm::vec3(0.08f) * s, 0.0f,
                glm::vec3(1.0f, 0.6f, 0.1f) * 4.0f, StaticMaterial::kEmissive);
      break;
    case world::PropKind::kFence:
      for (float dx : {-1.0f, 0.0f, 1.0f}) {
        AppendBeam(out, base + glm::vec3(dx * s, -0.1f, 0), base + glm::vec3(dx * s, 0.9f * s, 0), 0.05f * s, kWood,
                   StaticMaterial::kWood);
      }
      AppendBeam(out, base + glm::vec3(-1.1f * s, 0.7f * s, 0), base + glm::vec3(1.1f * s, 0.7f * s, 0), 0.04f * s,
                 kWood, StaticMaterial::kWood);
      AppendBeam(out, base + glm::vec3(-1.1f * s, 0.35f * s, 0), base + glm::vec3(1.1f * s, 0.35f * s, 0), 0.04f * s,
                 kWood, StaticMaterial::kWood);
      break;
  }
}

// Every prop that `drawn` draws (empty: every prop).
void AppendProps(const world::World& world, const std::vector<bool>& drawn, std::vector<StaticVertex>& out) {
  const std::vector<world::Prop>& props = world.level().props;
  for (size_t i = 0; i < props.size(); ++i) {
    if (drawn.empty() || drawn[i]) AppendProp(world, props[i], out);
  }
}

}  // namespace

std::vector<PropCover> PropCovers(const world::World& world) {
  std::vector<PropCover> covers;
  std::vector<StaticVertex> scratch;
  for (const world::Prop& prop : world.level().props) {
    scratch.clear();
    AppendProp(world, prop, scratch);
    const glm::vec3 base_ws(prop.x, prop.y.value_or(world.GroundHeightOr(prop.x, prop.z)), prop.z);
    covers.push_back(PropCover{prop.x, PropScreenCover(scratch, base_ws)});
  }
  return covers;
}

std::vector<glm::vec3> TorchFlamesWs(const world::World& world, const std::vector<bool>& drawn) {
  std::vector<glm::vec3> flames_ws;
  const std::vector<world::Prop>& props = world.level().props;
  for (size_t i = 0; i < props.size(); ++i) {
    const world::Prop& prop = props[i];
    if (prop.kind != world::PropKind::kTorch || (!drawn.empty() && !drawn[i])) continue;
    const float y = prop.y.value_or(world.GroundHeightOr(prop.x, prop.z));
    flames_ws.emplace_back(prop.x, y + kTorchFlameM * prop.scale, prop.z);
  }
  return flames_ws;
}

std::vector<StaticVertex> BuildWorldMesh(const world::World& world, const std::vector<bool>& props_drawn) {
  std::vector<StaticVertex> out;
  const world::Level& level = world.level();
  const bool paving = level.mood.ground == world::GroundMood::kPaving;
  out.reserve(world.collision().triangles().size() * 3 + 60000);
  // 1. Collision surfaces.
  AppendCollisionSurfaces(world, paving, out);
  // 2. The ground's front face and the pits.
  AppendGroundCut(level, out, level.kill_y - 1.0f);
  AppendLevelEnds(level, out, level.kill_y - 1.0f);
  // 3. The meadow (or the courtyard) behind.
  if (paving) {
    AppendCourtyard(level, out);
  } else {
    AppendMeadow(level, out);
  }
  // 4. Ladders and scaffolds, 5. props.
  AppendLaddersAndScaffolds(world, out);
  AppendProps(world, props_drawn, out);
  // 6. The checkpoints' poles (their flags move: BuildMovingScenery), 7. the goal.
  AppendCourseMarks(world, out);
  return out;
}

}  // namespace knights::render
