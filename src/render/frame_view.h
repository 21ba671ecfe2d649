#pragma once
// The camera and light state shared by every pass of one rendered frame.

#include <glm/glm.hpp>

namespace knights::render {

struct FrameView {
  glm::mat4 view_ws{1.0f};    // world -> view
  glm::mat4 proj{1.0f};       // view -> clip
  glm::mat4 view_proj{1.0f};  // world -> clip
  glm::vec3 eye_ws{0.0f, 1.0f, 10.0f};
  int width_px = 1;  // the window's drawable size (the render scale applies on top)
  int height_px = 1;

  // Sun and ambient, linear RGB (radiometric scale: the post pass's
  // exposure and tone curve map them to the screen). Late afternoon: a
  // warm key light low from the front-left (shadows fall back and to the
  // right of the knights, where the side camera sees them, and long), a
  // cool sky fill from above, a warm bounce from the meadow below.
  glm::vec3 sun_dir_ws = glm::normalize(glm::vec3(-0.60f, 0.52f, 0.60f));
  glm::vec3 sun_color{2.35f, 1.80f, 1.22f};
  glm::vec3 sky_color{0.24f, 0.32f, 0.52f};     // hemisphere ambient from above
  glm::vec3 ground_color{0.14f, 0.12f, 0.06f};  // ... and bounced from the ground
  glm::vec3 zenith_color{0.12f, 0.27f, 0.64f};  // sky straight up (the horizon is the fog colour)
  // The haze looking towards the sun (the fog colour elsewhere): distance
  // and the horizon turn golden on the sun's side, blue away from it.
  glm::vec3 sun_haze_color{1.00f, 0.74f, 0.46f};
};

// A perspective camera looking from eye_ws at target_ws (y up).
FrameView MakeFrameView(const glm::vec3& eye_ws, const glm::vec3& target_ws, float fov_y_deg, int width_px,
                        int height_px);

}  // namespace knights::render
