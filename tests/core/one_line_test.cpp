// core::OneLine: what the error and log printers print is one line of at
// most 300 bytes, whatever text from outside it holds.

#include "knights/core/one_line.h"

#include <string>

#include <gtest/gtest.h>

namespace knights::core {
namespace {

TEST(OneLine, KeepsAShortLineAsItIs) {
  EXPECT_EQ(OneLine("level.json: spawn: missing required field"), "level.json: spawn: missing required field");
  EXPECT_EQ(OneLine(""), "");
}

TEST(OneLine, TurnsEachRunOfControlCharactersIntoOneSpace) {
  EXPECT_EQ(OneLine("a\nb\r\n\tc\x1b[31md"), "a b c [31md");
  EXPECT_EQ(OneLine("end\n"), "end ");
}

// A 21 MB single-line error was printed whole.
TEST(OneLine, CutsALongTextToTheCap) {
  const std::string huge(21u << 20, 'x');
  const std::string line = OneLine("file.json: " + huge);
  EXPECT_EQ(line.size(), kMaxMessageChars);
  EXPECT_EQ(line.substr(0, 13), "file.json: xx");
  EXPECT_EQ(line.substr(line.size() - 3), "...");
  EXPECT_EQ(OneLine("abcdefgh", 5), "ab...");
  EXPECT_EQ(OneLine("abcde", 5), "abcde");
}

TEST(OneLine, NeverCutsInsideAUtf8Character) {
  // "é" is two bytes (C3 A9): a cut at byte 6 would split the third one.
  const std::string line = OneLine("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 7);
  EXPECT_EQ(line, "\xc3\xa9\xc3\xa9...");
}

}  // namespace
}  // namespace knights::core
