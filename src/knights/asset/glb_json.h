#pragma once
// The JSON chunk of a binary glTF (.glb): the part assimp reads but does not
// fully expose (animation extras carry our clips' contact data).

#include <cstdint>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "knights/core/status.h"

namespace knights::asset {

// Checks the .glb header (magic "glTF", version 2, lengths within the file)
// and parses its first chunk, which must be JSON. `name` is used in messages.
core::Expected<nlohmann::json> ParseGlbJson(std::span<const uint8_t> bytes, const std::string& name);

// A little-endian 32-bit number at `p` (the .glb header and chunk fields).
uint32_t ReadU32Le(const uint8_t* p);

// The .glb's BIN chunk: the second chunk when its type is "BIN\0", cut to
// the bytes the file holds; empty without one. Call after ParseGlbJson
// accepted `glb`.
std::span<const uint8_t> GlbBinChunk(std::span<const uint8_t> glb);

// Rejects glTF structures that assimp 5.2 (Debian 12's libassimp5) crashes
// on instead of reporting an error, so they never reach it. Each check names
// the structure and the crash it avoids (found by tests/fuzz, see
// docs/reliability.md); everything else is left to assimp's own validation.
core::Status CheckGltfForAssimp(const nlohmann::json& gltf, const std::string& name);

}  // namespace knights::asset
