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

#include "knights/core/status.h"
#include "knights/render/gl_object.h"
#include "knights/render/shadow_fit.h"

namespace knights::render {

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
