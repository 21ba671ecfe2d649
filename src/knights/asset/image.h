#pragma once
// 8-bit RGBA images: decoding (stb_image) for textures, PNG writing
// (stb_image_write) for screenshots and previews.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "knights/core/status.h"

namespace knights::asset {

struct Image {
  int width = 0;   // pixels
  int height = 0;  // pixels
  // width * height * 4 bytes, RGBA, rows top to bottom.
  std::vector<uint8_t> rgba;
};

// The largest side of an image the game decodes, pixels: 8192 x 8192 RGBA
// is 256 MiB decoded (the knight's texture is 256 x 256).
inline constexpr int kMaxImageSide = 8192;

// What an image's header says, read without decoding it.
struct ImageHeader {
  int width = 0;   // pixels
  int height = 0;  // pixels
};

// An image of width x height pixels at most `max_side` on a side, or the
// error "<name>: 20000 x 4 pixels, more than 8192 on a side".
core::Status CheckImageSide(uint64_t width, uint64_t height, const std::string& name, int max_side = kMaxImageSide);

// Reads the size of a PNG or JPEG from its header (stb_image's own header
// reader, so it sees what the decoder will: JPEG fill bytes before a marker
// included). Anything else is refused by name (a Radiance HDR, GIF, BMP,
// PSD, PNM...: stb_image decodes them too, and a 93-byte HDR header asked
// for 2.4 GB), as is a header that does not parse or a side over
// `max_side`. glTF textures are PNG or JPEG. Errors start with `name`.
core::Expected<ImageHeader> ReadImageHeader(std::span<const uint8_t> bytes, const std::string& name,
                                            int max_side = kMaxImageSide);

// Decodes a PNG or JPEG into RGBA once ReadImageHeader accepts it, so no
// decode allocates more than max_side^2 * 4 bytes; `name` names the source
// in the error line.
core::Expected<Image> DecodeImage(std::span<const uint8_t> bytes, const std::string& name,
                                  int max_side = kMaxImageSide);

// Writes `image` as a PNG file; the error names the file.
core::Status WritePng(const std::string& path, const Image& image);

}  // namespace knights::asset
