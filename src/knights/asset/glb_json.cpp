#include "knights/asset/glb_json.h"
#include "knights/asset/gltf_limits.h"
#include "knights/asset/json_depth.h"
#include "knights/asset/json_duplicate_keys.h"

#include <algorithm>
#include <cstring>

namespace knights::asset {

uint32_t ReadU32Le(const uint8_t* p) {
  uint32_t v = 0;
  std::memcpy(&v, p, sizeof v);  // glb is little-endian, as is x86
  return v;
}

std::span<const uint8_t> GlbBinChunk(std::span<const uint8_t> glb) {
  constexpr uint32_t kBinChunk = 0x004E4942;  // "BIN\0"
  if (glb.size() < 20) return {};
  const uint64_t at = 20 + uint64_t{ReadU32Le(glb.data() + 12)};
  if (at + 8 > glb.size() || ReadU32Le(glb.data() + at + 4) != kBinChunk) return {};
  const uint64_t length = std::min<uint64_t>(ReadU32Le(glb.data() + at), glb.size() - at - 8);
  return glb.subspan(at + 8, length);
}

core::Expected<nlohmann::json> ParseGlbJson(std::span<const uint8_t> bytes, const std::string& name) {
  constexpr uint32_t kMagic = 0x46546C67;      // "glTF"
  constexpr uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"
  if (bytes.size() < 20)
    return core::Status::Error(name + ": too short to be a .glb file (" + std::to_string(bytes.size()) + " bytes)");
  if (ReadU32Le(bytes.data()) != kMagic) return core::Status::Error(name + ": not a .glb file (no glTF magic)");
  if (ReadU32Le(bytes.data() + 4) != 2) {
    return core::Status::Error(name + ": glTF version " + std::to_string(ReadU32Le(bytes.data() + 4)) + ", expected 2");
  }
  const uint32_t total = ReadU32Le(bytes.data() + 8);
  if (total < 20) {
    // Also keeps `total - 20` below from wrapping round (found by fuzzing:
    // tests/fuzz/corpus/character/bad_total_length_under_header.glb).
    return core::Status::Error(name + ": header says the file is " + std::to_string(total) +
                               " bytes, shorter than its own header");
  }
  if (total > bytes.size()) {
    return core::Status::Error(name + ": truncated: header says " + std::to_string(total) + " bytes, file has " +
                               std::to_string(bytes.size()));
  }
  const uint32_t chunk_length = ReadU32Le(bytes.data() + 12);
  if (ReadU32Le(bytes.data() + 16) != kJsonChunk || chunk_length > total - 20) {
    return core::Status::Error(name + ": first chunk is not a complete JSON chunk");
  }
  if (chunk_length > gltf_limits::kMaxJsonChunkBytes) {
    return core::Status::Error(name + ": JSON chunk: " + std::to_string(chunk_length) + " bytes, more than " +
                               std::to_string(gltf_limits::kMaxJsonChunkBytes));
  }
  const char* text = reinterpret_cast<const char*>(bytes.data() + 20);
  // Before any parser: assimp's glTF reader recurses once per level.
  if (const auto deep = FindTooDeepNesting(std::string_view(text, chunk_length)))
    return core::Status::Error(name + ": JSON chunk: " + *deep);
  nlohmann::json json = nlohmann::json::parse(text, text + chunk_length, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.is_object()) return core::Status::Error(name + ": JSON chunk is not valid JSON");
  if (const auto duplicate = FindDuplicateKey(std::string_view(text, chunk_length)))
    return core::Status::Error(name + ": JSON chunk: " + *duplicate);
  return json;
}

core::Status CheckGltfForAssimp(const nlohmann::json& gltf, const std::string& name) {
  // skins[i].inverseBindMatrices is optional in glTF 2.0 (identity
  // matrices), but assimp 5.2's importer dereferences it unchecked: a null
  // read (SEGV) in glTF2Importer while building the bones.
  // A value that is not an accessor index is ignored by assimp's reader, so
  // it counts as missing.
  const auto accessors = gltf.find("accessors");
  const size_t accessor_count = accessors != gltf.end() && accessors->is_array() ? accessors->size() : 0;
  if (const auto skins = gltf.find("skins"); skins != gltf.end() && skins->is_array()) {
    for (size_t i = 0; i < skins->size(); ++i) {
      const nlohmann::json& skin = (*skins)[i];
      const auto ibm = skin.is_object() ? skin.find("inverseBindMatrices") : skin.end();
      if (!skin.is_object() || ibm == skin.end() || !ibm->is_number_unsigned() ||
          ibm->get<uint64_t>() >= accessor_count) {
        return core::Status::Error(name + ": skins[" + std::to_string(i) +
                                   "].inverseBindMatrices: expected an accessor index (the importer needs them)");
      }
    }
  }
  // A primitive with WEIGHTS_n but no JOINTS_n (or the reverse) makes
  // assimp 5.2 free an invalid pointer (found by tools/fuzz.sh character;
  // tests/fuzz/corpus/character/assimp_crash_weights_without_joints.glb).
  // Attribute values must be accessor indices.
  if (const auto meshes = gltf.find("meshes"); meshes != gltf.end() && meshes->is_array()) {
    for (size_t m = 0; m < meshes->size(); ++m) {
      const nlohmann::json& mesh = (*meshes)[m];
      const auto primitives = mesh.is_object() ? mesh.find("primitives") : mesh.end();
      if (primitives == mesh.end() || !primitives->is_array()) continue;
      for (size_t p = 0; p < primitives->size(); ++p) {
        const nlohmann::json& primitive = (*primitives)[p];
        const auto attributes = primitive.is_object() ? primitive.find("attributes") : primitive.end();
        if (attributes == primitive.end() || !attributes->is_object()) continue;
        const std::string where = name + ": meshes[" + std::to_string(m) + "].primitives[" + std::to_string(p) + "]";
        for (auto it = attributes->begin(); it != attributes->end(); ++it) {
          if (!it->is_number_unsigned() || it->get<uint64_t>() >= accessor_count) {
            return core::Status::Error(where + ".attributes." + it.key() + ": expected an accessor index");
          }
          const std::string& key = it.key();
          for (const auto& [has, needs] : {std::pair<std::string, std::string>{"WEIGHTS_", "JOINTS_"},
                                           std::pair<std::string, std::string>{"JOINTS_", "WEIGHTS_"}}) {
            if (key.rfind(has, 0) == 0 && !attributes->contains(needs + key.substr(has.size()))) {
              return core::Status::Error(where + ".attributes." + key + ": has no matching " + needs +
                                         key.substr(has.size()));
            }
          }
        }
      }
    }
  }
  return core::Status::Ok();
}

}  // namespace knights::asset
