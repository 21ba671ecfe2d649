#include "knights/render/debug_line_renderer.h"

#include <cstddef>

namespace knights::render {
namespace {
// One line is two vertices laid out as core::DebugLine is: from, to, colour
// would not interleave, so lines are uploaded as {position, colour} pairs.
struct LineVertex {
  glm::vec3 position_ws;
  glm::vec4 color;
};
}  // namespace

core::Expected<DebugLineRenderer> DebugLineRenderer::Create() {
  auto program = ShaderProgram::Load("shaders/debug_lines");
  if (!program) return program.status();
  DebugLineRenderer r;
  r.program_ = std::move(*program);
  r.vao_ = CreateVertexArray();
  r.vbo_ = CreateBuffer();
  glBindVertexArray(r.vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, r.vbo_.id());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                        reinterpret_cast<const void*>(offsetof(LineVertex, position_ws)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                        reinterpret_cast<const void*>(offsetof(LineVertex, color)));
  glBindVertexArray(0);
  return r;
}

void DebugLineRenderer::Draw(const FrameView& view, const core::DebugLines& lines) {
  const auto& src = lines.lines();
  if (src.empty()) return;
  glBindVertexArray(vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.id());
  if (src.size() > capacity_lines_) {
    capacity_lines_ = src.size() * 2;
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_lines_ * 2 * sizeof(LineVertex)), nullptr,
                 GL_STREAM_DRAW);
  }
  // Map and write in place: no CPU-side staging copy.
  auto* out = static_cast<LineVertex*>(glMapBufferRange(GL_ARRAY_BUFFER, 0,
                                                        static_cast<GLsizeiptr>(src.size() * 2 * sizeof(LineVertex)),
                                                        GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT));
  if (out == nullptr) return;
  for (const core::DebugLine& line : src) {
    *out++ = {line.from_ws, line.color};
    *out++ = {line.to_ws, line.color};
  }
  glUnmapBuffer(GL_ARRAY_BUFFER);
  glDisable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  program_.Use();
  program_.Set("u_view_proj", view.view_proj);
  glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(src.size() * 2));
  glDisable(GL_BLEND);
  glEnable(GL_DEPTH_TEST);
  glBindVertexArray(0);
}

}  // namespace knights::render
