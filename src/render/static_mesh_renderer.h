#pragma once
// World geometry (terrain, platforms, ladders, props) uploaded once in world
// space and drawn lit with a procedural grass/earth pattern and fog.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/status.h"
#include "render/frame_view.h"
#include "render/gl_object.h"
#include "render/shader_program.h"

namespace knights::render {

struct StaticVertex {
  glm::vec3 position_ws{0.0f};
  glm::vec3 normal_ws{0.0f, 1.0f, 0.0f};
  glm::vec3 color{1.0f};  // linear RGB
};

class StaticMeshRenderer {
 public:
  static core::Expected<StaticMeshRenderer> Create();
  // Replaces the geometry (triangle list, counter-clockwise front faces).
  void Upload(std::span<const StaticVertex> triangles);
  void Draw(const FrameView& view, const glm::vec3& fog_color, float fog_density_per_m) const;

 private:
  ShaderProgram program_;
  GlVertexArray vao_;
  GlBuffer vbo_;
  GLsizei vertex_count_ = 0;
};

}  // namespace knights::render
