// app::PrepareLevel, what the title screen's level choice loads: a level
// file becomes its world and its scene geometry, once; a broken file is
// one line naming the file and the field, and nothing else happens.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "knights/app/loaded_assets.h"
#include "knights/app/startup_choices.h"
#include "knights/asset/level_list.h"
#include "knights/core/file_io.h"

namespace knights::app {
namespace {

TEST(LevelSwitch, EveryTitleLevelPreparesItsWorldAndGeometry) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  const auto names = asset::LoadLevelList(core::DataPath(kTitleLevelsPath));
  ASSERT_TRUE(names.ok()) << names.status().message();
  ASSERT_GE(names->size(), 2u);
  for (const std::string& name : *names) {
    const auto prepared = PrepareLevel(std::string(kLevelsDir) + name);
    ASSERT_TRUE(prepared.ok()) << prepared.status().message();
    ASSERT_NE(prepared->world, nullptr);
    EXPECT_FALSE(prepared->world->collision().triangles().empty()) << name;
    EXPECT_GT(prepared->scene_geometry.world.vertices.size(), 10000u) << name;
    EXPECT_GT(prepared->scene_geometry.background.vertices.size(), 1000u) << name;
    EXPECT_FALSE(prepared->scene_geometry.moving.pieces.empty()) << name;  // flags, the gate
  }
}

// The props' level of detail (render::ChoosePropsToDraw) leaves out only
// what would cover the screen over and over: every shipped level keeps
// every prop.
TEST(LevelSwitch, EveryShippedLevelDrawsEveryProp) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  int levels = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels")) {
    if (entry.path().extension() != ".json") continue;
    const auto prepared = PrepareLevel(entry.path().string());
    ASSERT_TRUE(prepared.ok()) << prepared.status().message();
    EXPECT_EQ(prepared->scene_geometry.props_not_drawn, 0) << entry.path();
    ++levels;
  }
  EXPECT_GE(levels, 13);
}

// A title-list entry is a file in the data folder's assets/levels: one that
// is a link to a level outside the data folder (a legal level file) is
// refused by name, never read.
TEST(LevelSwitch, ATitleLevelLinkingOutsideTheDataFolderIsRefused) {
  namespace fs = std::filesystem;
  const fs::path scratch = fs::temp_directory_path() / "knights_title_link";
  fs::remove_all(scratch);
  fs::create_directories(scratch / "data/assets/levels");
  fs::copy_file(fs::path(KNIGHTS_SOURCE_DIR) / "assets/levels/castle.json", scratch / "castle_outside.json");
  fs::create_symlink(scratch / "castle_outside.json", scratch / "data/assets/levels/castle.json");
  core::SetDataDir((scratch / "data").string());
  const auto prepared = PrepareLevel(std::string(kLevelsDir) + "castle.json");
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  ASSERT_FALSE(prepared.ok());
  EXPECT_NE(prepared.status().message().find("castle.json: lies outside the data folder"), std::string::npos)
      << prepared.status().message();
  fs::remove_all(scratch);
}

TEST(LevelSwitch, ABrokenLevelIsOneLineNamingTheFileAndField) {
  const std::string path = (std::filesystem::temp_directory_path() / "knights_broken_castle.json").string();
  std::ifstream in(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels/castle.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.replace(text.find("\"dusk\""), 6, "\"noon\"");
  std::ofstream(path) << text;
  const auto prepared = PrepareLevel(path);
  ASSERT_FALSE(prepared.ok());
  EXPECT_EQ(prepared.status().message(), path + ": mood.sky: \"noon\" is not one of: day, dusk");
  std::filesystem::remove(path);
  EXPECT_FALSE(PrepareLevel("/nonexistent/level.json").ok());
}

}  // namespace
}  // namespace knights::app
