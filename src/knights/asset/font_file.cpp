#include "knights/asset/font_file.h"

#include <array>
#include <cstring>

#include "knights/core/file_io.h"

namespace knights::asset {
namespace {

constexpr core::FileCap kFontFileCap{kMaxFontBytes, "a font (.ttf)"};
// What the rasteriser reads to draw a glyph of a TrueType outline font.
constexpr std::array<const char*, 7> kRequiredTables = {"cmap", "head", "hhea", "hmtx", "loca", "glyf", "maxp"};

uint32_t ReadU32(const uint8_t* p) {
  return (static_cast<uint32_t>(p[0]) << 24) | (p[1] << 16) | (p[2] << 8) | static_cast<uint32_t>(p[3]);
}
uint16_t ReadU16(const uint8_t* p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }

core::Status Bad(std::string_view name, const std::string& what) {
  return core::Status::Error(std::string(name) + ": " + what);
}

// The sum of a table's big-endian 32-bit words (the last one zero-padded);
// `head`'s checkSumAdjustment (bytes 8..11) counts as zero.
uint32_t TableChecksum(const uint8_t* table, uint32_t length, bool is_head) {
  uint32_t sum = 0;
  for (uint32_t at = 0; at < length; at += 4) {
    std::array<uint8_t, 4> word{};
    std::memcpy(word.data(), table + at, std::min<uint32_t>(4, length - at));
    if (is_head && at == 8) continue;
    sum += ReadU32(word.data());
  }
  return sum;
}

}  // namespace

core::Status CheckTrueType(const std::vector<uint8_t>& bytes, std::string_view name) {
  if (bytes.size() < 12) return Bad(name, "not a TrueType font (shorter than its 12-byte header)");
  if (ReadU32(bytes.data()) != 0x00010000u && std::memcmp(bytes.data(), "true", 4) != 0) {
    return Bad(name, "not a TrueType outline font (sfnt version is not 1.0 or 'true')");
  }
  const int tables = ReadU16(bytes.data() + 4);
  if (tables < 1 || tables > kMaxFontTables) {
    return Bad(name, "numTables: expected 1.." + std::to_string(kMaxFontTables) + ", got " + std::to_string(tables));
  }
  if (bytes.size() < 12 + 16 * static_cast<size_t>(tables)) return Bad(name, "table directory: past the file's end");
  std::array<bool, kRequiredTables.size()> found{};
  for (int t = 0; t < tables; ++t) {
    const uint8_t* entry = bytes.data() + 12 + 16 * t;
    const std::string tag(reinterpret_cast<const char*>(entry), 4);
    const uint32_t offset = ReadU32(entry + 8), length = ReadU32(entry + 12);
    if (offset > bytes.size() || length > bytes.size() - offset) {
      return Bad(name, "table '" + tag + "': offset " + std::to_string(offset) + " + length " + std::to_string(length) +
                           " is past the file's end (" + std::to_string(bytes.size()) + " bytes)");
    }
    if (TableChecksum(bytes.data() + offset, length, tag == "head") != ReadU32(entry + 4)) {
      return Bad(name, "table '" + tag + "': checksum does not match (the file is corrupted)");
    }
    for (size_t r = 0; r < kRequiredTables.size(); ++r) found[r] = found[r] || tag == kRequiredTables[r];
  }
  for (size_t r = 0; r < kRequiredTables.size(); ++r) {
    if (!found[r]) return Bad(name, std::string("table '") + kRequiredTables[r] + "': missing");
  }
  return core::Status::Ok();
}

core::Expected<FontFile> LoadFontFile(const std::string& path) {
  auto bytes = core::ReadBinaryFile(path, kFontFileCap);
  if (!bytes) return bytes.status();
  if (core::Status s = CheckTrueType(*bytes, path); !s.ok()) return s;
  return FontFile{path, std::move(*bytes)};
}

}  // namespace knights::asset
