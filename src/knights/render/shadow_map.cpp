#include "knights/render/shadow_map.h"

#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

namespace knights::render {

ShadowFit FitShadowFrustum(const ShadowFitDesc& desc) {
  ShadowFit fit;
  // 1. Light space: a rotation that looks along the sunlight (-sun_dir).
  const glm::vec3 towards_sun = glm::normalize(desc.sun_dir_ws);
  const glm::vec3 up = std::fabs(towards_sun.y) < 0.99f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(0.0f, 0.0f, 1.0f);
  fit.world_to_light = glm::lookAt(glm::vec3(0.0f), -towards_sun, up);

  // 2. Light-space bounds of the box centred at the origin: a constant size,
  // whatever the focus, because the light view has no translation.
  glm::vec3 lo(std::numeric_limits<float>::max());
  glm::vec3 hi(-std::numeric_limits<float>::max());
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner((i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f);
    const glm::vec3 p_ls = glm::vec3(fit.world_to_light * glm::vec4(corner * desc.half_extents_m, 1.0f));
    lo = glm::min(lo, p_ls);
    hi = glm::max(hi, p_ls);
  }
  const glm::vec2 extent_ls = glm::vec2(hi - lo);
  const glm::vec2 texel_ls = extent_ls / static_cast<float>(std::max(desc.map_size_px, 1));
  fit.texel_size_m = std::max(texel_ls.x, texel_ls.y);

  // 3. Move the box to the focus, snapping x, y to whole texels.
  const glm::vec3 focus_ls = glm::vec3(fit.world_to_light * glm::vec4(desc.focus_ws, 1.0f));
  const glm::vec2 origin = glm::vec2(focus_ls) + glm::vec2(lo);
  fit.origin_ls = glm::floor(origin / texel_ls) * texel_ls;
  const glm::vec2 min_ls = fit.origin_ls;
  const glm::vec2 max_ls = fit.origin_ls + extent_ls;
  // Depth: light space looks down -z, so near = -(largest z), far = -(smallest z).
  const float near_m = -(focus_ls.z + hi.z + desc.caster_margin_m);
  const float far_m = -(focus_ls.z + lo.z);
  fit.light_proj = glm::ortho(min_ls.x, max_ls.x, min_ls.y, max_ls.y, near_m, far_m);
  fit.view_proj = fit.light_proj * fit.world_to_light;

  // 4. Clip [-1,1] -> texture [0,1] (x, y and depth).
  glm::mat4 bias(0.5f);
  bias[3] = glm::vec4(0.5f, 0.5f, 0.5f, 1.0f);
  fit.world_to_shadow = bias * fit.view_proj;
  return fit;
}

core::Expected<ShadowMap> ShadowMap::Create(int size_px) {
  ShadowMap map;
  map.size_px_ = size_px;
  map.depth_ = CreateTexture();
  glBindTexture(GL_TEXTURE_2D, map.depth_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, size_px, size_px, 0, GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  glBindTexture(GL_TEXTURE_2D, 0);
  map.framebuffer_ = CreateFramebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, map.framebuffer_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, map.depth_.id(), 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    return core::Status::Error("shadow map " + std::to_string(size_px) + "x" + std::to_string(size_px) +
                               ": framebuffer incomplete (status 0x" + std::to_string(status) + ")");
  }
  return map;
}

void ShadowMap::BeginPass() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
  glViewport(0, 0, size_px_, size_px_);
  glClear(GL_DEPTH_BUFFER_BIT);
}

}  // namespace knights::render
