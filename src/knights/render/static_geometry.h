#pragma once
// The world's static geometry on the CPU (GL-free: built on any thread,
// uploaded by StaticMeshRenderer): vertices with a procedural material,
// and the same triangles ordered into chunks along x for culling.

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

namespace knights::render {

// Procedural surface of a triangle; keep in sync with shaders/static_mesh.frag.
enum class StaticMaterial : int {
  kPlain = 0,      // the vertex colour, lit
  kGrass = 1,      // meadow: patches, tufts, flowers
  kEarth = 2,      // soil strata with stones
  kStone = 3,      // masonry bricks
  kWood = 4,       // grain
  kRock = 5,       // noisy rock with moss on top
  kFoliage = 6,    // leaves (wrap lighting)
  kEmissive = 7,   // unlit (torch flames)
  kDistant = 8,    // far background layers (soft noise)
  kFlagstone = 9,  // paving: flagstones in staggered rows with dark joints (GroundMood::kPaving)
};

struct StaticVertex {
  glm::vec3 position_ws{0.0f};
  glm::vec3 normal_ws{0.0f, 1.0f, 0.0f};
  glm::vec3 color{1.0f};  // linear RGB albedo
  float material = 0.0f;  // StaticMaterial as a float attribute
};

// Static triangles ordered into chunks along x, each with its bounding box
// (CPU data: built by ChunkStaticMesh on any thread, uploaded on the GL one).
struct StaticMeshChunks {
  struct Chunk {
    int first_vertex = 0;  // into vertices
    int vertex_count = 0;
    glm::vec3 lo_ws{0.0f};  // bounding box, world
    glm::vec3 hi_ws{0.0f};
  };
  std::vector<StaticVertex> vertices;  // triangle list, chunk after chunk
  std::vector<Chunk> chunks;           // in increasing x
};

// Orders a triangle list (counter-clockwise front faces) into chunks of
// StaticMeshRenderer::kChunkLengthM (12 m) along x by each triangle's centroid:
// chunks in increasing x, triangles within a chunk in their given order.
// A trailing incomplete triangle is dropped. Pure (no GL).
StaticMeshChunks ChunkStaticMesh(std::span<const StaticVertex> triangles);

// The chunks' triangles drawn by index, each chunk's repeated vertices
// (the same position, normal, colour and material, bit for bit) stored
// once: a vertex stage runs once per stored vertex, not three times per
// triangle. On llvmpipe, whose vertex stage is single-threaded CPU code,
// the demo's world goes from 225237 vertices to 84871 (2.65x fewer).
struct IndexedStaticMesh {
  struct Range {
    int first_index = 0;  // into indices
    int index_count = 0;  // 3 per triangle, in the chunk's triangle order
  };
  std::vector<StaticVertex> vertices;
  std::vector<uint32_t> indices;  // absolute, into vertices
  std::vector<Range> ranges;      // one per chunk, in chunk order
};

// Indexes every chunk of `mesh` (chunks keep their order and triangles).
// Pure (no GL).
IndexedStaticMesh IndexStaticChunks(const StaticMeshChunks& mesh);

}  // namespace knights::render
