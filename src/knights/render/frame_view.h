#pragma once
// The camera and light state shared by every pass of one rendered frame.

#include <glm/glm.hpp>

#include "knights/render/sky_light.h"

namespace knights::render {

struct FrameView {
  glm::mat4 view_ws{1.0f};    // world -> view
  glm::mat4 proj{1.0f};       // view -> clip
  glm::mat4 view_proj{1.0f};  // world -> clip
  glm::vec3 eye_ws{0.0f, 1.0f, 10.0f};
  int width_px = 1;  // the window's drawable size (the render scale applies on top)
  int height_px = 1;

  // The sun, the ambient, the sky and the haze (the level's mood picks
  // them: SkyLightFor); the day's by default.
  SkyLight light = DaySkyLight();
};

// A perspective camera looking from eye_ws at target_ws (y up).
FrameView MakeFrameView(const glm::vec3& eye_ws, const glm::vec3& target_ws, float fov_y_deg, int width_px,
                        int height_px);

}  // namespace knights::render
