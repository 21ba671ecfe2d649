#pragma once
// The last full-screen pass: reads the resolved linear HDR scene, applies
// exposure, a filmic tone curve, optional FXAA and the sRGB encoding, and
// writes the window's framebuffer (scaling from the render scale's size).

#include "knights/core/status.h"
#include "knights/render/gl_object.h"
#include "knights/render/shader_program.h"

namespace knights::render {

struct PostParams {
  GLuint scene_texture = 0;  // linear HDR colour (SceneTarget::resolved_texture)
  int scene_width_px = 1;
  int scene_height_px = 1;
  int output_width_px = 1;  // the bound framebuffer's viewport
  int output_height_px = 1;
  float exposure = 1.0f;
  bool fxaa = false;
  float vignette = 0.0f;  // 0: none
  bool fast = false;      // the sRGB encoding from square roots (SceneSettings::fast_shading)
};

class PostPass {
 public:
  static core::Expected<PostPass> Create();
  // Draws into the currently bound draw framebuffer.
  void Draw(const PostParams& params) const;

 private:
  ShaderProgram program_;       // tone map + sRGB
  ShaderProgram fxaa_program_;  // tone map + FXAA + sRGB
  ShaderProgram fast_program_;  // the two above with the fast sRGB encoding
  ShaderProgram fxaa_fast_program_;
  GlVertexArray empty_vao_;  // core profile needs a bound VAO even without attributes
};

}  // namespace knights::render
