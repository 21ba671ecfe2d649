// asset::WritePng and DecodeImage: a written PNG decodes to the same
// pixels; a write that fails anywhere (no such directory, a full disk) is
// an error naming the file, never a success.

#include "asset/image.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
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

}  // namespace
}  // namespace knights::asset
