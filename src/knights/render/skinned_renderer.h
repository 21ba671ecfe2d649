#pragma once
// Draws skinned characters with GPU skinning. Each character's palette goes
// into its own std140 uniform buffer once per frame (a "slot"), which the
// shadow pass and the lit pass then both bind.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/core/status.h"
#include "knights/render/frame_view.h"
#include "knights/render/gl_object.h"
#include "knights/render/gpu_skinned_mesh.h"
#include "knights/render/scene_lighting.h"
#include "knights/render/shader_program.h"

namespace knights::render {

struct SkinnedDrawDesc {
  const GpuSkinnedMesh* mesh = nullptr;
  int palette_slot = 0;  // slot filled by UploadPalette this frame
  int palette_size = 0;  // matrices in that slot (0: draw the bind pose)
  glm::mat4 model_to_world{1.0f};
  bool skinning = true;  // false: bind pose
  glm::vec3 tint{0.0f};  // added colour (highlight)
};

class SkinnedRenderer {
 public:
  static core::Expected<SkinnedRenderer> Create();
  // Writes a model-space palette (anim::SkinningPaletteJob, at most 128
  // matrices) into `slot`. Slots are created on first use and kept, so a
  // steady number of characters allocates nothing per frame.
  void UploadPalette(int slot, std::span<const glm::mat4> palette_ms);
  void Draw(const FrameView& view, const SceneLighting& lighting, const SkinnedDrawDesc& desc) const;
  // Depth only, into the bound shadow map (no colour buffer), with the shadow
  // map unbound from kShadowTextureUnit: the lit program draws it.
  void DrawDepth(const glm::mat4& light_view_proj, const SkinnedDrawDesc& desc) const;

  // Strength of the rim light that separates knights from the background.
  float rim_strength = 0.45f;

 private:
  void BindPalette(const SkinnedDrawDesc& desc, const ShaderProgram& program) const;

  ShaderProgram program_;               // lit; also draws the shadow pass (see DrawDepth)
  ShaderProgram fast_program_;          // lit with SceneLighting::fast_shading
  std::vector<GlBuffer> palette_ubos_;  // one per slot
};

}  // namespace knights::render
