#pragma once
// Draws the sky gradient behind everything (depth at the far plane).

#include <glm/glm.hpp>

#include "core/status.h"
#include "render/gl_object.h"
#include "render/shader_program.h"

namespace knights::render {

class SkyPass {
 public:
  static core::Expected<SkyPass> Create();
  // Colours are linear RGB; sun_ndc is the sun's position on screen.
  void Draw(const glm::vec3& horizon_color, const glm::vec3& zenith_color, const glm::vec2& sun_ndc) const;

 private:
  ShaderProgram program_;
  GlVertexArray empty_vao_;  // core profile needs a bound VAO even without attributes
};

}  // namespace knights::render
