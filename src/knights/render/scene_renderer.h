#pragma once
// Draws one frame of the game:
//   1. knights' palettes (interpolated between the last two sim states) into
//      per-knight uniform buffers;
//   2. shadow pass: world and knights into the sun's shadow map (fitted to
//      the camera's part of the play strip, texel-snapped);
//   3. scene pass into an offscreen linear HDR target (4x MSAA when
//      available, at the render scale's size): world, background layers,
//      knights, sky last;
//   4. MSAA resolve, then the post pass (exposure, filmic tone map, FXAA
//      when MSAA is off or unavailable, sRGB) into the window's framebuffer;
//   5. debug lines on top, at window resolution.
// The window's framebuffer stays bound at the end (screenshots read it).

#include <memory>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/anim/skinned_mesh.h"
#include "knights/core/debug_lines.h"
#include "knights/core/status.h"
#include "knights/render/frame_view.h"
#include "knights/render/moving_scenery.h"
#include "knights/render/shadow_fit.h"
#include "knights/render/static_geometry.h"
#include "knights/world/world.h"

namespace knights::render {

// One knight to draw: its palettes and placements at the last two sim
// steps, blended by the frame's interpolation factor.
struct KnightInstance {
  std::span<const glm::mat4> palette_ms;
  std::span<const glm::mat4> previous_palette_ms;
  glm::mat4 model_to_world{1.0f};
  glm::mat4 previous_model_to_world{1.0f};
  int look = 0;            // mesh variant
  bool bind_pose = false;  // draw without skinning (overlay toggle)
  glm::vec3 tint{0.0f};
};

enum class AntiAliasing { kOff, kFxaa, kMsaa };

struct SceneSettings {
  // The fog's colour is the light's (FrameView::light, SkyLight::fog_color).
  float fog_density_per_m = 0.007f;
  float fog_start_m = 16.0f;  // the play strip (~9-15 m away) stays clear
  bool shadows = true;
  int shadow_map_size_px = 2048;
  AntiAliasing anti_aliasing = AntiAliasing::kMsaa;  // falls back to FXAA without multisampling
  int msaa_samples = 4;
  float render_scale = 1.0f;  // offscreen size / window size, clamped to [0.25, 2]
  float exposure = 1.0f;
  float vignette = 0.3f;
  bool background = true;  // the far parallax layers
  // Cheaper lit shaders for a software rasteriser (shaders/*_fast.frag:
  // one shadow tap, one noise per material); the same light, fog and
  // grading, so the picture keeps its look.
  bool fast_shading = false;
};

// What the last Draw did (for tests, the overlay and benchmarks).
struct SceneStats {
  int scene_width_px = 0;  // offscreen size (window size x render scale)
  int scene_height_px = 0;
  int msaa_samples = 0;  // 0: single-sampled
  bool fxaa = false;
  bool shadows = false;
  float shadow_texel_m = 0.0f;
  int knights_drawn = 0;  // after frustum culling
  int world_chunks_drawn = 0;
};

// The world's static geometry, built and chunked on the CPU (no GL: any
// thread, e.g. while the GL context and the programs are being made).
struct SceneGeometry {
  StaticMeshChunks world;             // BuildWorldMesh
  StaticMeshChunks background;        // BuildBackgroundMesh (the far layers)
  MovingScenery moving;               // BuildMovingScenery (flags, portcullis)
  std::vector<glm::vec3> torches_ws;  // TorchFlamesWs: the torches' flames, which light a dusk
  int props_not_drawn = 0;            // the level's props over the budget of screen cover (ChoosePropsToDraw)
};
SceneGeometry BuildSceneGeometry(const world::World& world);

class SceneRenderer {
 public:
  // Compiles and links the programs; no geometry yet (UploadGeometry).
  static core::Expected<SceneRenderer> Create();
  // Create() and UploadGeometry(BuildSceneGeometry(world), looks).
  static core::Expected<SceneRenderer> Create(const world::World& world,
                                              std::span<const anim::SkinnedMesh* const> looks);
  // Uploads the static geometry and each mesh look (looks[0] is the
  // player's), replacing what was there. The CPU copies are not kept.
  void UploadGeometry(const SceneGeometry& geometry, std::span<const anim::SkinnedMesh* const> looks);
  // Replaces the static geometry only (another level), keeping the looks.
  void UploadScene(const SceneGeometry& geometry);

  // Where the moving scenery's pieces are drawn from the next Draw on
  // (PlaceMovingScenery; one per piece of the uploaded geometry.moving).
  void PlaceScenery(std::span<const ChunkPlacement> placements);

  // alpha: interpolation between previous (0) and current (1) sim states.
  // Draws into the window's framebuffer (0) of size view.width_px x view.height_px.
  void Draw(const FrameView& view, std::span<const KnightInstance> knights, float alpha,
            const core::DebugLines& debug_lines, const SceneSettings& settings);

  const SceneStats& stats() const;
  // The shadow frustum of the last frame (tests: where shadows can fall).
  const ShadowFit& shadow_fit() const;

  SceneRenderer(SceneRenderer&&) noexcept;
  SceneRenderer& operator=(SceneRenderer&&) noexcept;
  ~SceneRenderer();

 private:
  // The GL objects and passes (scene_renderer.cpp): this header, the face
  // app and ui draw through, has no GL in it.
  struct Impl;
  explicit SceneRenderer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace knights::render
