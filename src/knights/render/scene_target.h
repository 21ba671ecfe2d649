#pragma once
// The offscreen colour and depth buffers the scene is drawn into before the
// post pass: linear HDR colour (R11F_G11F_B10F), multisampled when MSAA is asked for
// and the driver can (resolved into a single-sampled texture by a blit), at
// the render scale's size. Reallocated only when the size or the sample count
// changes (window resize, settings), never per frame.

#include "knights/render/gl_object.h"

namespace knights::render {

class SceneTarget {
 public:
  // Makes the buffers width_px x height_px with `samples` samples (0 or 1:
  // single-sampled). Falls back to single-sampled when the multisampled
  // framebuffer is incomplete. Returns false when even that fails.
  bool Ensure(int width_px, int height_px, int samples);

  // Binds the framebuffer the scene is drawn into, with its viewport.
  void BeginScene() const;
  // Resolves the multisampled colour into resolved_texture() (no-op when
  // single-sampled: the scene was drawn into it directly).
  void Resolve() const;

  GLuint resolved_texture() const { return resolved_color_.id(); }
  int width_px() const { return width_px_; }
  int height_px() const { return height_px_; }
  int samples() const { return samples_; }  // 0 when single-sampled

 private:
  GlFramebuffer msaa_framebuffer_;
  GlRenderbuffer msaa_color_;
  GlRenderbuffer msaa_depth_;
  GlFramebuffer resolved_framebuffer_;
  GlTexture resolved_color_;
  GlRenderbuffer resolved_depth_;  // only when single-sampled
  int width_px_ = 0;
  int height_px_ = 0;
  int samples_ = 0;
  int requested_samples_ = -1;
};

}  // namespace knights::render
