// The scenery shapes: counter-clockwise front faces (the face normal agrees
// with the vertex normals), nothing below the ground they stand on, and the
// size the header promises.

#include <gtest/gtest.h>

#include <vector>

#include <glm/glm.hpp>

#include "knights/render/static_shapes.h"

namespace knights::render {
namespace {

glm::vec3 FaceNormal(const StaticVertex& a, const StaticVertex& b, const StaticVertex& c) {
  return glm::cross(b.position_ws - a.position_ws, c.position_ws - a.position_ws);
}

class BushShape : public ::testing::TestWithParam<int> {};

TEST_P(BushShape, FacesOutwardAndStandsOnItsBase) {
  const glm::vec3 base_ws(12.0f, 3.5f, -6.0f);
  const float scale = 1.3f;
  std::vector<StaticVertex> v;
  AppendBush(v, base_ws, scale, GetParam());
  ASSERT_FALSE(v.empty());
  ASSERT_EQ(v.size() % 3, 0u);
  glm::vec3 lo(1e9f), hi(-1e9f);
  int inward = 0;
  for (size_t i = 0; i < v.size(); i += 3) {
    const glm::vec3 n = FaceNormal(v[i], v[i + 1], v[i + 2]);
    if (glm::length(n) < 1e-9f) continue;  // pressed flat onto the ground
    const glm::vec3 vertex_normals = v[i].normal_ws + v[i + 1].normal_ws + v[i + 2].normal_ws;
    inward += glm::dot(n, vertex_normals) <= 0.0f;
    for (int k = 0; k < 3; ++k) {
      lo = glm::min(lo, v[i + k].position_ws);
      hi = glm::max(hi, v[i + k].position_ws);
      EXPECT_EQ(v[i + k].material, static_cast<float>(StaticMaterial::kFoliage));
    }
  }
  EXPECT_EQ(inward, 0);
  EXPECT_GE(lo.y, base_ws.y - 1e-5f);
  EXPECT_NEAR(hi.y - base_ws.y, 1.0f * scale, 0.35f * scale);
  EXPECT_NEAR(hi.x - lo.x, 1.6f * scale, 0.6f * scale);
}

INSTANTIATE_TEST_SUITE_P(Seeds, BushShape, ::testing::Values(0, 1, 7, 123, 4567));

}  // namespace
}  // namespace knights::render
