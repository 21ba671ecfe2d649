#include "knights/asset/level_writer.h"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <gtest/gtest.h>

#include "knights/asset/level_loader.h"
#include "knights/world/level_generator.h"

// LevelToJson is the inverse of ParseLevel: every generated level (seeds
// 1..100 in both ranges) passes the validator and parses back equal, and so
// does every shipped level.

namespace knights::asset {
namespace {

// The first field in which two levels differ ("" when equal), for a readable failure.
std::string FirstDifference(const world::Level& a, const world::Level& b) {
  if (a == b) return "";
  if (a.name != b.name) return "name";
  if (!(a.terrain == b.terrain)) {
    for (size_t i = 0; i < std::min(a.terrain.points.size(), b.terrain.points.size()); ++i) {
      if (!(a.terrain.points[i] == b.terrain.points[i])) return "terrain.points[" + std::to_string(i) + "]";
    }
    return "terrain";
  }
  if (!(a.spawn == b.spawn)) return "spawn";
  if (!(a.goal == b.goal)) return "goal";
  if (a.kill_y != b.kill_y) return "kill_y";
  if (a.checkpoints != b.checkpoints) return "checkpoints";
  if (a.pits != b.pits) return "pits";
  if (a.platforms != b.platforms) return "platforms";
  if (a.rocks != b.rocks) return "rocks";
  if (a.ladders != b.ladders) return "ladders";
  if (a.npcs != b.npcs) return "npcs";
  if (a.props != b.props) return "props";
  if (a.collectibles != b.collectibles) return "collectibles";
  if (a.medals != b.medals) return "medals";
  return "mood";
}

class GeneratedLevel : public ::testing::TestWithParam<world::LevelGenRange> {};

TEST_P(GeneratedLevel, PassesTheValidatorAndRoundTrips) {
  for (uint32_t seed = 1; seed <= 100; ++seed) {
    world::LevelGenDesc desc;
    desc.seed = seed;
    desc.range = GetParam();
    const world::Level level = world::GenerateLevel(desc);
    const std::string name = std::string("gen_") + world::ToString(desc.range) + "_" + std::to_string(seed) + ".json";
    const std::string text = LevelToJson(level, world::LevelGenComment(desc, level));
    const auto parsed = ParseLevel(text, name);
    ASSERT_TRUE(parsed.ok()) << parsed.status().message();
    EXPECT_EQ(FirstDifference(*parsed, level), "") << name;
    // Writing the parsed level again gives the same bytes.
    EXPECT_EQ(LevelToJson(*parsed, world::LevelGenComment(desc, level)), text) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(Ranges, GeneratedLevel,
                         ::testing::Values(world::LevelGenRange::kWhole, world::LevelGenRange::kLimits),
                         [](const auto& info) { return std::string(world::ToString(info.param)); });

// The generator and the writer give the same bytes on every platform and
// compiler (integer arithmetic, shortest float text): a hash of seeds 1..20
// in both ranges, recorded on x86-64 Linux with GCC 12 and checked with clang
// (FMA contraction on) too. An intended change of the generator or of the
// format changes it: then record the new value.
TEST(LevelWriter, GeneratedTextIsTheSameOnEveryPlatform) {
  uint64_t hash = 14695981039346656037ull;  // FNV-1a, 64 bit
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    for (world::LevelGenRange range : {world::LevelGenRange::kWhole, world::LevelGenRange::kLimits}) {
      world::LevelGenDesc desc;
      desc.seed = seed;
      desc.range = range;
      for (const unsigned char c : LevelToJson(world::GenerateLevel(desc))) hash = (hash ^ c) * 1099511628211ull;
    }
  }
  EXPECT_EQ(hash, 0xd6436d195ce79c46ull);
}

TEST(LevelWriter, LongLevelsPassTheValidator) {
  for (float length : {20.0f, 500.0f, 1000.0f}) {
    for (world::LevelGenRange range : {world::LevelGenRange::kWhole, world::LevelGenRange::kLimits}) {
      world::LevelGenDesc desc;
      desc.seed = 9;
      desc.range = range;
      desc.length_m = length;
      const auto parsed = ParseLevel(LevelToJson(world::GenerateLevel(desc)), "long.json");
      EXPECT_TRUE(parsed.ok()) << parsed.status().message();
    }
  }
}

TEST(LevelWriter, ShippedLevelsRoundTrip) {
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels")) {
    if (entry.path().extension() == ".json") paths.push_back(entry.path().string());
  }
  std::sort(paths.begin(), paths.end());
  ASSERT_GE(paths.size(), 9u);
  for (const std::string& path : paths) {
    const auto loaded = LoadLevel(path);
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    const std::string text = LevelToJson(*loaded);
    const auto parsed = ParseLevel(text, path);
    ASSERT_TRUE(parsed.ok()) << parsed.status().message();
    EXPECT_EQ(FirstDifference(*parsed, *loaded), "") << path;
  }
}

TEST(LevelWriter, EnemiesGemsAndMedalsRoundTrip) {
  const auto loaded = LoadLevel(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels/demo.json");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  world::Level level = *loaded;
  level.collectibles.clear();
  level.medals = {};
  // Without them the fields are not written: levels without keep their form.
  EXPECT_EQ(LevelToJson(level).find("\"medals\""), std::string::npos);
  EXPECT_EQ(LevelToJson(level).find("\"collectibles\""), std::string::npos);
  ASSERT_GE(level.npcs.size(), 2u);
  level.npcs[1].role = world::NpcRole::kEnemy;  // a patrol on the flat
  level.npcs[1].health = 7;
  level.npcs[1].aggression = 0.3f;
  level.collectibles = {{level.spawn.x + 1.0f, 1.0f}, {level.spawn.x + 2.5f, 2.25f}};
  level.medals = {60.0f, 75.5f, 90.0f};
  const std::string text = LevelToJson(level);
  const auto parsed = ParseLevel(text, "enemies.json");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message() << "\n" << text;
  EXPECT_EQ(FirstDifference(*parsed, level), "");
  EXPECT_NE(text.find("\"collectibles\""), std::string::npos);
}

// A mood other than the default is written and reads back; the default
// (the demo's day over a meadow) is not written at all.
TEST(LevelWriter, MoodRoundTripsAndTheDefaultIsNotWritten) {
  const auto loaded = LoadLevel(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels/demo.json");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_EQ(LevelToJson(*loaded).find("\"mood\""), std::string::npos);
  for (const world::Mood mood : {world::Mood{world::SkyMood::kDusk, world::GroundMood::kPaving},
                                 world::Mood{world::SkyMood::kDusk, world::GroundMood::kMeadow},
                                 world::Mood{world::SkyMood::kDay, world::GroundMood::kPaving}}) {
    world::Level level = *loaded;
    level.mood = mood;
    const std::string text = LevelToJson(level);
    EXPECT_NE(text.find("\"mood\": {\"sky\": \""), std::string::npos) << text;
    const auto parsed = ParseLevel(text, "mood.json");
    ASSERT_TRUE(parsed.ok()) << parsed.status().message();
    EXPECT_EQ(FirstDifference(*parsed, level), "");
  }
}

TEST(LevelWriter, WritesTheReadmeFormatWithShortestNumbers) {
  world::Level level;
  level.name = "mini \"quoted\"\nname";
  level.terrain.points = {{0.0f, 0.0f}, {10.0f, 0.1f, 0.36f}, {10.0f, 2.0f, 0.36f}, {20.0f, 2.0f, -0.1f, 0.3f}};
  level.spawn.x = 1.0f;
  level.goal = {18.0f, world::GoalKind::kBanner};
  level.kill_y = -5.0f;
  level.checkpoints = {3.0f, 15.5f};
  level.pits = {{6.0f, 7.0f}};
  level.platforms = {{12.0f, 14.0f, 3.5f, 0.3f, -3.0f, 3.0f}};
  level.rocks = {{2.0f, 0.0f, glm::vec3(0.3f, 0.2f, 0.3f), 12.5f}};
  level.ladders.push_back({9.85f, 0.0f, 0.1f, 2.0f, 0.5f, 0.3f, -1e-5f, +1});
  level.ladders.push_back({14.3f, 0.0f, 2.0f, 3.5f, 0.5f, 0.3f, 0.0f, -1});  // down from the platform's edge
  level.npcs = {{16.0f, 13.0f, 19.0f, world::NpcVariant::kGreen}};
  level.props = {{world::PropKind::kTree, 4.0f, -2.0f, std::nullopt, 1.0f, 0.0f},
                 {world::PropKind::kFence, 5.0f, -2.0f, 1.25f, 0.05f, -360.0f}};
  const std::string text = LevelToJson(level, "a \"comment\"");
  EXPECT_NE(text.find("\"comment\": \"a \\\"comment\\\"\",\n  \"name\": \"mini \\\"quoted\\\"\\nname\","),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("      [0, 0],\n      [10, 0.1, 0.36],\n      [10, 2, 0.36],\n      [20, 2, -0.1, 0.3]\n    ]"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"lean_deg\": -1e-05, \"exit\": \"+x\"}"), std::string::npos) << text;
  EXPECT_NE(text.find("\"lean_deg\": 0, \"exit\": \"-x\"}"), std::string::npos) << text;
  EXPECT_NE(text.find("{\"kind\": \"fence\", \"x\": 5, \"z\": -2, \"y\": 1.25, \"scale\": 0.05, \"yaw_deg\": -360}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"checkpoints\": [3, 15.5],\n  \"pits\": [\n    {\"x0\": 6, \"x1\": 7}\n  ],"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.back(), '\n');
  const auto parsed = ParseLevel(text, "mini.json");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(FirstDifference(*parsed, level), "");
  // No comment: no "comment" field; empty lists are written as [].
  world::Level bare = *parsed;
  bare.pits.clear();
  const std::string bare_text = LevelToJson(bare);
  EXPECT_EQ(bare_text.rfind("{\n  \"name\": ", 0), 0u) << bare_text;
  EXPECT_NE(bare_text.find("\"pits\": [],"), std::string::npos);
}

TEST(LevelWriter, FloatsRoundTripBitForBit) {
  world::Level level;
  level.name = "floats";
  const std::vector<float> values = {0.1f,       1e-5f,       123.456f,    9999.999f, -0.3f,
                                     3.3333333f, 0.83909963f, 1.0f / 3.0f, 7.0e-8f,   16777216.0f};
  for (size_t i = 0; i < values.size(); ++i) level.terrain.points.push_back({static_cast<float>(i), values[i]});
  // Parse the text with nlohmann (not the validator: some values are out of range) the way the loader reads numbers.
  const nlohmann::json j = nlohmann::json::parse(LevelToJson(level));
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(static_cast<float>(j["terrain"]["points"][i][1].get<double>()), values[i]) << i;
  }
}

}  // namespace
}  // namespace knights::asset
