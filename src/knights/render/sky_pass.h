#pragma once
// Draws the sky behind everything (depth at the far plane): a gradient from
// the horizon (fog) colour to the zenith along each pixel's view ray, the
// sun, and clouds on a high plane (shaders/sky.frag).

#include <glm/glm.hpp>

#include "knights/core/status.h"
#include "knights/render/frame_view.h"
#include "knights/render/gl_object.h"
#include "knights/render/shader_program.h"

namespace knights::render {

class SkyPass {
 public:
  static core::Expected<SkyPass> Create();
  // The sky of view.light. Drawn with depth test LEQUAL and no depth
  // writes, so only pixels nothing else covered get sky.
  void Draw(const FrameView& view) const;

 private:
  ShaderProgram program_;
  GlVertexArray empty_vao_;  // core profile needs a bound VAO even without attributes
};

}  // namespace knights::render
