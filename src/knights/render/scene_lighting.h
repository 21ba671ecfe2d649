#pragma once
// The lighting inputs every lit pass shares (shaders/lighting.glsl): sun,
// hemisphere ambient, shadow map, fog. Filled once per frame by
// SceneRenderer and applied to each lit program.

#include <array>

#include <glm/glm.hpp>

#include "knights/render/frame_view.h"
#include "knights/render/gl_object.h"
#include "knights/render/shader_program.h"

namespace knights::render {

struct SceneLighting {
  bool shadows = false;
  GLuint shadow_texture = 0;               // depth texture with compare mode (ShadowMap::texture)
  glm::mat4 world_to_shadow{1.0f};         // world -> shadow map [0,1]^3
  float shadow_texel_m = 0.02f;            // world size of one shadow texel, metres
  glm::vec3 fog_color{0.7f, 0.75f, 0.8f};  // linear RGB, the horizon colour
  float fog_density_per_m = 0.0f;
  float fog_start_m = 0.0f;
  // The *_fast.frag programs (SceneSettings::fast_shading).
  bool fast_shading = false;
  // The torches that light this frame (the nearest to the camera's view;
  // none when the light's torch_color is 0): their flames, world space.
  static constexpr int kMaxPointLights = 6;  // shaders/lighting.glsl's kMaxPointLights
  std::array<glm::vec3, kMaxPointLights> point_lights_ws{};
  int point_light_count = 0;
};

// Texture unit the shadow map is bound to (unit 0 is the material's texture).
inline constexpr int kShadowTextureUnit = 1;

// Sets lighting.glsl's uniforms on `program` (which must be in use) and binds
// the shadow map to kShadowTextureUnit.
void ApplyLighting(const ShaderProgram& program, const FrameView& view, const SceneLighting& lighting);

// True when the axis-aligned box [lo, hi] lies entirely outside one clip
// plane of `view_proj` (so nothing of it can be seen); conservative.
bool BoxOutsideFrustum(const glm::mat4& view_proj, const glm::vec3& lo_ws, const glm::vec3& hi_ws);

}  // namespace knights::render
