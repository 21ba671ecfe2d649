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
  // exposure and tone curve map them to the screen).
  // Towards the sun: high, from the front-left, so shadows fall back and to
  // the right of the knights, where the side camera sees them.
  glm::vec3 sun_dir_ws = glm::normalize(glm::vec3(-0.42f, 0.78f, 0.46f));
  glm::vec3 sun_color{2.1f, 1.92f, 1.68f};
  glm::vec3 sky_color{0.30f, 0.38f, 0.52f};     // hemisphere ambient from above
  glm::vec3 ground_color{0.12f, 0.11f, 0.07f};  // ... and bounced from the ground
  glm::vec3 zenith_color{0.16f, 0.34f, 0.72f};  // sky straight up (the horizon is the fog colour)
};

// A perspective camera looking from eye_ws at target_ws (y up).
FrameView MakeFrameView(const glm::vec3& eye_ws, const glm::vec3& target_ws, float fov_y_deg, int width_px,
                        int height_px);

}  // namespace knights::render
