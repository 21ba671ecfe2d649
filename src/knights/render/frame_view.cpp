#include "knights/render/frame_view.h"

#include <algorithm>

#include <glm/gtc/matrix_transform.hpp>

namespace knights::render {

FrameView MakeFrameView(const glm::vec3& eye_ws, const glm::vec3& target_ws, float fov_y_deg, int width_px,
                        int height_px) {
  FrameView view;
  view.width_px = std::max(width_px, 1);
  view.height_px = std::max(height_px, 1);
  view.eye_ws = eye_ws;
  view.view_ws = glm::lookAt(eye_ws, target_ws, glm::vec3(0.0f, 1.0f, 0.0f));
  view.proj = glm::perspective(glm::radians(fov_y_deg), float(view.width_px) / float(view.height_px), 0.1f, 400.0f);
  view.view_proj = view.proj * view.view_ws;
  return view;
}

}  // namespace knights::render
