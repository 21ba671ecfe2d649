#pragma once
// JSON allows an object to name a key twice and nlohmann keeps the last;
// in a level, character or settings file that is almost always a mistake
// (an edit pasted over an old field), so every file the game reads is
// checked for it and refused with the key named.

#include <optional>
#include <string>
#include <string_view>

namespace knights::asset {

// The first key that an object of `text` names twice, as
// `duplicate key "spawn"` or `duplicate key "mid" in legs.left`; nullopt
// when there is none (or the text is not valid JSON: its parse says why).
std::optional<std::string> FindDuplicateKey(std::string_view text);

}  // namespace knights::asset
