#pragma once
// The list of levels the title screen offers (assets/levels/title_levels.txt):
// one level file name a line, in the order the title cycles through them.
//
//   # comments and blank lines are skipped; spaces around a name too
//   demo.json
//   castle.json
//
// A name is a file in the list's own folder: it ends in ".json" and has no
// '/' or '\'; each name once; 1..kMaxTitleLevels names. Every error is one
// line naming the file and the line: "title_levels.txt: line 3: ...".

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "knights/core/status.h"

namespace knights::asset {

inline constexpr size_t kMaxTitleLevels = 64;

// The names in the list's text; file_name_for_messages starts every error.
core::Expected<std::vector<std::string>> ParseLevelList(std::string_view text, std::string_view file_name_for_messages);

// Reads and parses the list at path (messages name the path as given).
core::Expected<std::vector<std::string>> LoadLevelList(const std::string& path);

}  // namespace knights::asset
