// A character file's `scale` scales the whole character as the game plays
// it (its mesh, its joints, its offsets, its clips' speeds), and an offset
// in the wrong units is a warning: checked on the shipped characters, the
// knight (rooted on the ground, facing +X) and the squire (rooted at its
// hips, facing +Z), each loaded as the game loads it from an edited copy of
// its character file.

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_loader.h"
#include "knights/core/file_io.h"

namespace knights::asset {
namespace {

struct Loaded {
  CharacterModel model;
  CharacterLoadReport report;
};

// assets/characters/`file`, edited as JSON before it is read.
Loaded LoadEdited(const std::string& file, const std::function<void(nlohmann::json&)>& edit) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  const std::string path = std::string(KNIGHTS_SOURCE_DIR) + "/assets/characters/" + file;
  auto text = core::ReadTextFile(path, core::kCharacterFileCap);
  EXPECT_TRUE(text.ok());
  nlohmann::json json = nlohmann::json::parse(*text);
  edit(json);
  auto desc = ParseCharacterDesc(json.dump(), path);
  EXPECT_TRUE(desc.ok()) << desc.status().message();
  Loaded loaded;
  auto model = LoadCharacterForGame(&*desc, &loaded.report);
  EXPECT_TRUE(model.ok()) << model.status().message();
  if (model.ok()) loaded.model = std::move(*model);
  return loaded;
}

bool WarnsAboutTheFloor(const CharacterLoadReport& report) {
  return std::any_of(report.warnings.begin(), report.warnings.end(),
                     [](const std::string& w) { return w.find("floor") != std::string::npos; });
}

float WalkSpeedMps(const Loaded& c) {
  const anim::Clip& walk = c.model.clips[c.report.roles.clip[static_cast<int>(character::ClipRole::kWalk)]];
  return walk.SpeedMps().value_or(0.0f);
}

class CharacterScaleTest : public ::testing::TestWithParam<const char*> {};

TEST_P(CharacterScaleTest, ScaleMakesTheWholeCharacterBiggerWithItsSolesOnTheFloor) {
  const Loaded one = LoadEdited(GetParam(), [](nlohmann::json&) {});
  for (const float scale : {0.5f, 2.0f}) {
    const Loaded scaled = LoadEdited(GetParam(), [scale](nlohmann::json& j) { j["scale"] = scale; });
    const character::RestMeasures& a = one.report.rest;
    const character::RestMeasures& b = scaled.report.rest;
    EXPECT_NEAR(b.height_m, scale * a.height_m, 1e-3f) << scale;
    for (int side = 0; side < 2; ++side) {
      EXPECT_NEAR(b.leg_length_m[side], scale * a.leg_length_m[side], 1e-3f) << scale;
      EXPECT_NEAR(b.arm_length_m[side], scale * a.arm_length_m[side], 1e-3f) << scale;
      EXPECT_NEAR(glm::distance(b.sole_ms[side], scale * a.sole_ms[side]), 0.0f, 2e-3f) << scale;
      EXPECT_NEAR(glm::distance(b.grip_ms[side], scale * a.grip_ms[side]), 0.0f, 2e-3f) << scale;
      EXPECT_NEAR(b.sole_ms[side].y, b.floor_y_ms, 3e-3f) << scale;
    }
    EXPECT_GT(WalkSpeedMps(one), 0.5f);
    EXPECT_NEAR(WalkSpeedMps(scaled), scale * WalkSpeedMps(one), 0.02f * scale) << scale;
    EXPECT_FALSE(WarnsAboutTheFloor(scaled.report)) << scale;
  }
}

TEST_P(CharacterScaleTest, ASoleOffsetInTheWrongUnitsIsWarnedNamingTheFileAndField) {
  const Loaded right = LoadEdited(GetParam(), [](nlohmann::json&) {});
  EXPECT_FALSE(WarnsAboutTheFloor(right.report));
  // The offset a centimetre rig's joint units would give, read as metres:
  // the sole lands a hundredth of the way from the ankle to the floor.
  const Loaded wrong = LoadEdited(GetParam(), [](nlohmann::json& j) {
    for (auto& v : j["sole_offset_m"]["left"]) v = v.get<float>() / 100.0f;
  });
  const std::vector<std::string>& w = wrong.report.warnings;
  const auto line = std::find_if(w.begin(), w.end(), [](const std::string& s) {
    return s.find("sole_offset_m.left: the point lies") != std::string::npos;
  });
  ASSERT_NE(line, w.end());
  EXPECT_NE(line->find(GetParam()), std::string::npos) << *line;
  EXPECT_NE(line->find("above the rest pose's floor"), std::string::npos) << *line;
}

INSTANTIATE_TEST_SUITE_P(Shipped, CharacterScaleTest, ::testing::Values("knight.json", "squire.json"),
                         [](const auto& info) { return std::string(info.param).substr(0, 6); });

}  // namespace
}  // namespace knights::asset
