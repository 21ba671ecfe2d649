// asset::FindDuplicateKey: the first key an object names twice, with where
// that object is, printed on one line whatever the key holds.

#include "knights/asset/json_duplicate_keys.h"

#include <gtest/gtest.h>

namespace knights::asset {
namespace {

TEST(FindDuplicateKey, NamesTheFirstRepeatedKeyAndItsObject) {
  EXPECT_EQ(FindDuplicateKey(R"({"spawn": {}, "goal": 1, "spawn": 2})"), "duplicate key \"spawn\"");
  EXPECT_EQ(FindDuplicateKey(R"({"legs": {"left": {"mid": "a", "mid": "b"}}})"), "duplicate key \"mid\" in legs.left");
  EXPECT_EQ(FindDuplicateKey(R"({"npcs": [{}, [], {"x": 1}, {"x": 1, "x": 2}]})"), "duplicate key \"x\" in npcs[3]");
}

TEST(FindDuplicateKey, AcceptsTheSameKeyInDifferentObjects) {
  EXPECT_EQ(FindDuplicateKey(R"({"a": {"x": 1}, "b": {"x": 1}, "c": [{"x": 1}, {"x": 2}]})"), std::nullopt);
  EXPECT_EQ(FindDuplicateKey(R"([1, 2, 2])"), std::nullopt);
  EXPECT_EQ(FindDuplicateKey(R"({"a": 1,)"), std::nullopt);  // not JSON: the parse reports that
}

// Found by fuzzing the character file: a key holding a newline split the
// error message over two lines.
TEST(FindDuplicateKey, PrintsControlCharactersAsEscapes) {
  const auto found = FindDuplicateKey("{\"o\\nk\": {\"a\\u001bb\": 1, \"a\\u001bb\": 2}}");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(*found, "duplicate key \"a\\x1bb\" in o\\nk");
}

}  // namespace
}  // namespace knights::asset
