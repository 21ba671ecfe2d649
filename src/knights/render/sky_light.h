#pragma once
// The light a frame is drawn under: the sun, the hemisphere ambient, the
// sky's colours, the haze and the clouds, one set per world::SkyMood.
// FrameView carries it to every pass (shaders/lighting.glsl for the lit
// ones, shaders/sky.frag for the sky).

#include <glm/glm.hpp>

#include "knights/world/level.h"

namespace knights::render {

// Colours are linear RGB on the radiometric scale the post pass's exposure
// and tone curve map to the screen.
struct SkyLight {
  glm::vec3 sun_dir_ws{0.0f, 1.0f, 0.0f};  // unit, world space, towards the sun
  glm::vec3 sun_color{1.0f};               // the sun's light on a surface facing it
  glm::vec3 sky_color{0.2f};               // hemisphere ambient from above
  glm::vec3 ground_color{0.1f};            // ... and bounced from the ground below
  glm::vec3 zenith_color{0.1f};            // the sky straight up
  // The haze and the sky's horizon away from the sun (the distance fog's
  // colour, and what the window is cleared to).
  glm::vec3 fog_color{0.5f};
  // The haze looking towards the sun: distance and the horizon turn to it
  // on the sun's side.
  glm::vec3 sun_haze_color{1.0f};
  glm::vec3 cloud_color{1.0f};  // the clouds' lit tops (shaders/sky.frag brightens it by 10%)
  // How the sky turns from the horizon to the zenith: the zenith colour's
  // share is (sin elevation)^horizon_exponent; lower, the zenith comes down
  // nearer the horizon.
  float horizon_exponent = 0.55f;
  // A torch's light (the flames of the level's torch props) on a surface
  // facing it 1 m away, falling off with distance to nothing at 7 m; 0:
  // torches give no light (the day).
  glm::vec3 torch_color{0.0f};
  // The scene's haze (SceneSettings::fog_density_per_m) times this: the
  // day's air is clearer, so the meadow's near hills keep their colour;
  // dusk keeps its full haze for the mood.
  float fog_density_scale = 1.0f;
};

// Late afternoon (the default): a warm key light 31 degrees up from the
// front-left (shadows fall back and to the right of the knights, where the
// side camera sees them), a cool sky fill from above, a warm bounce from
// the meadow below, blue haze and white clouds.
SkyLight DaySkyLight();

// Sunset: a low warm-red sun 14 degrees up from the left and a little in
// front (shadows along +x, over twice the day's length; the knights' faces
// and the path's tops still catch it), a deep blue-violet zenith fading to
// orange at the horizon, a darker violet ambient, orange haze and
// pink-lit clouds.
SkyLight DuskSkyLight();

// The light of a level's sky.
SkyLight SkyLightFor(world::SkyMood sky);

}  // namespace knights::render
