#pragma once
// Every message the game prints about a problem is one line of at most 300
// characters: text from outside (a key, a file's contents in a parser's
// exception, a driver's log) may hold newlines, terminal escapes or
// megabytes (a 21 MB single-line error was printed whole). The error and
// log printers pass what they print through OneLine (PrintError, core::Log).

#include <cstddef>
#include <string>
#include <string_view>

namespace knights::core {

// The longest line printed about a problem, bytes, prefix included
// ("knights: ", "WARNING: SETTINGS: ").
inline constexpr size_t kMaxMessageChars = 300;

// `text` as one line of at most `max_chars` bytes: each run of control
// characters (newlines, tabs, escapes) becomes one space, and a longer text
// is cut (never inside a UTF-8 sequence) and ends in "...".
std::string OneLine(std::string_view text, size_t max_chars = kMaxMessageChars);

// Prints "knights: <message>" on stderr as one line of at most
// kMaxMessageChars: how every error that ends the game is said.
void PrintError(std::string_view message);

}  // namespace knights::core
