#include "knights/render/rock_face.h"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

#include "knights/render/palette.h"
#include "knights/render/static_shapes.h"

namespace knights::render {
namespace {

// Depths of the facet rows below the soil band, metres: short near the top
// where the camera looks closely, longer further down into the shadow.
constexpr float kRowDepthM[] = {0.0f, 0.45f, 1.0f, 1.7f, 2.6f, 3.7f, 5.2f, 7.2f};

// Smooth value noise in [0, 1] on a unit lattice (x, y in lattice units).
float ValueNoise(float x, float y) {
  const float fx = std::floor(x), fy = std::floor(y);
  const int ix = static_cast<int>(fx), iy = static_cast<int>(fy);
  auto lattice = [](int i, int j) { return HashToUnit(i * 7919 + j * 104729 + 17); };
  const float u = x - fx, v = y - fy;
  const float su = u * u * (3.0f - 2.0f * u), sv = v * v * (3.0f - 2.0f * v);
  const float bottom = lattice(ix, iy) + (lattice(ix + 1, iy) - lattice(ix, iy)) * su;
  const float top = lattice(ix, iy + 1) + (lattice(ix + 1, iy + 1) - lattice(ix, iy + 1)) * su;
  return bottom + (top - bottom) * sv;
}

float SeamFade(const RockFaceDesc& desc, float x) {
  float nearest = 1e9f;
  for (const float seam : desc.seams_x) nearest = std::min(nearest, std::fabs(x - seam));
  return std::clamp(nearest / desc.seam_fade_m, 0.0f, 1.0f);
}

void AppendFacet(std::vector<StaticVertex>& out, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                 const glm::vec3& color) {
  const glm::vec3 n = glm::cross(b - a, c - a);
  if (glm::dot(n, n) < 1e-12f) return;  // a row squeezed flat against the floor
  AppendTriangle(out, a, b, c, color, StaticMaterial::kRock);
}

}  // namespace

float RockFaceRelief(const RockFaceDesc& desc, float x, float depth_m) {
  // Two octaves: boulder-sized bulges and smaller ledges across them; none
  // at the top row, which meets the soil band in the face's plane.
  const float bulge =
      0.65f * ValueNoise(x * 0.9f, depth_m * 0.8f) + 0.35f * ValueNoise(x * 2.3f + 11.0f, depth_m * 2.1f);
  const float from_top = std::clamp(depth_m / 0.4f, 0.0f, 1.0f);
  return desc.relief_m * bulge * from_top * SeamFade(desc, x);
}

void AppendRockFacePiece(const RockFaceDesc& desc, float x0, float top0_y, float x1, float top1_y,
                         std::vector<StaticVertex>& out) {
  using palette::kCliffRock;
  using palette::kEarth;
  const float z = desc.z_ws;
  // Soil between the grass lip and the rock, in the face's plane.
  const float soil0 = top0_y - desc.soil_depth_m, soil1 = top1_y - desc.soil_depth_m;
  AppendQuad(out, {x0, soil0, z}, {x1, soil1, z}, {x1, top1_y, z}, {x0, top0_y, z}, kEarth * 0.7f,
             StaticMaterial::kEarth);
  auto point = [&](float x, float soil_y, int row) {
    const float y = std::max(desc.floor_y_ws, soil_y - kRowDepthM[row]);
    return glm::vec3(x, y, z + RockFaceRelief(desc, x, soil_y - y));
  };
  constexpr int kRows = static_cast<int>(std::size(kRowDepthM));
  for (int row = 0; row + 1 <= kRows; ++row) {
    const bool last = row + 1 == kRows;
    const glm::vec3 a = point(x0, soil0, row), b = point(x1, soil1, row);
    glm::vec3 c = last ? glm::vec3(x1, desc.floor_y_ws, z) : point(x1, soil1, row + 1);
    glm::vec3 d = last ? glm::vec3(x0, desc.floor_y_ws, z) : point(x0, soil0, row + 1);
    if (a.y <= desc.floor_y_ws && b.y <= desc.floor_y_ws) break;
    // Lighter rock up top, darker down in the cut where little light reaches;
    // each facet a little different.
    const float shade = 1.0f - 0.5f * std::clamp(static_cast<float>(row) / (kRows - 1), 0.0f, 1.0f);
    const float tone = 0.85f + 0.3f * HashToUnit(static_cast<int>(std::floor(x0 * 4.0f)) * 31 + row);
    AppendFacet(out, d, c, b, kCliffRock * shade * tone);
    AppendFacet(out, d, b, a, kCliffRock * shade * (tone * 0.94f + 0.04f));
  }
}

}  // namespace knights::render
