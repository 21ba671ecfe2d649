#pragma once
// The sun's shadow map: one depth texture rendered from the sun with an
// orthographic projection fitted to a box around the camera's focus on the
// play strip.
//
// Stability: the light's view is a pure rotation (the sun direction never
// changes), the box has a fixed size, so the projection only translates as
// the camera moves; the translation is snapped to whole shadow-map texels,
// so a static caster covers the same texels in every frame and its shadow
// edge does not crawl ("Stable cascaded shadow maps": M. Valient, ShaderX6,
// 2008; also "Common Techniques to Improve Shadow Depth Maps", Microsoft
// DirectX documentation).

#include <glm/glm.hpp>

#include "core/status.h"
#include "render/gl_object.h"

namespace knights::render {

struct ShadowFitDesc {
  glm::vec3 sun_dir_ws{0.0f, 1.0f, 0.0f};       // unit, towards the sun
  glm::vec3 focus_ws{0.0f};                     // centre of the shadowed box (camera target on the play plane)
  glm::vec3 half_extents_m{16.0f, 9.0f, 7.0f};  // world-axis half sizes of the box, metres
  float caster_margin_m = 40.0f;                // extra depth towards the sun for casters outside the box, metres
  int map_size_px = 2048;
};

struct ShadowFit {
  glm::mat4 world_to_light{1.0f};   // rotation only (light space: -z points along the sunlight)
  glm::mat4 light_proj{1.0f};       // orthographic, light space -> clip
  glm::mat4 view_proj{1.0f};        // world -> light clip
  glm::mat4 world_to_shadow{1.0f};  // world -> shadow map texture space [0,1]^3
  float texel_size_m = 0.0f;        // world size of one texel (larger of the two axes)
  glm::vec2 origin_ls{0.0f};  // light-space x,y of the map's lower-left corner, metres (multiple of the texel size)
};

// Fits the orthographic shadow frustum (pure math, no GL; tested).
ShadowFit FitShadowFrustum(const ShadowFitDesc& desc);

class ShadowMap {
 public:
  ShadowMap() = default;
  // A size_px x size_px 24-bit depth texture with compare mode (sampler2DShadow)
  // and linear filtering (2x2 PCF per lookup), attached to a framebuffer.
  static core::Expected<ShadowMap> Create(int size_px);

  int size_px() const { return size_px_; }
  GLuint texture() const { return depth_.id(); }
  // Binds the map's framebuffer and viewport and clears the depth to 1.
  void BeginPass() const;

 private:
  GlTexture depth_;
  GlFramebuffer framebuffer_;
  int size_px_ = 0;
};

}  // namespace knights::render
