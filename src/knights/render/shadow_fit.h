#pragma once
// The sun's orthographic shadow frustum, fitted to the part of the play
// strip the camera sees and snapped to whole texels (pure math, no GL).

#include <glm/glm.hpp>

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

}  // namespace knights::render
