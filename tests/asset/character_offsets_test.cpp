// The sole, ball and grip points a character file leaves out are found on
// the model (knights/asset/character_offsets.h): on the knight and on the
// Mixamo-like test characters, built with their points measured, the
// found sole and ball are the measured ones within 5 mm, and the grip is
// within 4 cm of the hand-measured centre of the fist; each found point is
// named in one note line.

#include "knights/asset/character_offsets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_loader.h"
#include "knights/core/file_io.h"

namespace knights::asset {
namespace {

struct Loaded {
  character::CharacterDesc given;  // as the file has it
  character::CharacterDesc found;  // the same file without its points, as loaded
  CharacterLoadReport report;
};

Loaded LoadWithoutPoints(const std::string& file) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  const std::string path = std::string(KNIGHTS_SOURCE_DIR) + "/" + file;
  Loaded loaded;
  auto given = LoadCharacterDesc(path);
  EXPECT_TRUE(given.ok()) << given.status().message();
  loaded.given = *given;
  auto text = core::ReadTextFile(path, core::kCharacterFileCap);
  nlohmann::json json = nlohmann::json::parse(*text);
  for (const char* key : {"sole_offset_m", "ball_offset_m", "heel_offset_m", "grip_offset_m"}) json.erase(key);
  auto found = ParseCharacterDesc(json.dump(), path);
  EXPECT_TRUE(found.ok()) << found.status().message();
  EXPECT_FALSE(found->given_offsets.sole || found->given_offsets.ball || found->given_offsets.grip);
  loaded.found = *found;
  loaded.found.model_path = loaded.given.model_path;  // as LoadCharacterDesc resolved it
  auto model = LoadCharacterForGame(&loaded.found, &loaded.report);
  EXPECT_TRUE(model.ok()) << model.status().message();
  return loaded;
}

class FoundOffsetsTest : public ::testing::TestWithParam<const char*> {};

TEST_P(FoundOffsetsTest, AreTheMeasuredPoints) {
  const Loaded c = LoadWithoutPoints(GetParam());
  EXPECT_NEAR(glm::distance(c.found.sole_offset_l_ls, c.given.sole_offset_l_ls), 0.0f, 0.005f);
  EXPECT_NEAR(glm::distance(c.found.sole_offset_r_ls, c.given.sole_offset_r_ls), 0.0f, 0.005f);
  EXPECT_NEAR(glm::distance(c.found.ball_offset_l_ls, c.given.ball_offset_l_ls), 0.0f, 0.005f);
  EXPECT_NEAR(glm::distance(c.found.ball_offset_r_ls, c.given.ball_offset_r_ls), 0.0f, 0.005f);
  EXPECT_NEAR(glm::distance(c.found.grip_offset_l_ls, c.given.grip_offset_l_ls), 0.0f, 0.04f);
  EXPECT_NEAR(glm::distance(c.found.grip_offset_r_ls, c.given.grip_offset_r_ls), 0.0f, 0.04f);
  for (const char* field : {"sole_offset_m", "ball_offset_m", "grip_offset_m"}) {
    const std::string said = std::string(field) + " left out: found on the model";
    EXPECT_TRUE(std::any_of(c.report.notes.begin(), c.report.notes.end(), [&](const std::string& line) {
      return line.find(said) != std::string::npos;
    })) << said;
  }
  // The soles found lie on the rest pose's floor.
  EXPECT_NEAR(c.report.rest.sole_ms[0].y, c.report.rest.floor_y_ms, 0.003f);
}

INSTANTIATE_TEST_SUITE_P(Characters, FoundOffsetsTest,
                         ::testing::Values("assets/characters/knight.json",
                                           "tests/data/characters/mixamo_tpose/mixamo_tpose.json",
                                           "tests/data/characters/giant/giant.json",
                                           "tests/data/characters/child/child.json"),
                         [](const auto& info) {
                           const std::string path = info.param;
                           const size_t slash = path.rfind('/');
                           return path.substr(slash + 1, path.size() - slash - 6);
                         });

}  // namespace
}  // namespace knights::asset
