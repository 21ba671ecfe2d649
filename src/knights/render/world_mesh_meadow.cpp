// The scenery of the ground behind and beyond the strip: the meadow with its
// trees and bushes, and at each end a cliff and a valley out to the horizon
// (world_mesh_builder.cpp puts them in the world's mesh).

#include "knights/render/world_mesh_meadow.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "knights/render/palette.h"
#include "knights/render/static_shapes.h"

namespace knights::render {
namespace {

using namespace palette;  // NOLINT(google-build-using-namespace): the scenery's colours

constexpr float kTwoPi = 6.2831853f;
// How far behind the strip the meadow reaches (world z), metres.
constexpr float kMeadowBackZ = -38.0f;
// A meadow tree's crown reaches this far from its trunk, metres.
constexpr float kPlantCrownM = 2.5f;

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

}  // namespace

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

// The profile smoothed by a box filter of half width `radius` (for the
// meadow far behind the strip, which should not copy every step).
float SmoothProfile(const world::Terrain& terrain, float x, float radius) {
  constexpr int kTaps = 9;
  float sum = 0.0f;
  for (int i = 0; i < kTaps; ++i) sum += world::ProfileHeight(terrain, x - radius + 2.0f * radius * i / (kTaps - 1));
  return sum / kTaps;
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

namespace {

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

}  // namespace

Footprint CastleFootprint(const world::Level& level) {
  if (level.goal.kind != world::GoalKind::kGate) return {};
  return {{level.goal.x - 12.0f, -23.0f}, {level.goal.x + 20.0f, -11.0f}};
}

namespace {

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

}  // namespace

namespace {

// The meadow's side at one end of the strip (x), a face of the cliff from
// the meadow's surface down to floor_y across the meadow's depth, looking
// out of the plateau: with the strip's own end face (AppendLevelEnds) the
// plateau ends in one cliff from the front to the back, over the valley.
void AppendMeadowEndFace(const MeadowField& field, float x, bool start, float floor_y, std::vector<StaticVertex>& out) {
  const float edge_y = world::TerrainHeight(field.terrain, x, field.terrain.z_min);
  const auto& z_rows = field.z_rows;
  for (size_t j = 0; j + 1 < z_rows.size(); ++j) {
    const float za = z_rows[j], zb = z_rows[j + 1];  // za in front of zb
    const glm::vec3 low_a(x, floor_y, za), low_b(x, floor_y, zb);
    const glm::vec3 top_a(x, field.Height(x, za, edge_y), za), top_b(x, field.Height(x, zb, edge_y), zb);
    if (start) {
      AppendQuad(out, low_b, low_a, top_a, top_b, kCliffRock * 0.8f, StaticMaterial::kRock);
    } else {
      AppendQuad(out, low_a, low_b, top_b, top_a, kCliffRock * 0.8f, StaticMaterial::kRock);
    }
  }
}

}  // namespace

// 3. The meadow behind the strip, as long as the strip, with trees and
// bushes scattered on it; at each end it drops in a cliff to the valley
// (no sheet of meadow hangs over the valley beside the strip's end).
void AppendMeadow(const world::Level& level, std::vector<StaticVertex>& out) {
  const world::Terrain& terrain = level.terrain;
  const float x_lo = world::TerrainMinX(terrain);
  const float x_hi = world::TerrainMaxX(terrain);
  const MeadowField field(terrain);
  AppendMeadowSurface(field, MeadowColumns(terrain, x_lo, x_hi), out);
  AppendMeadowPlants(field, x_lo, x_hi, CastleFootprint(level), out);
  for (const bool start : {true, false})
    AppendMeadowEndFace(field, start ? x_lo : x_hi, start, level.kill_y - 1.0f, out);
}

}  // namespace knights::render
