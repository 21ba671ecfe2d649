#include "knights/core/one_line.h"

#include <algorithm>
#include <cstdio>

namespace knights::core {

std::string OneLine(std::string_view text, size_t max_chars) {
  constexpr std::string_view kCut = "...";
  std::string line;
  line.reserve(std::min(text.size(), max_chars));
  bool in_control_run = false;
  for (const char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    const bool control = u < 0x20 || u == 0x7f;
    if (control && in_control_run) continue;
    in_control_run = control;
    line.push_back(control ? ' ' : c);
    if (line.size() > max_chars) break;
  }
  if (line.size() <= max_chars) return line;
  size_t keep = max_chars > kCut.size() ? max_chars - kCut.size() : 0;
  // Back off UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (keep > 0 && (static_cast<unsigned char>(line[keep]) & 0xC0) == 0x80) --keep;
  line.resize(keep);
  line += kCut.substr(0, max_chars - keep);
  return line;
}

void PrintError(std::string_view message) {
  constexpr std::string_view kPrefix = "knights: ";
  const std::string line = OneLine(message, kMaxMessageChars - kPrefix.size());
  std::fprintf(stderr, "%.*s%s\n", static_cast<int>(kPrefix.size()), kPrefix.data(), line.c_str());
}

}  // namespace knights::core
