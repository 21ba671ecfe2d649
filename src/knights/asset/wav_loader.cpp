#include "knights/asset/wav_loader.h"

#include <cstring>

#include "knights/asset/printable.h"
#include "knights/core/file_io.h"

namespace knights::asset {
namespace {

uint32_t ReadU32(const uint8_t* p) { return p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<uint32_t>(p[3]) << 24); }
uint16_t ReadU16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }

core::Status Bad(std::string_view name, const std::string& what) {
  return core::Status::Error(std::string(name) + ": " + what);
}

// The "fmt " chunk's fields the game accepts.
core::Status CheckFormat(const uint8_t* fmt, uint32_t size, std::string_view name) {
  if (size < 16) return Bad(name, "fmt chunk: shorter than 16 bytes");
  if (ReadU16(fmt) != 1) return Bad(name, "fmt.format: expected 1 (PCM), got " + std::to_string(ReadU16(fmt)));
  if (ReadU16(fmt + 2) != 1)
    return Bad(name, "fmt.channels: expected 1 (mono), got " + std::to_string(ReadU16(fmt + 2)));
  if (ReadU32(fmt + 4) != kSoundRateHz) {
    return Bad(name, "fmt.sample_rate: expected 22050, got " + std::to_string(ReadU32(fmt + 4)));
  }
  if (ReadU16(fmt + 14) != 16) return Bad(name, "fmt.bits: expected 16, got " + std::to_string(ReadU16(fmt + 14)));
  return core::Status::Ok();
}

}  // namespace

core::Expected<Sound> ParseWav(const std::vector<uint8_t>& bytes, std::string_view name) {
  if (bytes.size() < 12 || std::memcmp(bytes.data(), "RIFF", 4) != 0 || std::memcmp(bytes.data() + 8, "WAVE", 4) != 0) {
    return Bad(name, "not a RIFF/WAVE file");
  }
  bool have_format = false;
  size_t at = 12;
  while (at + 8 <= bytes.size()) {
    const uint8_t* chunk = bytes.data() + at;
    const uint32_t size = ReadU32(chunk + 4);
    if (size > bytes.size() - at - 8) {
      const std::string id(reinterpret_cast<const char*>(chunk), 4);
      return Bad(name, Printable(id) + " chunk: runs past the end of the file");
    }
    if (std::memcmp(chunk, "fmt ", 4) == 0) {
      if (core::Status s = CheckFormat(chunk + 8, size, name); !s.ok()) return s;
      have_format = true;
    } else if (std::memcmp(chunk, "data", 4) == 0) {
      if (!have_format) return Bad(name, "data chunk: before the fmt chunk");
      if (size % 2 != 0) return Bad(name, "data chunk: an odd number of bytes for 16-bit samples");
      if (size / 2 > static_cast<uint32_t>(kMaxSoundS * kSoundRateHz)) return Bad(name, "data: longer than 60 s");
      Sound sound;
      sound.samples.resize(size / 2);
      for (size_t i = 0; i < sound.samples.size(); ++i) {
        sound.samples[i] = static_cast<int16_t>(ReadU16(chunk + 8 + 2 * i));
      }
      if (sound.samples.empty()) return Bad(name, "data: no samples");
      return sound;
    }
    at += 8 + size + (size & 1u);  // chunks are padded to even sizes
  }
  return Bad(name, have_format ? "no data chunk" : "no fmt chunk");
}

core::Expected<Sound> LoadWav(const std::string& path) {
  auto bytes = core::ReadBinaryFile(path, core::kSoundFileCap);
  if (!bytes) return bytes.status();
  return ParseWav(*bytes, path);
}

}  // namespace knights::asset
