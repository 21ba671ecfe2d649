// The ground's front face (knights/render/rock_face.h): it never reaches into the
// walkable depth, it lies flat in its plane at the seams where other
// surfaces meet it, neighbouring pieces meet without cracks, and every
// facet faces the camera side (+z).

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include <glm/glm.hpp>

#include "knights/render/rock_face.h"

namespace knights::render {
namespace {

constexpr float kFrontZ = 3.0f;
constexpr float kFloorY = -9.0f;

std::vector<StaticVertex> BuildPieces(const RockFaceDesc& desc, float x0, float x1, int pieces) {
  std::vector<StaticVertex> v;
  for (int i = 0; i < pieces; ++i) {
    const float a = x0 + (x1 - x0) * i / pieces, b = x0 + (x1 - x0) * (i + 1) / pieces;
    // A sloping top edge, as on a hill.
    AppendRockFacePiece(desc, a, 1.0f + 0.3f * a, b, 1.0f + 0.3f * b, v);
  }
  return v;
}

TEST(RockFace, StaysOutOfTheStripAndFacesTheCamera) {
  const float seams[] = {0.0f, 12.0f};
  const RockFaceDesc desc{.z_ws = kFrontZ, .floor_y_ws = kFloorY, .seams_x = seams};
  const std::vector<StaticVertex> v = BuildPieces(desc, 0.0f, 12.0f, 12);
  ASSERT_FALSE(v.empty());
  float most_out = 0.0f;
  for (size_t i = 0; i + 2 < v.size(); i += 3) {
    const glm::vec3 n = glm::cross(v[i + 1].position_ws - v[i].position_ws, v[i + 2].position_ws - v[i].position_ws);
    EXPECT_GT(n.z, 0.0f) << "triangle " << i / 3;
    for (int k = 0; k < 3; ++k) {
      const glm::vec3& p = v[i + k].position_ws;
      EXPECT_GE(p.z, kFrontZ);
      EXPECT_LE(p.z, kFrontZ + desc.relief_m + 1e-5f);
      EXPECT_GE(p.y, kFloorY - 1e-5f);
      most_out = std::max(most_out, p.z - kFrontZ);
    }
  }
  EXPECT_GT(most_out, 0.3f * desc.relief_m);  // the face does bulge: it is rock, not a plane
}

TEST(RockFace, FlatAtTheSeams) {
  const float seams[] = {4.0f};
  const RockFaceDesc desc{.z_ws = kFrontZ, .floor_y_ws = kFloorY, .seams_x = seams};
  float away_from_seam = 0.0f;
  for (float depth = 0.0f; depth < 8.0f; depth += 0.37f) {
    EXPECT_EQ(RockFaceRelief(desc, 4.0f, depth), 0.0f);
    away_from_seam = std::max(away_from_seam, RockFaceRelief(desc, 4.0f + desc.seam_fade_m * 2.0f, depth));
  }
  EXPECT_GT(away_from_seam, 0.0f);
}

TEST(RockFace, NeighbouringPiecesShareTheirEdge) {
  // Every vertex on the shared edge x = 5 of the left piece is also a
  // vertex of the right piece, so no crack can open between them.
  const RockFaceDesc desc{.z_ws = kFrontZ, .floor_y_ws = kFloorY, .seams_x = {}};
  std::vector<StaticVertex> left, right;
  AppendRockFacePiece(desc, 4.0f, 2.0f, 5.0f, 2.4f, left);
  AppendRockFacePiece(desc, 5.0f, 2.4f, 6.0f, 2.1f, right);
  int shared = 0;
  for (const StaticVertex& a : left) {
    if (a.position_ws.x != 5.0f) continue;
    bool found = false;
    for (const StaticVertex& b : right) found = found || b.position_ws == a.position_ws;
    EXPECT_TRUE(found) << a.position_ws.y << " " << a.position_ws.z;
    ++shared;
  }
  EXPECT_GT(shared, 4);
}

}  // namespace
}  // namespace knights::render
