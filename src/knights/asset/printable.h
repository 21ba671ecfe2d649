#pragma once
// Text from a data file (a JSON key, a name) made safe to print inside a
// one-line error message: control characters become C-style escapes (\n, \t,
// \x1b, ...), so a key such as "cell\nx" cannot split the message over two
// lines or send terminal escape codes. Everything else (UTF-8 included) is
// kept as it is.

#include <cstdio>
#include <string>
#include <string_view>

namespace knights::asset {

inline std::string Printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7f) {
      out.push_back(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\x%02x", u);
      out += escape;
    }
  }
  return out;
}

}  // namespace knights::asset
