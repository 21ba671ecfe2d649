// ChunkStaticMesh: the triangles binned by their centroid's x into chunks
// along x, chunks in increasing x, each chunk's triangles in their given
// order, with each chunk's bounding box. Checked against a plain reference
// (a std::map of bins, the way the renderer binned before it used a counting
// sort) on ordered, shuffled and scattered geometry.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <vector>

#include "knights/render/static_mesh_renderer.h"

namespace knights::render {
namespace {

constexpr float kChunk = StaticMeshRenderer::kChunkLengthM;

// A small triangle around (cx, y, z), tagged through its colour so the
// test can follow it.
void AddTriangle(std::vector<StaticVertex>& out, float cx, float y, float z, float tag) {
  const glm::vec3 offsets[3] = {{-0.5f, 0.0f, 0.0f}, {0.5f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.3f}};
  for (const glm::vec3& offset : offsets) {
    StaticVertex v;
    v.position_ws = glm::vec3(cx, y, z) + offset;
    v.color = glm::vec3(tag);
    out.push_back(v);
  }
}

// The reference: bins keyed by the chunk index in a std::map (sorted),
// triangles appended in input order.
std::map<long, std::vector<StaticVertex>> ReferenceBins(const std::vector<StaticVertex>& triangles) {
  std::map<long, std::vector<StaticVertex>> bins;
  for (size_t i = 0; i + 2 < triangles.size(); i += 3) {
    const float cx =
        (triangles[i].position_ws.x + triangles[i + 1].position_ws.x + triangles[i + 2].position_ws.x) / 3.0f;
    auto& bin = bins[static_cast<long>(std::floor(cx / kChunk))];
    bin.insert(bin.end(), triangles.begin() + static_cast<long>(i), triangles.begin() + static_cast<long>(i + 3));
  }
  return bins;
}

void ExpectMatchesReference(const std::vector<StaticVertex>& triangles) {
  const StaticMeshChunks mesh = ChunkStaticMesh(triangles);
  const auto bins = ReferenceBins(triangles);
  ASSERT_EQ(mesh.chunks.size(), bins.size());
  size_t expected_first = 0;
  size_t c = 0;
  for (const auto& [index, bin] : bins) {
    const StaticMeshChunks::Chunk& chunk = mesh.chunks[c++];
    EXPECT_EQ(static_cast<size_t>(chunk.first_vertex), expected_first) << "chunk " << index;
    ASSERT_EQ(static_cast<size_t>(chunk.vertex_count), bin.size()) << "chunk " << index;
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (size_t i = 0; i < bin.size(); ++i) {
      const StaticVertex& got = mesh.vertices[expected_first + i];
      EXPECT_EQ(got.position_ws, bin[i].position_ws) << "chunk " << index << " vertex " << i;
      EXPECT_EQ(got.color, bin[i].color) << "chunk " << index << " vertex " << i;
      lo = glm::min(lo, bin[i].position_ws);
      hi = glm::max(hi, bin[i].position_ws);
    }
    EXPECT_EQ(chunk.lo_ws, lo) << "chunk " << index;
    EXPECT_EQ(chunk.hi_ws, hi) << "chunk " << index;
    expected_first += bin.size();
  }
  EXPECT_EQ(mesh.vertices.size(), expected_first);
}

TEST(ChunkStaticMesh, EmptyInputGivesNoChunks) {
  const StaticMeshChunks mesh = ChunkStaticMesh({});
  EXPECT_TRUE(mesh.vertices.empty());
  EXPECT_TRUE(mesh.chunks.empty());
}

TEST(ChunkStaticMesh, OrdersChunksByXAndKeepsTheOrderWithinEachChunk) {
  // Centroids (x): 30 (chunk 2), 1 (chunk 0), 25 (chunk 2), -5 (chunk -1),
  // 13 (chunk 1), 2 (chunk 0).
  std::vector<StaticVertex> triangles;
  const float xs[] = {30.0f, 1.0f, 25.0f, -5.0f, 13.0f, 2.0f};
  for (int i = 0; i < 6; ++i) AddTriangle(triangles, xs[i], 0.1f * i, -0.2f * i, static_cast<float>(i));
  const StaticMeshChunks mesh = ChunkStaticMesh(triangles);
  ASSERT_EQ(mesh.chunks.size(), 4u);
  // Chunk -1 holds triangle 3; chunk 0 holds 1 then 5; chunk 1 holds 4;
  // chunk 2 holds 0 then 2.
  const float expected_tags[] = {3, 1, 5, 4, 0, 2};
  ASSERT_EQ(mesh.vertices.size(), 18u);
  for (int t = 0; t < 6; ++t) {
    for (int k = 0; k < 3; ++k) EXPECT_EQ(mesh.vertices[t * 3 + k].color.x, expected_tags[t]) << "slot " << t;
  }
  const int expected_counts[] = {3, 6, 3, 6};
  for (int c = 0; c < 4; ++c) EXPECT_EQ(mesh.chunks[c].vertex_count, expected_counts[c]) << "chunk " << c;
  ExpectMatchesReference(triangles);
}

TEST(ChunkStaticMesh, DropsATrailingIncompleteTriangle) {
  std::vector<StaticVertex> triangles;
  AddTriangle(triangles, 3.0f, 0.0f, 0.0f, 1.0f);
  triangles.push_back(StaticVertex{});
  triangles.push_back(StaticVertex{});
  const StaticMeshChunks mesh = ChunkStaticMesh(triangles);
  EXPECT_EQ(mesh.vertices.size(), 3u);
  ASSERT_EQ(mesh.chunks.size(), 1u);
  EXPECT_EQ(mesh.chunks[0].vertex_count, 3);
}

TEST(ChunkStaticMesh, MatchesTheReferenceOnShuffledDenseGeometry) {
  // A level-like strip: 3000 triangles over 0..240 m, in random order.
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> x(0.0f, 240.0f), y(-2.0f, 8.0f), z(-6.0f, 6.0f);
  std::vector<StaticVertex> triangles;
  for (int i = 0; i < 3000; ++i) AddTriangle(triangles, x(rng), y(rng), z(rng), static_cast<float>(i));
  ExpectMatchesReference(triangles);
}

TEST(ChunkStaticMesh, MatchesTheReferenceOnScatteredGeometry) {
  // Few triangles spread over a range of chunks far larger than their count
  // (the sorted path rather than the counting one).
  std::vector<StaticVertex> triangles;
  const float xs[] = {1.0e6f, -3.0e5f, 7.0f, 1.0e6f + 5.0f, -3.0e5f - 20.0f, 2.0e4f};
  for (int i = 0; i < 6; ++i) AddTriangle(triangles, xs[i], 0.0f, 0.0f, static_cast<float>(i));
  ExpectMatchesReference(triangles);
}

TEST(ChunkStaticMesh, KeepsEveryTriangleWhenAPositionIsNotFinite) {
  std::vector<StaticVertex> triangles;
  AddTriangle(triangles, 5.0f, 0.0f, 0.0f, 0.0f);
  AddTriangle(triangles, std::numeric_limits<float>::quiet_NaN(), 0.0f, 0.0f, 1.0f);
  AddTriangle(triangles, std::numeric_limits<float>::infinity(), 0.0f, 0.0f, 2.0f);
  AddTriangle(triangles, -1.0e30f, 0.0f, 0.0f, 3.0f);
  const StaticMeshChunks mesh = ChunkStaticMesh(triangles);
  EXPECT_EQ(mesh.vertices.size(), 12u);
  int total = 0;
  for (const StaticMeshChunks::Chunk& chunk : mesh.chunks) total += chunk.vertex_count;
  EXPECT_EQ(total, 12);
  // Finite far-away geometry still sorts first; the NaN one shares chunk 0
  // with the triangle at x = 5 (after it: the order within a chunk holds).
  EXPECT_EQ(mesh.vertices[0].color.x, 3.0f);
  EXPECT_EQ(mesh.vertices[3].color.x, 0.0f);
  EXPECT_EQ(mesh.vertices[6].color.x, 1.0f);
  EXPECT_EQ(mesh.vertices[9].color.x, 2.0f);
}

}  // namespace
}  // namespace knights::render
