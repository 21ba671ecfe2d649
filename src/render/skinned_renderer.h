#pragma once
// Draws skinned characters: uploads each character's palette into a std140
// uniform buffer and draws the shared mesh with GPU skinning.

#include <span>

#include <glm/glm.hpp>

#include "core/status.h"
#include "render/frame_view.h"
#include "render/gl_object.h"
#include "render/gpu_skinned_mesh.h"
#include "render/shader_program.h"

namespace knights::render {

struct SkinnedDrawDesc {
  const GpuSkinnedMesh* mesh = nullptr;
  // Model-space palette (anim::SkinningPaletteJob), at most 128 matrices.
  std::span<const glm::mat4> palette_ms;
  glm::mat4 model_to_world{1.0f};
  bool skinning = true;           // false: bind pose
  glm::vec3 tint{0.0f};           // added colour (highlight)
};

class SkinnedRenderer {
 public:
  static core::Expected<SkinnedRenderer> Create();
  void Draw(const FrameView& view, const SkinnedDrawDesc& desc) const;

 private:
  ShaderProgram program_;
  GlBuffer palette_ubo_;
};

}  // namespace knights::render
