#pragma once
// The camera and light state shared by every pass of one rendered frame.

#include <glm/glm.hpp>

namespace knights::render {

struct FrameView {
  glm::mat4 view_ws{1.0f};       // world -> view
  glm::mat4 proj{1.0f};          // view -> clip
  glm::mat4 view_proj{1.0f};     // world -> clip
  glm::vec3 eye_ws{0.0f, 1.0f, 10.0f};
  int width_px = 1;
  int height_px = 1;

  // Sun and ambient, linear RGB.
  glm::vec3 sun_dir_ws = glm::normalize(glm::vec3(0.45f, 0.8f, 0.4f));  // towards the sun
  glm::vec3 sun_color{1.0f, 0.94f, 0.84f};
  glm::vec3 sky_color{0.42f, 0.52f, 0.70f};
  glm::vec3 ground_color{0.20f, 0.17f, 0.13f};
};

// A perspective camera looking from eye_ws at target_ws (y up).
FrameView MakeFrameView(const glm::vec3& eye_ws, const glm::vec3& target_ws, float fov_y_deg, int width_px,
                        int height_px);

}  // namespace knights::render
