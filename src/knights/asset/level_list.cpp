#include "knights/asset/level_list.h"

#include <algorithm>

#include "knights/asset/printable.h"
#include "knights/core/file_io.h"

namespace knights::asset {
namespace {

// A list this long is not a list of levels (a wrong file): bytes.
constexpr core::FileCap kLevelListCap{std::uintmax_t{64} << 10, "a level list"};

std::string_view Trimmed(std::string_view s) {
  const size_t first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// What is wrong with a level's name, or "" when nothing is.
std::string ProblemWith(std::string_view name, const std::vector<std::string>& earlier) {
  // Built by appending: GCC 12 warns falsely (-Wrestrict) on "\"" + string.
  std::string quoted = "\"";
  quoted += Printable(std::string(name));
  quoted += '"';
  if (name.size() < 6 || name.substr(name.size() - 5) != ".json") return quoted + " is not a level file (*.json)";
  if (name.find_first_of("/\\") != std::string_view::npos) {
    return quoted + " is not a file of this folder (no '/' or '\\')";
  }
  if (std::find(earlier.begin(), earlier.end(), name) != earlier.end()) return quoted + " is listed twice";
  if (earlier.size() >= kMaxTitleLevels) return "more than " + std::to_string(kMaxTitleLevels) + " levels";
  return {};
}

}  // namespace

core::Expected<std::vector<std::string>> ParseLevelList(std::string_view text,
                                                        std::string_view file_name_for_messages) {
  const std::string file(file_name_for_messages);
  std::vector<std::string> names;
  size_t line_number = 0;
  for (size_t start = 0; start <= text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    ++line_number;
    const std::string_view line = Trimmed(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line.front() == '#') continue;
    if (const std::string problem = ProblemWith(line, names); !problem.empty()) {
      return core::Status::Error(file + ": line " + std::to_string(line_number) + ": " + problem);
    }
    names.emplace_back(line);
  }
  if (names.empty()) return core::Status::Error(file + ": names no level (one file name a line)");
  return names;
}

core::Expected<std::vector<std::string>> LoadLevelList(const std::string& path) {
  const core::Expected<std::string> text = core::ReadTextFile(path, kLevelListCap);
  if (!text) return text.status();
  return ParseLevelList(*text, path);
}

}  // namespace knights::asset
