#include "render/static_mesh_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <map>

namespace knights::render {

core::Expected<StaticMeshRenderer> StaticMeshRenderer::Create() {
  auto program = ShaderProgram::Load("shaders/static_mesh");
  if (!program) return program.status();
  auto depth = ShaderProgram::Load("shaders/static_mesh", "shaders/shadow_depth");
  if (!depth) return depth.status();
  StaticMeshRenderer r;
  r.program_ = std::move(*program);
  r.depth_program_ = std::move(*depth);
  r.vao_ = CreateVertexArray();
  r.vbo_ = CreateBuffer();
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

void StaticMeshRenderer::Upload(std::span<const StaticVertex> triangles) {
  // 1. Bin the triangles by the chunk their centroid falls in (load time).
  std::map<long, std::vector<StaticVertex>> bins;
  for (size_t i = 0; i + 2 < triangles.size(); i += 3) {
    const float cx = (triangles[i].position_ws.x + triangles[i + 1].position_ws.x + triangles[i + 2].position_ws.x) / 3.0f;
    std::vector<StaticVertex>& bin = bins[static_cast<long>(std::floor(cx / kChunkLengthM))];
    bin.insert(bin.end(), triangles.begin() + static_cast<std::ptrdiff_t>(i),
               triangles.begin() + static_cast<std::ptrdiff_t>(i + 3));
  }
  // 2. Concatenate, recording each chunk's range and bounds.
  std::vector<StaticVertex> ordered;
  ordered.reserve(triangles.size());
  chunks_.clear();
  for (const auto& [index, bin] : bins) {
    Chunk chunk;
    chunk.first_vertex = static_cast<GLint>(ordered.size());
    chunk.vertex_count = static_cast<GLsizei>(bin.size());
    chunk.lo_ws = glm::vec3(std::numeric_limits<float>::max());
    chunk.hi_ws = glm::vec3(-std::numeric_limits<float>::max());
    for (const StaticVertex& v : bin) {
      chunk.lo_ws = glm::min(chunk.lo_ws, v.position_ws);
      chunk.hi_ws = glm::max(chunk.hi_ws, v.position_ws);
    }
    ordered.insert(ordered.end(), bin.begin(), bin.end());
    chunks_.push_back(chunk);
  }
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.id());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(ordered.size() * sizeof(StaticVertex)), ordered.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void StaticMeshRenderer::DrawVisibleChunks(const glm::mat4& cull_view_proj) const {
  glBindVertexArray(vao_.id());
  last_drawn_chunks_ = 0;
  for (const Chunk& chunk : chunks_) {
    if (BoxOutsideFrustum(cull_view_proj, chunk.lo_ws, chunk.hi_ws)) continue;
    glDrawArrays(GL_TRIANGLES, chunk.first_vertex, chunk.vertex_count);
    ++last_drawn_chunks_;
  }
  glBindVertexArray(0);
}

void StaticMeshRenderer::Draw(const FrameView& view, const SceneLighting& lighting, bool receive_shadows) const {
  if (chunks_.empty()) return;
  program_.Use();
  program_.Set("u_view_proj", view.view_proj);
  program_.Set("u_receive_shadows", receive_shadows ? 1 : 0);
  ApplyLighting(program_, view, lighting);
  DrawVisibleChunks(view.view_proj);
}

void StaticMeshRenderer::DrawDepth(const glm::mat4& light_view_proj) const {
  if (chunks_.empty()) return;
  depth_program_.Use();
  depth_program_.Set("u_view_proj", light_view_proj);
  const int drawn = last_drawn_chunks_;
  DrawVisibleChunks(light_view_proj);
  last_drawn_chunks_ = drawn;  // the statistic is about the camera pass
}

}  // namespace knights::render
