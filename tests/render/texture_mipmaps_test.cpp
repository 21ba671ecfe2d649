// CPU mipmaps of sRGB RGBA8 textures: the transfer function against its
// published values, every code surviving a round trip, and downsampled
// texels against means worked out here in linear light.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "knights/render/texture_mipmaps.h"

namespace knights::render {
namespace {

// IEC 61966-2-1, written out independently of the code under test.
double Decode(int code) {
  const double c = code / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
int Encode(double linear) {
  const double c = linear <= 0.0031308 ? linear * 12.92 : 1.055 * std::pow(linear, 1.0 / 2.4) - 0.055;
  return static_cast<int>(std::floor(c * 255.0 + 0.5));
}

std::vector<uint8_t> Image(int width, int height, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
  std::vector<uint8_t> rgba(static_cast<size_t>(width) * height * 4);
  for (size_t i = 0; i < rgba.size(); i += 4) {
    rgba[i] = r;
    rgba[i + 1] = g;
    rgba[i + 2] = b;
    rgba[i + 3] = a;
  }
  return rgba;
}

void SetTexel(std::vector<uint8_t>& rgba, int width, int x, int y, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
  uint8_t* t = &rgba[(static_cast<size_t>(y) * width + x) * 4];
  t[0] = r;
  t[1] = g;
  t[2] = b;
  t[3] = a;
}

TEST(TextureMipmaps, TransferFunctionHasItsPublishedValues) {
  EXPECT_EQ(SrgbToLinear(0), 0.0f);
  EXPECT_EQ(SrgbToLinear(255), 1.0f);
  // 50% grey in sRGB is 21.4% linear; 10 is on the linear segment.
  EXPECT_NEAR(SrgbToLinear(128), 0.2158605, 1e-6);
  EXPECT_NEAR(SrgbToLinear(10), 10.0 / 255.0 / 12.92, 1e-7);
  // 18% (photographic middle grey) encodes to 118; 0.5 to 188.
  EXPECT_EQ(LinearToSrgb(0.18f), 118);
  EXPECT_EQ(LinearToSrgb(0.5f), 188);
  EXPECT_EQ(LinearToSrgb(-1.0f), 0);
  EXPECT_EQ(LinearToSrgb(2.0f), 255);
}

TEST(TextureMipmaps, EveryCodeSurvivesARoundTrip) {
  for (int code = 0; code < 256; ++code) {
    EXPECT_EQ(LinearToSrgb(SrgbToLinear(static_cast<uint8_t>(code))), code) << code;
  }
}

TEST(TextureMipmaps, AFlatImageStaysFlat) {
  const std::vector<uint8_t> rgba = Image(8, 4, 200, 17, 90, 130);
  const MipLevel level = DownsampleSrgbRgba8(rgba, 8, 4);
  EXPECT_EQ(level.width, 4);
  EXPECT_EQ(level.height, 2);
  ASSERT_EQ(level.rgba.size(), 4u * 2u * 4u);
  for (size_t i = 0; i < level.rgba.size(); i += 4) {
    EXPECT_EQ(level.rgba[i], 200);
    EXPECT_EQ(level.rgba[i + 1], 17);
    EXPECT_EQ(level.rgba[i + 2], 90);
    EXPECT_EQ(level.rgba[i + 3], 130);
  }
}

TEST(TextureMipmaps, ColourIsAveragedInLinearLightAndAlphaAsStored) {
  // One 2x2 block: black, white, black, white in red; a ramp in green;
  // alpha 0, 255, 255, 255.
  std::vector<uint8_t> rgba = Image(2, 2, 0, 0, 0, 0);
  SetTexel(rgba, 2, 0, 0, 0, 10, 50, 0);
  SetTexel(rgba, 2, 1, 0, 255, 60, 50, 255);
  SetTexel(rgba, 2, 0, 1, 0, 120, 250, 255);
  SetTexel(rgba, 2, 1, 1, 255, 200, 250, 255);
  const MipLevel level = DownsampleSrgbRgba8(rgba, 2, 2);
  ASSERT_EQ(level.width, 1);
  ASSERT_EQ(level.height, 1);
  // Red: half black, half white is 0.5 linear, i.e. code 188 (not 128, the
  // mean of the codes).
  EXPECT_EQ(level.rgba[0], 188);
  EXPECT_EQ(level.rgba[1], Encode((Decode(10) + Decode(60) + Decode(120) + Decode(200)) / 4.0));
  EXPECT_EQ(level.rgba[2], Encode((Decode(50) + Decode(250)) / 2.0));
  // Alpha: (0 + 3 * 255) / 4 = 191.25.
  EXPECT_EQ(level.rgba[3], 191);
}

TEST(TextureMipmaps, OddSizesHalveDownwardAndStopAtOneTexel) {
  // 5x3 -> 2x1: each texel covers the 2x2 block at (2x, 0); the last column
  // and row fall away, as with the GL's floor(size / 2) levels.
  std::vector<uint8_t> rgba = Image(5, 3, 0, 0, 0, 255);
  SetTexel(rgba, 5, 2, 0, 255, 255, 255, 255);  // in the second texel's block
  SetTexel(rgba, 5, 4, 2, 255, 255, 255, 255);  // outside every block
  const MipLevel level = DownsampleSrgbRgba8(rgba, 5, 3);
  ASSERT_EQ(level.width, 2);
  ASSERT_EQ(level.height, 1);
  EXPECT_EQ(level.rgba[0], 0);
  EXPECT_EQ(level.rgba[4], Encode(0.25));
  // 1 x N halves only the height; a 1x1 image stays 1x1.
  std::vector<uint8_t> column = Image(1, 4, 0, 0, 0, 255);
  SetTexel(column, 1, 0, 1, 255, 0, 0, 255);
  const MipLevel half = DownsampleSrgbRgba8(column, 1, 4);
  ASSERT_EQ(half.width, 1);
  ASSERT_EQ(half.height, 2);
  EXPECT_EQ(half.rgba[0], 188);  // black and red: 0.5 linear
  EXPECT_EQ(half.rgba[4], 0);
  const MipLevel one = DownsampleSrgbRgba8(std::vector<uint8_t>{9, 8, 7, 6}, 1, 1);
  ASSERT_EQ(one.width, 1);
  ASSERT_EQ(one.height, 1);
  EXPECT_EQ(one.rgba, (std::vector<uint8_t>{9, 8, 7, 6}));
}

}  // namespace
}  // namespace knights::render
