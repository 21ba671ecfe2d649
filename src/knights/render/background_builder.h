#pragma once
// The far parallax layers behind the meadow: real geometry at increasing
// distance (so perspective gives the parallax for free as the camera scrolls,
// and fog fades each layer further into the horizon colour):
//   1. green hills, ~45-60 m behind the play plane;
//   2. a darker ridge with castle silhouettes, ~95-110 m;
//   3. blue mountains, ~190-230 m.
// Inside a castle (the level's ground is paving) the first two are its
// curtain wall with towers (~57 m, at the courtyard's back) and the inner
// ward's towers and keep (~115-135 m).
// Drawn without shadows (they lie outside the shadow map).

#include <vector>

#include "knights/render/static_geometry.h"
#include "knights/world/world.h"

namespace knights::render {

struct BackgroundLayerDesc {
  float z_front = -45.0f;  // world z where the layer rises from the ground, metres
  float z_ridge = -55.0f;  // world z of the crest line
  float z_back = -65.0f;
  float base_y = -12.0f;     // world y of the front and back feet, metres (below anything visible)
  float crest_min_y = 6.0f;  // crest height range above the level's mean ground, metres
  float crest_max_y = 14.0f;
  float feature_length_m = 40.0f;  // typical distance between hill tops
  float column_m = 4.0f;           // sampling step along x, metres
  glm::vec3 color{0.1f};           // linear RGB albedo
  int seed = 0;
};

// Crest height of a layer at x above the level's mean ground (pure; tested
// for determinism and range).
float BackgroundCrestHeight(const BackgroundLayerDesc& layer, float x);

// All layers of the level (x range covers the level plus what the camera
// sees beyond its ends at the layers' distances).
std::vector<StaticVertex> BuildBackgroundMesh(const world::World& world);

}  // namespace knights::render
