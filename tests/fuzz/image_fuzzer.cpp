// Fuzz target: texture bytes -> asset::ReadImageHeader and asset::DecodeImage
// (stb_image behind a size check that reads only PNG and JPEG headers).
//
// Invariants checked on every input:
// - a header that is read names a size within the cap, and one decode
//   agrees with it: the image is exactly that size, RGBA;
// - every other format (Radiance HDR, GIF, BMP, PSD, PNM, TGA, PIC) and every
//   header that does not parse is refused with one line that starts with the
//   name, before any pixel is decoded;
// - the decode is tried under a small cap too (kFuzzSide), where a header
//   over it must be refused, so the fuzzer spends its time in the decoder
//   and not in 256 MiB allocations.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>

#include "knights/asset/image.h"
#include "fuzz_check.h"

namespace {

const std::string kName = "fuzz_texture.png";
constexpr int kFuzzSide = 512;  // pixels: a 1 MiB image at most

void CheckRefusal(const std::string& message) {
  if (message.find('\n') != std::string::npos || message.size() > 300) {
    std::fprintf(stderr, "refusal: %zu characters: ", message.size());
    for (const char c : message) std::fputs(c == '\n' ? "\\n" : std::string(1, c).c_str(), stderr);
    std::fputc('\n', stderr);
  }
  KNIGHTS_FUZZ_CHECK(message.rfind(kName + ": ", 0) == 0);
  KNIGHTS_FUZZ_CHECK(message.find('\n') == std::string::npos);
  KNIGHTS_FUZZ_CHECK(message.size() <= 300);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> bytes(data, size);
  const auto header = knights::asset::ReadImageHeader(bytes, kName);
  if (!header) {
    CheckRefusal(header.status().message());
    return 0;
  }
  KNIGHTS_FUZZ_CHECK(header->width >= 1 && header->width <= knights::asset::kMaxImageSide);
  KNIGHTS_FUZZ_CHECK(header->height >= 1 && header->height <= knights::asset::kMaxImageSide);
  const auto image = knights::asset::DecodeImage(bytes, kName, kFuzzSide);
  if (!image) {
    CheckRefusal(image.status().message());
    return 0;
  }
  KNIGHTS_FUZZ_CHECK(header->width <= kFuzzSide && header->height <= kFuzzSide);
  KNIGHTS_FUZZ_CHECK(image->width == header->width && image->height == header->height);
  KNIGHTS_FUZZ_CHECK(image->rgba.size() == static_cast<size_t>(image->width) * image->height * 4);
  return 0;
}
