#include "knights/render/scene_target.h"

#include <algorithm>

namespace knights::render {
namespace {
constexpr GLenum kColorFormat =
    GL_R11F_G11F_B10F;  // linear HDR (lit values exceed 1 before tone mapping), half the bytes of RGBA16F
constexpr GLenum kDepthFormat = GL_DEPTH_COMPONENT24;
}  // namespace

bool SceneTarget::Ensure(int width_px, int height_px, int samples) {
  width_px = std::max(width_px, 1);
  height_px = std::max(height_px, 1);
  samples = samples <= 1 ? 0 : samples;
  if (width_px == width_px_ && height_px == height_px_ && samples == requested_samples_ && resolved_color_.valid()) {
    return true;
  }
  width_px_ = width_px;
  height_px_ = height_px;
  requested_samples_ = samples;
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  samples_ = std::min(samples, static_cast<int>(max_samples));
  if (samples_ <= 1) samples_ = 0;

  // 1. The resolved (or directly drawn) colour texture, sampled by the post pass.
  resolved_color_ = CreateTexture();
  glBindTexture(GL_TEXTURE_2D, resolved_color_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, kColorFormat, width_px, height_px, 0, GL_RGB, GL_FLOAT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  resolved_framebuffer_ = CreateFramebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, resolved_framebuffer_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, resolved_color_.id(), 0);

  // 2. The multisampled buffers, if asked for and complete.
  msaa_framebuffer_.Reset();
  msaa_color_.Reset();
  msaa_depth_.Reset();
  if (samples_ > 0) {
    msaa_color_ = CreateRenderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, msaa_color_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, kColorFormat, width_px, height_px);
    msaa_depth_ = CreateRenderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, msaa_depth_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, kDepthFormat, width_px, height_px);
    msaa_framebuffer_ = CreateFramebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, msaa_framebuffer_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msaa_color_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, msaa_depth_.id());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      msaa_framebuffer_.Reset();
      msaa_color_.Reset();
      msaa_depth_.Reset();
      samples_ = 0;
    }
  }
  // 3. Single-sampled: the scene is drawn into the resolved texture, which
  // then needs its own depth buffer.
  resolved_depth_.Reset();
  bool ok = true;
  if (samples_ == 0) {
    resolved_depth_ = CreateRenderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, resolved_depth_.id());
    glRenderbufferStorage(GL_RENDERBUFFER, kDepthFormat, width_px, height_px);
    glBindFramebuffer(GL_FRAMEBUFFER, resolved_framebuffer_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, resolved_depth_.id());
    ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  }
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (!ok) resolved_color_.Reset();
  return ok;
}

void SceneTarget::BeginScene() const {
  glBindFramebuffer(GL_FRAMEBUFFER, samples_ > 0 ? msaa_framebuffer_.id() : resolved_framebuffer_.id());
  glViewport(0, 0, width_px_, height_px_);
}

void SceneTarget::Resolve() const {
  if (samples_ == 0) return;
  glBindFramebuffer(GL_READ_FRAMEBUFFER, msaa_framebuffer_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved_framebuffer_.id());
  glBlitFramebuffer(0, 0, width_px_, height_px_, 0, 0, width_px_, height_px_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace knights::render
