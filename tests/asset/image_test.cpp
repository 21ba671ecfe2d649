// asset::WritePng and DecodeImage: a written PNG decodes to the same
// pixels; a write that fails anywhere (no such directory, a full disk) is
// an error naming the file, never a success.

#include "knights/asset/image.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace knights::asset {
namespace {

Image Gradient(int width, int height) {
  Image image;
  image.width = width;
  image.height = height;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      image.rgba.insert(image.rgba.end(),
                        {static_cast<uint8_t>(x * 7), static_cast<uint8_t>(y * 5), static_cast<uint8_t>(x + y), 255});
    }
  }
  return image;
}

TEST(WritePng, WritesWhatDecodesToTheSamePixels) {
  const std::string path = std::string(::testing::TempDir()) + "knights_image_test.png";
  const Image image = Gradient(37, 11);
  ASSERT_TRUE(WritePng(path, image).ok());
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto decoded = DecodeImage(bytes, path);
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(decoded->width, 37);
  EXPECT_EQ(decoded->height, 11);
  EXPECT_EQ(decoded->rgba, image.rgba);
  std::filesystem::remove(path);
}

TEST(WritePng, AFailedWriteIsAnErrorNamingTheFile) {
  const auto missing_dir = WritePng("/nonexistent/dir/shot.png", Gradient(4, 4));
  ASSERT_FALSE(missing_dir.ok());
  EXPECT_EQ(missing_dir.message().rfind("/nonexistent/dir/shot.png: cannot write PNG (", 0), 0u);
  if (std::filesystem::exists("/dev/full")) {  // every write fails with ENOSPC, as on a full disk
    const auto full = WritePng("/dev/full", Gradient(64, 64));
    ASSERT_FALSE(full.ok());
    EXPECT_NE(full.message().find("No space left on device"), std::string::npos) << full.message();
    EXPECT_TRUE(std::filesystem::exists("/dev/full"));  // a device is never removed
  }
  Image malformed = Gradient(4, 4);
  malformed.rgba.pop_back();
  EXPECT_FALSE(WritePng(std::string(::testing::TempDir()) + "malformed.png", malformed).ok());
}

std::vector<uint8_t> Bytes(std::string_view text) { return std::vector<uint8_t>(text.begin(), text.end()); }

// A baseline JPEG's header up to its frame (SOF0): `fill` 0xFF fill bytes
// before the SOF marker (legal, and skipped by every decoder).
std::vector<uint8_t> JpegHeader(int width, int height, int fill) {
  const uint8_t sof[] = {0xFF,
                         0xC0,
                         0x00,
                         0x0B,
                         8,
                         static_cast<uint8_t>(height >> 8),
                         static_cast<uint8_t>(height),
                         static_cast<uint8_t>(width >> 8),
                         static_cast<uint8_t>(width),
                         1,
                         1,
                         0x11,
                         0};
  std::vector<uint8_t> jpeg(2 + static_cast<size_t>(fill) + sizeof sof, 0xFF);
  jpeg[1] = 0xD8;  // SOI, then the fill bytes (already 0xFF), then SOF0
  std::copy(std::begin(sof), std::end(sof), jpeg.end() - sizeof sof);
  return jpeg;
}

// A 93-byte Radiance HDR decoded to 2.4 GB: stb_image decodes every format
// it knows, so only PNG and JPEG (glTF's texture formats) are let through.
TEST(ReadImageHeader, RefusesFormatsOtherThanPngAndJpegByName) {
  const auto hdr = DecodeImage(Bytes("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 20000 +X 30000\n"), "sky.hdr");
  ASSERT_FALSE(hdr.ok());
  EXPECT_EQ(hdr.status().message(), "sky.hdr: a Radiance HDR image, not a PNG or JPEG (the texture formats of glTF)");
  EXPECT_NE(ReadImageHeader(Bytes("GIF89a\x10\x00\x10\x00"), "a.gif").status().message().find("a GIF image"),
            std::string::npos);
  EXPECT_NE(ReadImageHeader(Bytes("BM...."), "a.bmp").status().message().find("a BMP image"), std::string::npos);
}

// A legal JPEG with a fill byte before its SOF marker hid its size from the
// old hand-written header scan and decoded to 3.7 GB.
TEST(ReadImageHeader, ReadsAJpegSizePastFillBytes) {
  const auto small = ReadImageHeader(JpegHeader(300, 200, 3), "small.jpg");
  ASSERT_TRUE(small.ok()) << small.status().message();
  EXPECT_EQ(small->width, 300);
  EXPECT_EQ(small->height, 200);
  const auto big = DecodeImage(JpegHeader(30000, 30000, 1), "big.jpg");
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.status().message(), "big.jpg: 30000 x 30000 pixels, more than 8192 on a side");
}

TEST(ReadImageHeader, CapsEachSideBeforeDecoding) {
  std::vector<uint8_t> png;
  const Image image = Gradient(40, 10);
  const std::string path = std::string(::testing::TempDir()) + "knights_cap_test.png";
  ASSERT_TRUE(WritePng(path, image).ok());
  std::ifstream in(path, std::ios::binary);
  png.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  std::filesystem::remove(path);
  EXPECT_TRUE(DecodeImage(png, "ok.png", 40).ok());
  const auto wide = DecodeImage(png, "wide.png", 39);
  ASSERT_FALSE(wide.ok());
  EXPECT_EQ(wide.status().message(), "wide.png: 40 x 10 pixels, more than 39 on a side");
}

// A PNG whose compressed data is broken (found by the image fuzz target in
// 2 s): stb_image's reason for the failure came out as a line break, which
// split the error over two lines. The reason is now trimmed and escaped.
TEST(DecodeImage, ABrokenPngIsOneLineNamingTheFile) {
  std::ifstream in(std::string(KNIGHTS_SOURCE_DIR) + "/tests/fuzz/corpus/image/bad_png_zlib_reason_with_line_break.png",
                   std::ios::binary);
  const std::vector<uint8_t> png((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(png.empty());
  const auto image = DecodeImage(png, "broken.png");
  ASSERT_FALSE(image.ok());
  const std::string& message = image.status().message();
  EXPECT_EQ(message.rfind("broken.png: image does not decode: ", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_GT(message.size(), std::string("broken.png: image does not decode: ").size()) << "a reason is given";
}

}  // namespace
}  // namespace knights::asset
