#pragma once
// The ground's front face as a cliff of rock: under the grass lip a band of
// soil, then rows of rock facets that bulge out of the strip (towards +z,
// never into the walkable depth) by a smooth noise of x and depth, flat
// shaded so the key light picks out every facet. Pieces built side by side
// share their edge vertices, so the face has no cracks; the relief fades
// to nothing at the seams (steps, pits, the level's ends) where another
// surface meets the face.

#include <span>
#include <vector>

#include "knights/render/static_geometry.h"

namespace knights::render {

struct RockFaceDesc {
  float z_ws = 0.0f;               // the face's plane (the strip's front edge), world z
  float floor_y_ws = -10.0f;       // the face goes down to this height, world metres
  float soil_depth_m = 0.25f;      // soil band between the grass lip and the rock, metres
  float relief_m = 0.24f;          // the most a facet bulges out of the plane, metres
  float seam_fade_m = 0.6f;        // the relief grows from 0 at a seam over this run, metres
  std::span<const float> seams_x;  // world x where the face meets another surface
};

// Appends the face under the edge piece from (x0, top0_y) to (x1, top1_y)
// (world metres, x1 > x0; the tops are where the soil begins).
void AppendRockFacePiece(const RockFaceDesc& desc, float x0, float top0_y, float x1, float top1_y,
                         std::vector<StaticVertex>& out);

// The relief at world x and depth below the top (metres): how far the face
// bulges out of its plane there, in [0, desc.relief_m].
float RockFaceRelief(const RockFaceDesc& desc, float x, float depth_m);

}  // namespace knights::render
