#pragma once
// Reads back the pixels of the framebuffer being drawn (for screenshots and
// render tests).

#include <cstdint>
#include <vector>

namespace knights::render {

// RGBA8 pixels of the currently bound read framebuffer's colour buffer,
// rows ordered top to bottom (GL's origin is bottom-left, so rows are
// flipped). Size width_px * height_px * 4.
std::vector<uint8_t> ReadPixelsTopDown(int width_px, int height_px);

}  // namespace knights::render
