#include "knights/asset/level_list.h"

#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "knights/asset/level_loader.h"

// The title screen's level list: names in order, comments and blanks
// skipped, one line naming the file and the line for each bad entry; the
// shipped list names shipped levels that load.

namespace knights::asset {
namespace {

std::string ErrorOf(std::string_view text) {
  const auto result = ParseLevelList(text, "list.txt");
  return result.ok() ? std::string("(no error)") : result.status().message();
}

TEST(LevelList, NamesInOrderWithCommentsAndBlanksSkipped) {
  const auto names = ParseLevelList("# the title's levels\n\n  demo.json \r\ncastle.json\n# end", "list.txt");
  ASSERT_TRUE(names.ok()) << names.status().message();
  EXPECT_EQ(*names, (std::vector<std::string>{"demo.json", "castle.json"}));
}

TEST(LevelList, BadEntriesGiveOneLineWithTheLineNumber) {
  EXPECT_EQ(ErrorOf("demo.json\ncastle\n"), "list.txt: line 2: \"castle\" is not a level file (*.json)");
  EXPECT_EQ(ErrorOf("../secret.json"),
            "list.txt: line 1: \"../secret.json\" is not a file of this folder (no '/' or '\\')");
  EXPECT_EQ(ErrorOf("a.json\n#\na.json"), "list.txt: line 3: \"a.json\" is listed twice");
  EXPECT_EQ(ErrorOf("x\x1b.json\nq"), "list.txt: line 2: \"q\" is not a level file (*.json)");
  EXPECT_EQ(ErrorOf("# nothing\n\n"), "list.txt: names no level (one file name a line)");
  std::string many;
  for (size_t i = 0; i <= kMaxTitleLevels; ++i) {
    many += 'l';
    many += std::to_string(i);
    many += ".json\n";
  }
  EXPECT_EQ(ErrorOf(many), "list.txt: line 65: more than 64 levels");
  const auto missing = LoadLevelList("/nonexistent/title_levels.txt");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message().rfind("/nonexistent/title_levels.txt: ", 0), 0u);
}

TEST(LevelList, TheShippedListNamesPlayableLevelsThatLoad) {
  const std::string dir = std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels/";
  const auto names = LoadLevelList(dir + "title_levels.txt");
  ASSERT_TRUE(names.ok()) << names.status().message();
  EXPECT_EQ(names->front(), "demo.json");  // the default level comes first
  EXPECT_NE(std::find(names->begin(), names->end(), "castle.json"), names->end());
  for (const std::string& name : *names) {
    EXPECT_EQ(name.find("torture_"), std::string::npos) << name;
    const auto level = LoadLevel(dir + name);
    EXPECT_TRUE(level.ok()) << level.status().message();
  }
}

}  // namespace
}  // namespace knights::asset
