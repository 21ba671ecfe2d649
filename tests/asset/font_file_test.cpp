// asset::LoadFontFile and CheckTrueType: the shipped faces load; every way
// a font file can be cut short or corrupted is refused with one line that
// names the file and the table, before the rasteriser reads it.

#include "knights/asset/font_file.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "knights/core/file_io.h"

namespace knights::asset {
namespace {

std::vector<uint8_t> Shipped() {
  auto bytes = core::ReadBinaryFile(std::string(KNIGHTS_SOURCE_DIR) + "/assets/fonts/DejaVuSans.ttf");
  EXPECT_TRUE(bytes.ok());
  return bytes.ok() ? *bytes : std::vector<uint8_t>{};
}

std::string Refusal(const std::vector<uint8_t>& bytes) {
  const core::Status s = CheckTrueType(bytes, "f.ttf");
  EXPECT_FALSE(s.ok());
  return s.message();
}

// The offset of the table directory entry with this tag (-1: none).
int EntryOf(const std::vector<uint8_t>& bytes, const char* tag) {
  const int tables = (bytes[4] << 8) | bytes[5];
  for (int t = 0; t < tables; ++t) {
    if (std::string(reinterpret_cast<const char*>(&bytes[12 + 16 * t]), 4) == tag) return 12 + 16 * t;
  }
  return -1;
}

TEST(FontFile, TheShippedFacesLoad) {
  for (const char* name : {"DejaVuSans.ttf", "DejaVuSerif-Bold.ttf"}) {
    const auto font = LoadFontFile(std::string(KNIGHTS_SOURCE_DIR) + "/assets/fonts/" + name);
    ASSERT_TRUE(font.ok()) << font.status().message();
    EXPECT_GT(font->bytes.size(), 100000u);
  }
}

TEST(FontFile, RefusesWhatIsNotATrueTypeFont) {
  EXPECT_NE(Refusal({}).find("shorter than its 12-byte header"), std::string::npos);
  std::vector<uint8_t> otf = Shipped();
  otf[0] = 'O', otf[1] = 'T', otf[2] = 'T', otf[3] = 'O';
  EXPECT_NE(Refusal(otf).find("sfnt version"), std::string::npos);
  std::vector<uint8_t> no_tables = Shipped();
  no_tables[4] = 0, no_tables[5] = 0;
  EXPECT_NE(Refusal(no_tables).find("numTables: expected 1..64, got 0"), std::string::npos);
  std::vector<uint8_t> many = Shipped();
  many[4] = 0x7f;
  EXPECT_NE(Refusal(many).find("numTables"), std::string::npos);
}

TEST(FontFile, RefusesATruncatedOrCorruptedFileNamingTheTable) {
  const std::vector<uint8_t> good = Shipped();
  ASSERT_TRUE(CheckTrueType(good, "f.ttf").ok());
  std::vector<uint8_t> cut(good.begin(), good.begin() + static_cast<long>(good.size() / 2));
  const std::string message = Refusal(cut);
  EXPECT_NE(message.find("f.ttf: table '"), std::string::npos) << message;
  EXPECT_NE(message.find("past the file's end"), std::string::npos) << message;
  std::vector<uint8_t> directory_cut(good.begin(), good.begin() + 40);
  EXPECT_NE(Refusal(directory_cut).find("table directory: past the file's end"), std::string::npos);

  std::vector<uint8_t> flipped = good;
  const int glyf = EntryOf(flipped, "glyf");
  ASSERT_GE(glyf, 0);
  const uint32_t offset =
      (flipped[glyf + 8] << 24) | (flipped[glyf + 9] << 16) | (flipped[glyf + 10] << 8) | flipped[glyf + 11];
  flipped[offset + 100] ^= 0x5a;
  EXPECT_NE(Refusal(flipped).find("table 'glyf': checksum does not match"), std::string::npos);

  std::vector<uint8_t> renamed = good;  // 'cmap' renamed: the checksum still holds, the table is gone
  const int cmap = EntryOf(renamed, "cmap");
  ASSERT_GE(cmap, 0);
  renamed[cmap] = 'x';
  EXPECT_NE(Refusal(renamed).find("table 'cmap': missing"), std::string::npos);
}

TEST(FontFile, AMissingFileOrADirectoryIsOneLine) {
  const auto missing = LoadFontFile("/nonexistent/knights.ttf");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("/nonexistent/knights.ttf"), std::string::npos);
  const auto directory = LoadFontFile(std::string(KNIGHTS_SOURCE_DIR) + "/assets/fonts");
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.status().message().find('\n'), std::string::npos);
}

}  // namespace
}  // namespace knights::asset
