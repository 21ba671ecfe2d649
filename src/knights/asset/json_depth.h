#pragma once
// A cap on how deeply arrays and objects nest in a JSON file, checked by a
// cheap scan of the text before any parser sees it. nlohmann parses
// iteratively, but copying, comparing or printing a value recurses once per
// level, and assimp's glTF reader recurses while parsing: a character file
// whose `name` was 100,000 nested arrays overflowed the loader thread's
// stack. No file the game reads needs more than 6 levels (a .glb's
// animations[i].channels[j].target; a level's terrain.points[i] is 4), so
// 128 leaves room for any hand-written file.

#include <optional>
#include <string>
#include <string_view>

namespace knights::asset {

// The deepest nesting of arrays and objects a JSON input may have: a level,
// a character file, the settings and a .glb's JSON chunk.
inline constexpr int kMaxJsonDepth = 128;

// Where `text` first opens an array or object deeper than `max_depth`, as
// `name[0][0][0][0][0][0]...: nested more than 128 deep (arrays and
// objects)` (the keys and indices of the outer levels, the first six);
// nullopt when it never does. Strings (and escaped quotes in them) are
// skipped; the text need not be valid JSON (its parse says what else is
// wrong). Linear in the text, allocates only the path of open levels.
std::optional<std::string> FindTooDeepNesting(std::string_view text, int max_depth = kMaxJsonDepth);

}  // namespace knights::asset
