#include "knights/asset/image.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string_view>
#include <vector>

#include <stb_image.h>
#include <stb_image_write.h>

#include "knights/asset/printable.h"

namespace knights::asset {

namespace {

// The format an image's first bytes announce, for the refusal of anything
// but PNG and JPEG; nullptr when they are PNG or JPEG.
const char* OtherFormat(std::span<const uint8_t> bytes) {
  static const uint8_t kPng[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  const auto starts = [&](std::string_view magic) {
    return bytes.size() >= magic.size() && std::memcmp(bytes.data(), magic.data(), magic.size()) == 0;
  };
  if (bytes.size() >= 8 && std::memcmp(bytes.data(), kPng, 8) == 0) return nullptr;
  if (starts("\xFF\xD8")) return nullptr;
  if (starts("#?RADIANCE") || starts("#?RGBE")) return "a Radiance HDR image";
  if (starts("GIF8")) return "a GIF image";
  if (starts("BM")) return "a BMP image";
  if (starts("8BPS")) return "a PSD image";
  if (starts("\x53\x80\xF6\x34")) return "a Softimage PIC image";
  if (starts("P5") || starts("P6")) return "a PNM image";
  return "an image of another format (a TGA, or not an image)";
}

// stb_image's reason for the last failure, made one printable line: the
// library's text is short, but it is a global it may leave unset, empty or
// holding a line break.
std::string DecodeFailure() {
  const char* reason = stbi_failure_reason();
  std::string_view text = reason == nullptr ? "" : reason;
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  return text.empty() ? "stb_image gives no reason" : Printable(text);
}

}  // namespace

core::Status CheckImageSide(uint64_t width, uint64_t height, const std::string& name, int max_side) {
  const uint64_t max = static_cast<uint64_t>(max_side);
  if (width <= max && height <= max) return core::Status::Ok();
  return core::Status::Error(name + ": " + std::to_string(width) + " x " + std::to_string(height) +
                             " pixels, more than " + std::to_string(max_side) + " on a side");
}

core::Expected<ImageHeader> ReadImageHeader(std::span<const uint8_t> bytes, const std::string& name, int max_side) {
  if (bytes.empty() || bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    return core::Status::Error(name + ": image is empty or too large");
  }
  if (const char* other = OtherFormat(bytes)) {
    return core::Status::Error(name + ": " + other + ", not a PNG or JPEG (the texture formats of glTF)");
  }
  ImageHeader header;
  int channels = 0;
  if (stbi_info_from_memory(bytes.data(), static_cast<int>(bytes.size()), &header.width, &header.height, &channels) ==
      0) {
    return core::Status::Error(name + ": image does not decode: " + DecodeFailure());
  }
  if (auto s =
          CheckImageSide(static_cast<uint64_t>(header.width), static_cast<uint64_t>(header.height), name, max_side);
      !s.ok())
    return s;
  return header;
}

core::Expected<Image> DecodeImage(std::span<const uint8_t> bytes, const std::string& name, int max_side) {
  const auto header = ReadImageHeader(bytes, name, max_side);
  if (!header) return header.status();
  int w = 0, h = 0, channels = 0;
  stbi_uc* pixels = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &channels, 4);
  if (pixels == nullptr) {
    return core::Status::Error(name + ": image does not decode: " + DecodeFailure());
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
