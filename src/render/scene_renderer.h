#pragma once
// Draws one frame of the game: sky, world geometry, knights (GPU skinned,
// interpolated between the last two sim states), debug lines on top.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/skinned_mesh.h"
#include "core/debug_lines.h"
#include "core/status.h"
#include "render/debug_line_renderer.h"
#include "render/frame_view.h"
#include "render/gpu_skinned_mesh.h"
#include "render/skinned_renderer.h"
#include "render/sky_pass.h"
#include "render/static_mesh_renderer.h"
#include "world/world.h"

namespace knights::render {

// One knight to draw: its palettes and placements at the last two sim
// steps, blended by the frame's interpolation factor.
struct KnightInstance {
  std::span<const glm::mat4> palette_ms;
  std::span<const glm::mat4> previous_palette_ms;
  glm::mat4 model_to_world{1.0f};
  glm::mat4 previous_model_to_world{1.0f};
  int look = 0;                 // mesh variant
  bool bind_pose = false;       // draw without skinning (overlay toggle)
  glm::vec3 tint{0.0f};
};

struct SceneSettings {
  glm::vec3 fog_color{0.70f, 0.74f, 0.80f};
  float fog_density_per_m = 0.012f;
};

class SceneRenderer {
 public:
  // Uploads the world's geometry and each mesh look (looks[0] is the player's).
  static core::Expected<SceneRenderer> Create(const world::World& world, std::span<const anim::SkinnedMesh* const> looks);

  // alpha: interpolation between previous (0) and current (1) sim states.
  void Draw(const FrameView& view, std::span<const KnightInstance> knights, float alpha,
            const core::DebugLines& debug_lines, const SceneSettings& settings);

 private:
  SkyPass sky_;
  StaticMeshRenderer world_;
  SkinnedRenderer skinned_;
  DebugLineRenderer lines_;
  std::vector<GpuSkinnedMesh> looks_;
  std::vector<glm::mat4> blended_palette_ms_;  // scratch, sized once
};

}  // namespace knights::render
