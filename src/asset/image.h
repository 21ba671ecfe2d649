#pragma once
// 8-bit RGBA images: decoding (stb_image) for textures, PNG writing
// (stb_image_write) for screenshots and previews.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/status.h"

namespace knights::asset {

struct Image {
  int width = 0;   // pixels
  int height = 0;  // pixels
  // width * height * 4 bytes, RGBA, rows top to bottom.
  std::vector<uint8_t> rgba;
};

// Decodes PNG/JPEG/... bytes; `name` names the source in the error line.
core::Expected<Image> DecodeImage(std::span<const uint8_t> bytes, const std::string& name);

// Writes `image` as a PNG file; the error names the file.
core::Status WritePng(const std::string& path, const Image& image);

}  // namespace knights::asset
