#include "asset/image.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <vector>

#include <stb_image.h>
#include <stb_image_write.h>

namespace knights::asset {

core::Expected<Image> DecodeImage(std::span<const uint8_t> bytes, const std::string& name) {
  if (bytes.empty() || bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    return core::Status::Error(name + ": image is empty or too large");
  }
  int w = 0, h = 0, channels = 0;
  stbi_uc* pixels = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &channels, 4);
  if (pixels == nullptr) {
    return core::Status::Error(name + ": image does not decode: " + stbi_failure_reason());
  }
  Image image;
  image.width = w;
  image.height = h;
  image.rgba.assign(pixels, pixels + static_cast<size_t>(w) * h * 4);
  stbi_image_free(pixels);
  return image;
}

core::Status WritePng(const std::string& path, const Image& image) {
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != static_cast<size_t>(image.width) * image.height * 4) {
    return core::Status::Error(path + ": cannot write an empty or malformed image");
  }
  // Every row with the Sub filter and light compression: stb otherwise tries
  // all five filters on each row and searches harder for matches, 1.8x the
  // time for a larger file on rendered frames (1280x720: 180 -> 100 ms,
  // 745 -> 728 KB). (stb's settings are globals; screenshots are written
  // from one thread.)
  stbi_write_force_png_filter = 1;
  stbi_write_png_compression_level = 1;
  // Encoded in memory, then written with every error checked: stb's own
  // file writer ignores a failing fwrite or fclose (a full disk, /dev/full)
  // and would report success.
  std::vector<uint8_t> png;
  const auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<uint8_t>*>(context);
    const auto* bytes = static_cast<const uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
  };
  if (stbi_write_png_to_func(append, &png, image.width, image.height, 4, image.rgba.data(), image.width * 4) == 0) {
    return core::Status::Error(path + ": cannot encode the PNG");
  }
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return core::Status::Error(path + ": cannot write PNG (" + std::strerror(errno) + ")");
  const bool written = std::fwrite(png.data(), 1, png.size(), file) == png.size();
  const int write_errno = errno;
  if (std::fclose(file) != 0 || !written) {
    std::error_code ec;  // no half-written image left behind (but a link or a device stays)
    if (std::filesystem::is_regular_file(std::filesystem::symlink_status(path, ec))) std::filesystem::remove(path, ec);
    return core::Status::Error(path + ": cannot write PNG (" + std::strerror(written ? errno : write_errno) + ")");
  }
  return core::Status::Ok();
}

}  // namespace knights::asset
