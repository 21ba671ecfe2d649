#include "knights/render/background_builder.h"

#include <cmath>

#include "knights/render/static_shapes.h"

namespace knights::render {
namespace {

// Smooth 1-D value noise in [0, 1] (cubic interpolation of hashed lattice values).
float ValueNoise1(float x, int seed) {
  const float i = std::floor(x);
  const float f = x - i;
  const float u = f * f * (3.0f - 2.0f * f);
  const int n = static_cast<int>(i);
  return HashToUnit(n * 131 + seed) * (1.0f - u) + HashToUnit((n + 1) * 131 + seed) * u;
}

void AppendLayer(std::vector<StaticVertex>& out, const BackgroundLayerDesc& layer, float mean_y, float x_lo,
                 float x_hi) {
  for (float x = x_lo; x < x_hi; x += layer.column_m) {
    const float x1 = x + layer.column_m;
    const float c0 = mean_y + BackgroundCrestHeight(layer, x);
    const float c1 = mean_y + BackgroundCrestHeight(layer, x1);
    const glm::vec3 f0(x, mean_y + layer.base_y, layer.z_front), f1(x1, mean_y + layer.base_y, layer.z_front);
    const glm::vec3 r0(x, c0, layer.z_ridge), r1(x1, c1, layer.z_ridge);
    const glm::vec3 b0(x, mean_y + layer.base_y, layer.z_back), b1(x1, mean_y + layer.base_y, layer.z_back);
    AppendQuad(out, f0, f1, r1, r0, layer.color, StaticMaterial::kDistant);         // front slope
    AppendQuad(out, r0, r1, b1, b0, layer.color * 0.8f, StaticMaterial::kDistant);  // back slope (seen at crests)
  }
}

// A castle silhouette on a ridge: curtain wall, towers and a keep.
void AppendCastleSilhouette(std::vector<StaticVertex>& out, const glm::vec3& base_ws, float scale,
                            const glm::vec3& color) {
  AppendBox(out, base_ws + glm::vec3(0.0f, 2.5f, 0.0f) * scale, glm::vec3(7.0f, 3.0f, 1.0f) * scale, 0.0f, color,
            StaticMaterial::kDistant);
  for (float dx : {-7.0f, -2.0f, 7.0f}) {
    AppendTower(out, base_ws + glm::vec3(dx, -1.0f, 0.0f) * scale, 1.3f * scale, 8.0f * scale, color, color * 0.8f,
                StaticMaterial::kDistant);
  }
  AppendBox(out, base_ws + glm::vec3(2.5f, 5.5f, -3.0f) * scale, glm::vec3(2.8f, 6.0f, 2.5f) * scale, 0.0f, color,
            StaticMaterial::kDistant);
  AppendTower(out, base_ws + glm::vec3(4.0f, -1.0f, -3.0f) * scale, 1.5f * scale, 14.0f * scale, color, color * 0.8f,
              StaticMaterial::kDistant);
}

// The castle's curtain wall behind a paved courtyard (GroundMood::kPaving),
// in place of the hills: a wall 6.5-8 m over the level's mean ground with
// merlons along its walk, its front at z = -57, and round towers with
// pointed roofs every 24-30 m, some of them paired into a gatehouse.
void AppendCurtainWall(std::vector<StaticVertex>& out, float mean_y, float x_lo, float x_hi) {
  constexpr float kFrontZ = -57.0f, kDepthM = 4.0f, kFootM = 10.0f;
  const glm::vec3 stone{0.17f, 0.16f, 0.16f};
  const glm::vec3 roof{0.14f, 0.06f, 0.06f};
  int i = 0;
  for (float x = x_lo; x < x_hi; ++i) {
    const float span = 24.0f + 6.0f * HashToUnit(i + 900);
    const float height = 6.5f + 1.5f * HashToUnit(i + 901);
    const float top_y = mean_y + height;
    AppendBox(out, {x + 0.5f * span, 0.5f * (top_y + mean_y - kFootM), kFrontZ - 0.5f * kDepthM},
              {0.5f * span, 0.5f * (height + kFootM), 0.5f * kDepthM}, 0.0f, stone, StaticMaterial::kDistant);
    for (float m = x + 1.0f; m < x + span - 0.5f; m += 2.0f) {
      AppendBox(out, {m, top_y + 0.55f, kFrontZ - 0.35f}, {0.5f, 0.55f, 0.35f}, 0.0f, stone, StaticMaterial::kDistant);
    }
    const float tower_h = height + 4.5f + 3.5f * HashToUnit(i + 902);
    AppendTower(out, {x, mean_y - kFootM, kFrontZ - 1.5f}, 3.4f, tower_h + kFootM, stone * 0.9f, roof,
                StaticMaterial::kDistant);
    if (HashToUnit(i + 903) < 0.25f) {  // a gatehouse: a second tower and a higher block between
      AppendTower(out, {x + 9.0f, mean_y - kFootM, kFrontZ - 1.5f}, 3.4f, tower_h + kFootM, stone * 0.9f, roof,
                  StaticMaterial::kDistant);
      AppendBox(out, {x + 4.5f, mean_y + 0.5f * (height + 3.0f), kFrontZ - 2.0f}, {3.0f, 0.5f * (height + 3.0f), 2.5f},
                0.0f, stone * 0.85f, StaticMaterial::kDistant);
    }
    x += span;
  }
}

// The inner ward's towers and the keep, rising over the curtain wall from
// about 115-135 m back, every 45-75 m.
void AppendKeepTowers(std::vector<StaticVertex>& out, float mean_y, float x_lo, float x_hi) {
  const glm::vec3 stone{0.13f, 0.12f, 0.13f};
  const glm::vec3 roof{0.12f, 0.05f, 0.05f};
  int i = 0;
  for (float x = x_lo + 20.0f * HashToUnit(950); x < x_hi; ++i) {
    const float z = -115.0f - 20.0f * HashToUnit(i + 951);
    const float height = 22.0f + 12.0f * HashToUnit(i + 952);
    AppendTower(out, {x, mean_y - 5.0f, z}, 4.0f + 2.0f * HashToUnit(i + 953), height, stone, roof,
                StaticMaterial::kDistant);
    if (HashToUnit(i + 954) < 0.4f) {  // the keep: a great block beside the tower
      AppendBox(out, {x + 10.0f, mean_y + 0.5f * height - 4.0f, z - 4.0f}, {7.0f, 0.5f * height + 1.0f, 6.0f}, 0.0f,
                stone * 1.1f, StaticMaterial::kDistant);
    }
    x += 45.0f + 30.0f * HashToUnit(i + 955);
  }
}

}  // namespace

float BackgroundCrestHeight(const BackgroundLayerDesc& layer, float x) {
  // Two octaves of value noise: broad hills plus smaller bumps on them.
  const float broad = ValueNoise1(x / layer.feature_length_m, layer.seed);
  const float detail = ValueNoise1(x / (layer.feature_length_m * 0.3f), layer.seed + 17);
  const float t = 0.75f * broad + 0.25f * detail;
  return layer.crest_min_y + (layer.crest_max_y - layer.crest_min_y) * t;
}

std::vector<StaticVertex> BuildBackgroundMesh(const world::World& world) {
  const world::Terrain& terrain = world.level().terrain;
  const float x_min = world::TerrainMinX(terrain), x_max = world::TerrainMaxX(terrain);
  float mean_y = 0.0f;
  for (int i = 0; i <= 32; ++i) mean_y += world::ProfileHeight(terrain, x_min + (x_max - x_min) * i / 32.0f);
  mean_y /= 33.0f;

  std::vector<StaticVertex> out;
  out.reserve(40000);
  BackgroundLayerDesc hills;
  hills.z_front = -40.0f;
  hills.z_ridge = -56.0f;
  hills.z_back = -70.0f;
  hills.crest_min_y = 3.0f;
  hills.crest_max_y = 12.0f;
  hills.feature_length_m = 36.0f;
  hills.column_m = 3.0f;
  hills.color = glm::vec3(0.09f, 0.20f, 0.05f);
  hills.seed = 11;
  BackgroundLayerDesc ridge;
  ridge.z_front = -85.0f;
  ridge.z_ridge = -105.0f;
  ridge.z_back = -125.0f;
  ridge.crest_min_y = 10.0f;
  ridge.crest_max_y = 24.0f;
  ridge.feature_length_m = 70.0f;
  ridge.column_m = 5.0f;
  ridge.color = glm::vec3(0.07f, 0.13f, 0.08f);
  ridge.seed = 23;
  BackgroundLayerDesc mountains;
  mountains.z_front = -170.0f;
  mountains.z_ridge = -215.0f;
  mountains.z_back = -260.0f;
  mountains.crest_min_y = 25.0f;
  mountains.crest_max_y = 70.0f;
  mountains.feature_length_m = 60.0f;
  mountains.column_m = 8.0f;
  mountains.color = glm::vec3(0.10f, 0.13f, 0.20f);
  mountains.seed = 37;

  // The camera sees about 0.65 x distance to each side (40 deg vertical
  // field of view, 16:9); cover that beyond the level's ends.
  if (world.level().mood.ground == world::GroundMood::kPaving) {
    // Inside the castle: its walls and towers instead of the hills and
    // the ridge's castles; the mountains beyond.
    // The mountains stay low on the horizon, under the dusk sky.
    AppendCurtainWall(out, mean_y, x_min - 60.0f, x_max + 60.0f);
    AppendKeepTowers(out, mean_y, x_min - 110.0f, x_max + 110.0f);
    mountains.crest_min_y = 6.0f;
    mountains.crest_max_y = 22.0f;
    AppendLayer(out, mountains, mean_y, x_min - 200.0f, x_max + 200.0f);
    return out;
  }
  AppendLayer(out, hills, mean_y, x_min - 60.0f, x_max + 60.0f);
  AppendLayer(out, ridge, mean_y, x_min - 110.0f, x_max + 110.0f);
  AppendLayer(out, mountains, mean_y, x_min - 200.0f, x_max + 200.0f);

  // Castles on the ridge, every ~90 m.
  for (int i = 0;; ++i) {
    const float x = x_min - 40.0f + 90.0f * i + 30.0f * HashToUnit(i + 500);
    if (x > x_max + 60.0f) break;
    const float crest = mean_y + BackgroundCrestHeight(ridge, x);
    AppendCastleSilhouette(out, glm::vec3(x, crest - 1.5f, ridge.z_ridge + 2.0f), 0.9f + 0.4f * HashToUnit(i + 600),
                           glm::vec3(0.16f, 0.15f, 0.15f));
  }
  return out;
}

}  // namespace knights::render
