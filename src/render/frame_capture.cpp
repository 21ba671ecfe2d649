#include "render/frame_capture.h"

#include <cstring>

#include <glad/gl.h>

namespace knights::render {

std::vector<uint8_t> ReadPixelsTopDown(int width_px, int height_px) {
  const size_t row = static_cast<size_t>(width_px) * 4;
  std::vector<uint8_t> bottom_up(row * height_px);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_px, height_px, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  std::vector<uint8_t> top_down(bottom_up.size());
  for (int y = 0; y < height_px; ++y) {
    std::memcpy(&top_down[y * row], &bottom_up[(height_px - 1 - y) * row], row);
  }
  return top_down;
}

}  // namespace knights::render
