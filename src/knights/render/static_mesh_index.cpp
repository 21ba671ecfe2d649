#include <array>
#include <cstdint>
#include <cstring>
#include <unordered_map>

#include "knights/render/static_geometry.h"

namespace knights::render {
namespace {

// A vertex's bits as a hashable key (equal keys: the same vertex exactly;
// bits, not float values, so -0 and 0 stay apart and a NaN matches itself).
struct VertexKey {
  std::array<uint32_t, 10> bits;
  bool operator==(const VertexKey& o) const { return bits == o.bits; }
};
static_assert(sizeof(StaticVertex) == sizeof(VertexKey), "StaticVertex must be 10 packed floats");

struct VertexKeyHash {
  size_t operator()(const VertexKey& k) const {
    uint64_t h = 1469598103934665603ull;  // FNV-1a over the ten words
    for (const uint32_t word : k.bits) h = (h ^ word) * 1099511628211ull;
    return static_cast<size_t>(h);
  }
};

}  // namespace

IndexedStaticMesh IndexStaticChunks(const StaticMeshChunks& mesh) {
  IndexedStaticMesh out;
  out.indices.reserve(mesh.vertices.size());
  out.ranges.reserve(mesh.chunks.size());
  std::unordered_map<VertexKey, uint32_t, VertexKeyHash> seen;
  for (const StaticMeshChunks::Chunk& chunk : mesh.chunks) {
    // Shared within a chunk only, so each chunk's vertices stay together.
    seen.clear();
    IndexedStaticMesh::Range range;
    range.first_index = static_cast<int>(out.indices.size());
    for (int i = 0; i < chunk.vertex_count; ++i) {
      const StaticVertex& v = mesh.vertices[static_cast<size_t>(chunk.first_vertex) + static_cast<size_t>(i)];
      VertexKey key{};
      std::memcpy(key.bits.data(), &v, sizeof(key.bits));
      const auto [it, added] = seen.try_emplace(key, static_cast<uint32_t>(out.vertices.size()));
      if (added) out.vertices.push_back(v);
      out.indices.push_back(it->second);
    }
    range.index_count = chunk.vertex_count;
    out.ranges.push_back(range);
  }
  return out;
}

}  // namespace knights::render
