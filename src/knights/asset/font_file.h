#pragma once
// The UI's typefaces: TrueType files read whole and checked before Dear
// ImGui's rasteriser (stb_truetype, which trusts its input) sees them:
// the sfnt header, a table directory inside the file, the tables the
// rasteriser needs, and every table's checksum (a truncated or corrupted
// file is refused with one line naming it and the table).
//
//   auto font = asset::LoadFontFile("assets/fonts/DejaVuSans.ttf");
//   if (!font) { print font.status().message(); exit 2; }

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "knights/core/status.h"

namespace knights::asset {

inline constexpr size_t kMaxFontBytes = size_t{16} << 20;  // DejaVu Sans: 0.7 MiB
inline constexpr int kMaxFontTables = 64;                  // DejaVu Sans has 19

struct FontFile {
  std::string name;            // the file's name, for messages
  std::vector<uint8_t> bytes;  // the whole file, checked
};

// Checks a TrueType file already read; `name` names it in the error.
core::Status CheckTrueType(const std::vector<uint8_t>& bytes, std::string_view name);

// Reads and checks the font file at `path`.
core::Expected<FontFile> LoadFontFile(const std::string& path);

}  // namespace knights::asset
