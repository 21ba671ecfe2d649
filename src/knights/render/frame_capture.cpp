#include "knights/render/frame_capture.h"

#include <algorithm>

#include <glad/gl.h>

namespace knights::render {

std::vector<uint8_t> ReadPixelsTopDown(int width_px, int height_px) {
  const size_t row = static_cast<size_t>(width_px) * 4;
  std::vector<uint8_t> pixels(row * static_cast<size_t>(height_px));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_px, height_px, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  // GL's rows run bottom to top: flip in place (one image in memory, not two).
  for (int y = 0; y < height_px / 2; ++y) {
    uint8_t* top = pixels.data() + static_cast<size_t>(y) * row;
    uint8_t* bottom = pixels.data() + static_cast<size_t>(height_px - 1 - y) * row;
    std::swap_ranges(top, top + row, bottom);
  }
  return pixels;
}

}  // namespace knights::render
