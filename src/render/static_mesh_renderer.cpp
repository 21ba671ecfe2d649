#include "render/static_mesh_renderer.h"

#include <cstddef>

namespace knights::render {

core::Expected<StaticMeshRenderer> StaticMeshRenderer::Create() {
  auto program = ShaderProgram::Load("shaders/static_mesh");
  if (!program) return program.status();
  StaticMeshRenderer r;
  r.program_ = std::move(*program);
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
  glBindVertexArray(0);
  return r;
}

void StaticMeshRenderer::Upload(std::span<const StaticVertex> triangles) {
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.id());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(triangles.size_bytes()), triangles.data(), GL_STATIC_DRAW);
  vertex_count_ = static_cast<GLsizei>(triangles.size());
}

void StaticMeshRenderer::Draw(const FrameView& view, const glm::vec3& fog_color, float fog_density_per_m) const {
  if (vertex_count_ == 0) return;
  program_.Use();
  program_.Set("u_view_proj", view.view_proj);
  program_.Set("u_sun_dir_ws", view.sun_dir_ws);
  program_.Set("u_sun_color", view.sun_color);
  program_.Set("u_sky_color", view.sky_color);
  program_.Set("u_ground_color", view.ground_color);
  program_.Set("u_eye_ws", view.eye_ws);
  program_.Set("u_fog_color", fog_color);
  program_.Set("u_fog_density", fog_density_per_m);
  glBindVertexArray(vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, vertex_count_);
  glBindVertexArray(0);
}

}  // namespace knights::render
