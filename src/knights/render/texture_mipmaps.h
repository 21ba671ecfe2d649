#pragma once
// Mipmaps of sRGB-encoded RGBA8 images, made on the CPU at load time.
//
// Why not glGenerateMipmap: on Mesa llvmpipe it runs as a blit whose shaders
// are JIT-compiled on first use in every run (the on-disk shader cache does
// not keep the driver's internal blit shaders), ~0.1 s of the game's
// start-up for three 256x256 textures.

#include <cstdint>
#include <span>
#include <vector>

namespace knights::render {

// One level of a mip chain: rows top to bottom, 4 bytes a texel.
struct MipLevel {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;
};

// The level below `rgba` (width x height, both >= 1): max(1, w/2) x
// max(1, h/2) texels, each the mean of the 2x2 texels it covers (at an odd
// last row or column, the covered texels that exist). Colour is averaged in
// linear light (decoded with the exact sRGB transfer function, IEC
// 61966-2-1, encoded back with rounding to nearest) and alpha as stored, as
// the GL does for an sRGB texture's mipmaps.
MipLevel DownsampleSrgbRgba8(std::span<const uint8_t> rgba, int width, int height);

// sRGB transfer function, exact: 8-bit code -> linear [0, 1], and back
// (linear clamped to [0, 1], rounded to the nearest code).
float SrgbToLinear(uint8_t code);
uint8_t LinearToSrgb(float linear);

}  // namespace knights::render
