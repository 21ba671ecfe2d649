// asset::FindTooDeepNesting: the nesting cap every JSON input is held to
// before it is parsed, and the loaders that apply it.

#include "knights/asset/json_depth.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "knights/asset/character_desc_loader.h"
#include "knights/asset/glb_json.h"
#include "knights/asset/level_loader.h"
#include "knights/asset/settings_file.h"

namespace knights::asset {
namespace {

std::string Nested(int depth) { return std::string(static_cast<size_t>(depth), '[') + std::string(depth, ']'); }

TEST(FindTooDeepNesting, AcceptsNestingUpToTheCap) {
  EXPECT_EQ(FindTooDeepNesting(Nested(kMaxJsonDepth)), std::nullopt);
  EXPECT_EQ(FindTooDeepNesting(R"({"a": [1, {"b": [[2]]}], "c": {}})", 5), std::nullopt);
}

TEST(FindTooDeepNesting, NamesTheFieldOfTheFirstLevelPastTheCap) {
  EXPECT_EQ(FindTooDeepNesting(Nested(kMaxJsonDepth + 1)),
            "[0][0][0][0][0][0]...: nested more than 128 deep (arrays and objects)");
  EXPECT_EQ(FindTooDeepNesting(R"({"x": 1, "name": [[[[]]]]})", 3),
            "name[0][0]: nested more than 3 deep (arrays and objects)");
  EXPECT_EQ(FindTooDeepNesting(R"({"a": [0, 1, {"b": {}}]})", 3),
            "a[2].b: nested more than 3 deep (arrays and objects)");
}

TEST(FindTooDeepNesting, SkipsBracketsInsideStrings) {
  const std::string inside = "{\"k\\\"[\": \"" + std::string(1000, '[') + "\\\"[[[\"}";
  EXPECT_EQ(FindTooDeepNesting(inside, 2), std::nullopt);
  // An unclosed string or stray closers are left to the parse.
  EXPECT_EQ(FindTooDeepNesting("]]]{\"", 1), std::nullopt);
}

TEST(FindTooDeepNesting, PrintsKeysOnOneLine) {
  const auto found = FindTooDeepNesting("{\"a\\nb\": [[]]}", 2);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->find('\n'), std::string::npos);
}

// 100,000 nested arrays as a character file's name overflowed the loader
// thread's stack; now each loader refuses them before parsing.
TEST(FindTooDeepNesting, EveryLoaderRefusesDeepNesting) {
  const std::string deep = "{\"name\": " + Nested(100000) + "}";
  const auto desc = ParseCharacterDesc(deep, "deep.json");
  ASSERT_FALSE(desc.ok());
  EXPECT_EQ(desc.status().message(),
            "deep.json: name[0][0][0][0][0]...: nested more than 128 deep (arrays and objects)");
  const auto level = ParseLevel(deep, "deep_level.json");
  ASSERT_FALSE(level.ok());
  EXPECT_NE(level.status().message().find("deep_level.json: name[0]"), std::string::npos);
  const LoadedSettings settings = ParseSettings(deep, "deep_settings.json");
  EXPECT_NE(settings.warning.find("deep_settings.json: name[0]"), std::string::npos);
  EXPECT_NE(settings.warning.find("using the defaults"), std::string::npos);
}

TEST(FindTooDeepNesting, GlbJsonChunkIsScannedBeforeParsing) {
  std::string chunk = "{\"asset\": " + Nested(1000) + "}";
  chunk.append((4 - chunk.size() % 4) % 4, ' ');
  std::vector<uint8_t> glb(20 + chunk.size());
  const uint32_t header[5] = {0x46546C67, 2, static_cast<uint32_t>(glb.size()), static_cast<uint32_t>(chunk.size()),
                              0x4E4F534A};
  std::memcpy(glb.data(), header, sizeof header);
  std::memcpy(glb.data() + 20, chunk.data(), chunk.size());
  const auto json = ParseGlbJson(glb, "deep.glb");
  ASSERT_FALSE(json.ok());
  EXPECT_EQ(json.status().message(),
            "deep.glb: JSON chunk: asset[0][0][0][0][0]...: nested more than 128 deep (arrays and objects)");
}

}  // namespace
}  // namespace knights::asset
