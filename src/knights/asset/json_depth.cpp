#include "knights/asset/json_depth.h"

#include <vector>

#include "knights/asset/printable.h"

namespace knights::asset {
namespace {

// One open array or object of the scan.
struct OpenLevel {
  bool is_object = false;
  bool expecting_key = false;  // in an object: the next string is a key
  size_t index = 0;            // in an array: the element being read
  std::string_view key;        // in an object: the key being read
};

// The outer levels' keys and indices, the first `shown` of them:
// `name[0][0]...`.
std::string PathOf(const std::vector<OpenLevel>& levels) {
  constexpr size_t kShown = 6;
  constexpr size_t kLongestKey = 40;
  std::string path;
  for (size_t i = 0; i < levels.size() && i < kShown; ++i) {
    if (levels[i].is_object) {
      if (!path.empty()) path += '.';
      path += Printable(levels[i].key.substr(0, kLongestKey));
    } else {
      path += '[' + std::to_string(levels[i].index) + ']';
    }
  }
  if (levels.size() > kShown) path += "...";
  return path;
}

// The index just past the string whose opening quote is at `at` (or the
// end of the text when it is never closed).
size_t SkipString(std::string_view text, size_t at) {
  for (size_t i = at + 1; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == '"') {
      return i + 1;
    }
  }
  return text.size();
}

}  // namespace

std::optional<std::string> FindTooDeepNesting(std::string_view text, int max_depth) {
  std::vector<OpenLevel> levels;
  levels.reserve(static_cast<size_t>(max_depth > 0 ? max_depth : 0) + 1);
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {
      const size_t end = SkipString(text, i);
      if (!levels.empty() && levels.back().expecting_key) {
        levels.back().key = text.substr(i + 1, end > i + 1 ? end - i - 2 : 0);
        levels.back().expecting_key = false;
      }
      i = end;
      continue;
    }
    if (c == '{' || c == '[') {
      if (levels.size() >= static_cast<size_t>(max_depth)) {
        const std::string path = PathOf(levels);
        return (path.empty() ? "" : path + ": ") + "nested more than " + std::to_string(max_depth) +
               " deep (arrays and objects)";
      }
      levels.push_back(OpenLevel{c == '{', c == '{', 0, {}});
    } else if ((c == '}' || c == ']') && !levels.empty()) {
      levels.pop_back();
    } else if (c == ',' && !levels.empty()) {
      OpenLevel& level = levels.back();
      if (level.is_object) {
        level.expecting_key = true;
      } else {
        ++level.index;
      }
    }
    ++i;
  }
  return std::nullopt;
}

}  // namespace knights::asset
