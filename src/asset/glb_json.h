#pragma once
// The JSON chunk of a binary glTF (.glb): the part assimp reads but does not
// fully expose (animation extras carry our clips' contact data).

#include <cstdint>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "core/status.h"

namespace knights::asset {

// Checks the .glb header (magic "glTF", version 2, lengths within the file)
// and parses its first chunk, which must be JSON. `name` is used in messages.
core::Expected<nlohmann::json> ParseGlbJson(std::span<const uint8_t> bytes, const std::string& name);

}  // namespace knights::asset
