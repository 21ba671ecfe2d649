#include "knights/render/texture_mipmaps.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace knights::render {
namespace {

// Decoding table: 256 entries, computed once.
const std::array<float, 256>& DecodeTable() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (int i = 0; i < 256; ++i) {
      const double c = i / 255.0;
      t[i] = static_cast<float>(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
    }
    return t;
  }();
  return table;
}

}  // namespace

float SrgbToLinear(uint8_t code) { return DecodeTable()[code]; }

uint8_t LinearToSrgb(float linear) {
  const double l = std::clamp(static_cast<double>(linear), 0.0, 1.0);
  const double c = l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1.0 / 2.4) - 0.055;
  return static_cast<uint8_t>(std::lround(std::clamp(c, 0.0, 1.0) * 255.0));
}

MipLevel DownsampleSrgbRgba8(std::span<const uint8_t> rgba, int width, int height) {
  MipLevel out;
  out.width = std::max(1, width / 2);
  out.height = std::max(1, height / 2);
  out.rgba.resize(static_cast<size_t>(out.width) * out.height * 4);
  const std::array<float, 256>& decode = DecodeTable();
  for (int y = 0; y < out.height; ++y) {
    const int y0 = std::min(2 * y, height - 1);
    const int y1 = std::min(2 * y + 1, height - 1);
    for (int x = 0; x < out.width; ++x) {
      const int x0 = std::min(2 * x, width - 1);
      const int x1 = std::min(2 * x + 1, width - 1);
      // The distinct covered texels (a 1-texel-wide source covers one column).
      const int xs[2] = {x0, x1};
      const int ys[2] = {y0, y1};
      const int nx = x1 != x0 ? 2 : 1;
      const int ny = y1 != y0 ? 2 : 1;
      float colour[3] = {0.0f, 0.0f, 0.0f};
      int alpha_sum = 0;
      for (int j = 0; j < ny; ++j) {
        for (int i = 0; i < nx; ++i) {
          const uint8_t* t = &rgba[(static_cast<size_t>(ys[j]) * width + xs[i]) * 4];
          for (int c = 0; c < 3; ++c) colour[c] += decode[t[c]];
          alpha_sum += t[3];
        }
      }
      const int n = nx * ny;
      uint8_t* o = &out.rgba[(static_cast<size_t>(y) * out.width + x) * 4];
      for (int c = 0; c < 3; ++c) o[c] = LinearToSrgb(colour[c] / static_cast<float>(n));
      o[3] = static_cast<uint8_t>((alpha_sum + n / 2) / n);
    }
  }
  return out;
}

}  // namespace knights::render
