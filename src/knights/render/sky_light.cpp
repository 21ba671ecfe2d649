#include "knights/render/sky_light.h"

namespace knights::render {

SkyLight DaySkyLight() {
  SkyLight light;
  light.sun_dir_ws = glm::normalize(glm::vec3(-0.60f, 0.52f, 0.60f));
  light.sun_color = {2.35f, 1.80f, 1.22f};
  light.sky_color = {0.24f, 0.32f, 0.52f};
  light.ground_color = {0.14f, 0.12f, 0.06f};
  light.zenith_color = {0.12f, 0.27f, 0.64f};
  light.fog_color = {0.42f, 0.55f, 0.78f};
  light.sun_haze_color = {1.00f, 0.74f, 0.46f};
  light.cloud_color = {1.0f, 0.98f, 0.95f};
  light.horizon_exponent = 0.55f;
  light.fog_density_scale = 0.5f;
  return light;
}

SkyLight DuskSkyLight() {
  SkyLight light;
  light.sun_dir_ws = glm::normalize(glm::vec3(-0.82f, 0.25f, 0.52f));
  light.sun_color = {2.30f, 0.98f, 0.42f};
  light.sky_color = {0.12f, 0.105f, 0.25f};
  light.ground_color = {0.09f, 0.05f, 0.035f};
  light.zenith_color = {0.03f, 0.03f, 0.15f};
  light.fog_color = {0.50f, 0.19f, 0.07f};
  light.sun_haze_color = {1.00f, 0.42f, 0.12f};
  light.cloud_color = {0.70f, 0.30f, 0.30f};
  light.horizon_exponent = 0.32f;
  light.torch_color = {6.0f, 2.7f, 0.75f};
  return light;
}

SkyLight SkyLightFor(world::SkyMood sky) { return sky == world::SkyMood::kDusk ? DuskSkyLight() : DaySkyLight(); }

}  // namespace knights::render
