// IndexStaticChunks: the indexed mesh draws exactly the triangles it was
// given (expanding the indices gives back the triangle list, bit for bit,
// chunk by chunk), shares the repeated vertices within a chunk and never
// across chunks.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "knights/render/static_geometry.h"

namespace knights::render {
namespace {

StaticVertex V(float x, float y, float tag = 0.0f) {
  StaticVertex v;
  v.position_ws = {x, y, 0.0f};
  v.color = {tag, 0.0f, 0.0f};
  return v;
}

bool SameBits(const StaticVertex& a, const StaticVertex& b) { return std::memcmp(&a, &b, sizeof(a)) == 0; }

TEST(IndexStaticChunks, DrawsTheSameTrianglesWithSharedVertices) {
  // Chunk 0 (x in [0, 12)): a quad as two triangles sharing an edge, a
  // triangle that differs from the first only in colour, and one with a
  // corner on the chunk boundary x = 12. Chunk 1: a triangle sharing that
  // corner.
  const std::vector<StaticVertex> triangles = {V(0, 0),  V(1, 0),    V(1, 1),    V(0, 0),    V(1, 1),
                                               V(0, 1),  V(0, 0, 1), V(1, 0, 1), V(1, 1, 1), V(10, 0),
                                               V(12, 0), V(10, 1),   V(12, 0),   V(14, 0),   V(14, 1)};
  const StaticMeshChunks chunks = ChunkStaticMesh(triangles);
  ASSERT_EQ(chunks.chunks.size(), 2u);
  const IndexedStaticMesh indexed = IndexStaticChunks(chunks);
  ASSERT_EQ(indexed.ranges.size(), 2u);
  // Chunk 0: the quad's 4, the recoloured 3, the boundary triangle's 3;
  // chunk 1 its own 3, the shared corner stored again.
  EXPECT_EQ(indexed.vertices.size(), 4u + 3u + 3u + 3u);
  for (size_t c = 0; c < chunks.chunks.size(); ++c) {
    const auto& chunk = chunks.chunks[c];
    const auto& range = indexed.ranges[c];
    ASSERT_EQ(range.index_count, chunk.vertex_count);
    for (int i = 0; i < range.index_count; ++i) {
      const uint32_t index = indexed.indices[static_cast<size_t>(range.first_index + i)];
      ASSERT_LT(index, indexed.vertices.size());
      EXPECT_TRUE(SameBits(indexed.vertices[index], chunks.vertices[static_cast<size_t>(chunk.first_vertex + i)]))
          << "chunk " << c << " corner " << i;
    }
  }
  // Chunk 1 uses only its own vertices, the corner at x = 12 included.
  for (int i = 0; i < indexed.ranges[1].index_count; ++i) {
    EXPECT_GE(indexed.indices[static_cast<size_t>(indexed.ranges[1].first_index + i)], 10u);
  }
}

TEST(IndexStaticChunks, EmptyMeshGivesNothing) {
  const IndexedStaticMesh indexed = IndexStaticChunks(StaticMeshChunks{});
  EXPECT_TRUE(indexed.vertices.empty());
  EXPECT_TRUE(indexed.indices.empty());
  EXPECT_TRUE(indexed.ranges.empty());
}

}  // namespace
}  // namespace knights::render
