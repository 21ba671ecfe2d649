#pragma once
// Draws core::DebugLines on top of the scene (no depth test), streaming the
// vertices into one buffer that grows only when a frame has more lines.

#include "knights/core/debug_lines.h"
#include "knights/core/status.h"
#include "knights/render/frame_view.h"
#include "knights/render/gl_object.h"
#include "knights/render/shader_program.h"

namespace knights::render {

class DebugLineRenderer {
 public:
  static core::Expected<DebugLineRenderer> Create();
  void Draw(const FrameView& view, const core::DebugLines& lines);

 private:
  ShaderProgram program_;
  GlVertexArray vao_;
  GlBuffer vbo_;
  size_t capacity_lines_ = 0;
};

}  // namespace knights::render
