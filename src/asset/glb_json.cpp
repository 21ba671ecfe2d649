#include "asset/glb_json.h"

#include <cstring>

namespace knights::asset {
namespace {

uint32_t ReadU32(std::span<const uint8_t> bytes, size_t offset) {
  uint32_t v = 0;
  std::memcpy(&v, bytes.data() + offset, sizeof(v));  // glb is little-endian, as is x86
  return v;
}

}  // namespace

core::Expected<nlohmann::json> ParseGlbJson(std::span<const uint8_t> bytes, const std::string& name) {
  constexpr uint32_t kMagic = 0x46546C67;      // "glTF"
  constexpr uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"
  if (bytes.size() < 20) return core::Status::Error(name + ": too short to be a .glb file (" + std::to_string(bytes.size()) + " bytes)");
  if (ReadU32(bytes, 0) != kMagic) return core::Status::Error(name + ": not a .glb file (no glTF magic)");
  if (ReadU32(bytes, 4) != 2) {
    return core::Status::Error(name + ": glTF version " + std::to_string(ReadU32(bytes, 4)) + ", expected 2");
  }
  const uint32_t total = ReadU32(bytes, 8);
  if (total > bytes.size()) {
    return core::Status::Error(name + ": truncated: header says " + std::to_string(total) + " bytes, file has " +
                               std::to_string(bytes.size()));
  }
  const uint32_t chunk_length = ReadU32(bytes, 12);
  if (ReadU32(bytes, 16) != kJsonChunk || chunk_length > total - 20) {
    return core::Status::Error(name + ": first chunk is not a complete JSON chunk");
  }
  const char* text = reinterpret_cast<const char*>(bytes.data() + 20);
  nlohmann::json json = nlohmann::json::parse(text, text + chunk_length, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.is_object()) return core::Status::Error(name + ": JSON chunk is not valid JSON");
  return json;
}

}  // namespace knights::asset
