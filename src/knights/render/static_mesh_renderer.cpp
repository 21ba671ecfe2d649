#include "knights/render/static_mesh_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace knights::render {

core::Expected<StaticMeshRenderer> StaticMeshRenderer::Create(StaticSurfaces surfaces) {
  StaticMeshRenderer r;
  if (surfaces == StaticSurfaces::kAllMaterials) {
    auto program = ShaderProgram::Load("shaders/static_mesh");
    if (!program) return program.status();
    auto fast = ShaderProgram::Load("shaders/static_mesh", "shaders/static_mesh_fast");
    if (!fast) return fast.status();
    auto depth = ShaderProgram::Load("shaders/static_mesh", "shaders/shadow_depth");
    if (!depth) return depth.status();
    r.program_ = std::move(*program);
    r.fast_program_ = std::move(*fast);
    r.depth_program_ = std::move(*depth);
  } else {
    auto program = ShaderProgram::Load("shaders/static_mesh", "shaders/static_mesh_distant");
    if (!program) return program.status();
    r.program_ = std::move(*program);
  }
  r.vao_ = CreateVertexArray();
  r.vbo_ = CreateBuffer();
  r.ebo_ = CreateBuffer();
  glBindVertexArray(r.vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, r.vbo_.id());
  auto offset = [](size_t bytes) { return reinterpret_cast<const void*>(bytes); };
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(StaticVertex), offset(offsetof(StaticVertex, position_ws)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(StaticVertex), offset(offsetof(StaticVertex, normal_ws)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, sizeof(StaticVertex), offset(offsetof(StaticVertex, color)));
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 1, GL_FLOAT, GL_FALSE, sizeof(StaticVertex), offset(offsetof(StaticVertex, material)));
  glBindVertexArray(0);
  return r;
}

StaticMeshChunks ChunkStaticMesh(std::span<const StaticVertex> triangles) {
  // A stable counting sort of the triangles by the chunk their centroid
  // falls in: chunks in increasing x, triangles within a chunk in their
  // original order (load time, any thread; no GL).
  StaticMeshChunks out;
  const size_t triangle_count = triangles.size() / 3;
  if (triangle_count == 0) return out;
  // 1. Each triangle's chunk index.
  std::vector<long> chunk_of(triangle_count);
  long lo = std::numeric_limits<long>::max();
  long hi = std::numeric_limits<long>::min();
  for (size_t t = 0; t < triangle_count; ++t) {
    const StaticVertex* v = &triangles[t * 3];
    const float cx = (v[0].position_ws.x + v[1].position_ws.x + v[2].position_ws.x) / 3.0f;
    // Clamped to +-1e9 chunks so the conversion is defined for any input;
    // a NaN position goes to chunk 0.
    float index = std::floor(cx / StaticMeshRenderer::kChunkLengthM);
    if (std::isnan(index)) index = 0.0f;
    chunk_of[t] = static_cast<long>(std::clamp(index, -1e9f, 1e9f));
    lo = std::min(lo, chunk_of[t]);
    hi = std::max(hi, chunk_of[t]);
  }
  // 2. The order: counting sort over the occupied index range, or a stable
  // sort where the range is far larger than the triangle count (scattered
  // geometry), so the counters stay small either way.
  std::vector<uint32_t> order(triangle_count);
  const unsigned long range = static_cast<unsigned long>(hi - lo) + 1;
  if (range <= 4 * triangle_count) {
    std::vector<uint32_t> start(range + 1, 0);
    for (long c : chunk_of) ++start[static_cast<size_t>(c - lo) + 1];
    for (size_t i = 1; i <= range; ++i) start[i] += start[i - 1];
    for (size_t t = 0; t < triangle_count; ++t) {
      order[start[static_cast<size_t>(chunk_of[t] - lo)]++] = static_cast<uint32_t>(t);
    }
  } else {
    for (size_t t = 0; t < triangle_count; ++t) order[t] = static_cast<uint32_t>(t);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return chunk_of[a] < chunk_of[b]; });
  }
  // 3. Copy in that order, recording each chunk's range and bounds.
  out.vertices.reserve(triangle_count * 3);
  for (size_t k = 0; k < triangle_count; ++k) {
    const uint32_t t = order[k];
    if (k == 0 || chunk_of[t] != chunk_of[order[k - 1]]) {
      StaticMeshChunks::Chunk chunk;
      chunk.first_vertex = static_cast<GLint>(out.vertices.size());
      chunk.lo_ws = glm::vec3(std::numeric_limits<float>::max());
      chunk.hi_ws = glm::vec3(-std::numeric_limits<float>::max());
      out.chunks.push_back(chunk);
    }
    StaticMeshChunks::Chunk& chunk = out.chunks.back();
    for (int i = 0; i < 3; ++i) {
      const StaticVertex& v = triangles[t * 3 + static_cast<size_t>(i)];
      chunk.lo_ws = glm::min(chunk.lo_ws, v.position_ws);
      chunk.hi_ws = glm::max(chunk.hi_ws, v.position_ws);
      out.vertices.push_back(v);
    }
    chunk.vertex_count += 3;
  }
  return out;
}

void StaticMeshRenderer::Upload(std::span<const StaticVertex> triangles) { Upload(ChunkStaticMesh(triangles)); }

void StaticMeshRenderer::Upload(const StaticMeshChunks& mesh, const StaticMeshChunks& moving) {
  // Drawn by index (IndexStaticChunks): the moving pieces' vertices and
  // indices after the world's, each piece's indices from its own base vertex.
  const IndexedStaticMesh world = IndexStaticChunks(mesh);
  const IndexedStaticMesh pieces = IndexStaticChunks(moving);
  chunks_.clear();
  auto add = [&](const StaticMeshChunks& from, const IndexedStaticMesh& indexed, int base_vertex, int first_index) {
    for (size_t i = 0; i < from.chunks.size(); ++i) {
      chunks_.push_back({first_index + indexed.ranges[i].first_index, indexed.ranges[i].index_count, base_vertex,
                         from.chunks[i].lo_ws, from.chunks[i].hi_ws});
    }
  };
  add(mesh, world, 0, 0);
  first_moving_ = chunks_.size();
  add(moving, pieces, static_cast<int>(world.vertices.size()), static_cast<int>(world.indices.size()));
  placements_.assign(moving.chunks.size(), ChunkPlacement{});
  auto upload = [](GLenum target, GLuint buffer, const auto& first, const auto& second) {
    const auto first_bytes = static_cast<GLsizeiptr>(first.size() * sizeof(first[0]));
    const auto second_bytes = static_cast<GLsizeiptr>(second.size() * sizeof(second[0]));
    glBindBuffer(target, buffer);
    glBufferData(target, first_bytes + second_bytes, nullptr, GL_STATIC_DRAW);
    if (first_bytes > 0) glBufferSubData(target, 0, first_bytes, first.data());
    if (second_bytes > 0) glBufferSubData(target, first_bytes, second_bytes, second.data());
  };
  glBindVertexArray(vao_.id());  // the element buffer binding belongs to the vertex array
  upload(GL_ARRAY_BUFFER, vbo_.id(), world.vertices, pieces.vertices);
  upload(GL_ELEMENT_ARRAY_BUFFER, ebo_.id(), world.indices, pieces.indices);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void StaticMeshRenderer::Place(std::span<const ChunkPlacement> placements) {
  std::copy_n(placements.begin(), std::min(placements.size(), placements_.size()), placements_.begin());
}

void StaticMeshRenderer::DrawVisibleChunks(const glm::mat4& cull_view_proj, const ShaderProgram& program) const {
  glBindVertexArray(vao_.id());
  last_drawn_chunks_ = 0;
  program.Set("u_offset_ws", glm::vec3(0.0f));
  for (size_t i = 0; i < chunks_.size(); ++i) {
    const Chunk& chunk = chunks_[i];
    const ChunkPlacement placement = i < first_moving_ ? ChunkPlacement{} : placements_[i - first_moving_];
    if (!placement.visible ||
        BoxOutsideFrustum(cull_view_proj, chunk.lo_ws + placement.offset_ws, chunk.hi_ws + placement.offset_ws)) {
      continue;
    }
    if (i >= first_moving_) program.Set("u_offset_ws", placement.offset_ws);
    glDrawElementsBaseVertex(GL_TRIANGLES, chunk.index_count, GL_UNSIGNED_INT,
                             reinterpret_cast<const void*>(static_cast<size_t>(chunk.first_index) * sizeof(uint32_t)),
                             chunk.base_vertex);
    ++last_drawn_chunks_;
  }
  glBindVertexArray(0);
}

void StaticMeshRenderer::Draw(const FrameView& view, const SceneLighting& lighting, bool receive_shadows) const {
  if (chunks_.empty()) return;
  const ShaderProgram& program = lighting.fast_shading && fast_program_.valid() ? fast_program_ : program_;
  program.Use();
  program.Set("u_view_proj", view.view_proj);
  program.Set("u_receive_shadows", receive_shadows ? 1 : 0);
  ApplyLighting(program, view, lighting);
  DrawVisibleChunks(view.view_proj, program);
}

void StaticMeshRenderer::DrawDepth(const glm::mat4& light_view_proj) const {
  if (chunks_.empty() || !depth_program_.valid()) return;
  depth_program_.Use();
  depth_program_.Set("u_view_proj", light_view_proj);
  const int drawn = last_drawn_chunks_;
  DrawVisibleChunks(light_view_proj, depth_program_);
  last_drawn_chunks_ = drawn;  // the statistic is about the camera pass
}

}  // namespace knights::render
