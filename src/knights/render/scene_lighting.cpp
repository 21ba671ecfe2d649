#include "knights/render/scene_lighting.h"

namespace knights::render {

void ApplyLighting(const ShaderProgram& program, const FrameView& view, const SceneLighting& lighting) {
  program.Set("u_sun_dir_ws", view.light.sun_dir_ws);
  program.Set("u_sun_color", view.light.sun_color);
  program.Set("u_sky_color", view.light.sky_color);
  program.Set("u_ground_color", view.light.ground_color);
  program.Set("u_eye_ws", view.eye_ws);
  program.Set("u_fog_color", lighting.fog_color);
  program.Set("u_sun_haze_color", view.light.sun_haze_color);
  program.Set("u_fog_density", lighting.fog_density_per_m);
  program.Set("u_fog_start_m", lighting.fog_start_m);
  program.Set("u_shadows", lighting.shadows && lighting.shadow_texture != 0 ? 1 : 0);
  program.Set("u_world_to_shadow", lighting.world_to_shadow);
  program.Set("u_shadow_texel_ws", lighting.shadow_texel_m);
  program.Set("u_shadow_map", kShadowTextureUnit);
  program.Set("u_point_light_count", lighting.point_light_count);
  if (lighting.point_light_count > 0) {
    glUniform3fv(program.Uniform("u_point_light_ws"), lighting.point_light_count, &lighting.point_lights_ws[0].x);
  }
  program.Set("u_point_light_color", view.light.torch_color);
  glActiveTexture(GL_TEXTURE0 + kShadowTextureUnit);
  glBindTexture(GL_TEXTURE_2D, lighting.shadow_texture);
  glActiveTexture(GL_TEXTURE0);
}

bool BoxOutsideFrustum(const glm::mat4& view_proj, const glm::vec3& lo_ws, const glm::vec3& hi_ws) {
  // Count, for each of the six clip planes (-w <= x,y,z <= w), the corners
  // outside it; all eight outside one plane means the box is invisible.
  int outside[6] = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 p((i & 1) ? hi_ws.x : lo_ws.x, (i & 2) ? hi_ws.y : lo_ws.y, (i & 4) ? hi_ws.z : lo_ws.z);
    const glm::vec4 c = view_proj * glm::vec4(p, 1.0f);
    outside[0] += c.x < -c.w;
    outside[1] += c.x > c.w;
    outside[2] += c.y < -c.w;
    outside[3] += c.y > c.w;
    outside[4] += c.z < -c.w;
    outside[5] += c.z > c.w;
  }
  for (int n : outside) {
    if (n == 8) return true;
  }
  return false;
}

}  // namespace knights::render
