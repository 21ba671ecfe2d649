#pragma once
// The limits a .glb must keep before assimp reads it: what a hostile or
// broken file could otherwise make the importer do (recurse a hundred
// thousand nodes deep, open any file on the machine through a buffer's uri,
// decode a 20000 x 20000 texture, allocate ten million keys). Each refusal
// names the field, its value and the limit; docs/reliability.md lists the
// limits and why each is what it is.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "knights/asset/image.h"
#include "knights/core/status.h"

namespace knights::asset {

namespace gltf_limits {
inline constexpr size_t kMaxNodes = 4096;                           // the knight has 26
inline constexpr size_t kMaxNodeDepth = 128;                        // the knight's tree is 10 deep
inline constexpr size_t kMaxKeysPerChannel = 100000;                // 27 minutes at 60 keys a second
inline constexpr size_t kMaxAccessorCount = 4000000;                // vertices, indices or keys in one accessor
inline constexpr uint64_t kMaxAccessorBytes = uint64_t{256} << 20;  // all accessors decoded: 4x the .glb cap
inline constexpr size_t kMaxMeshes = 1024;                          // the knight has 1
// A model library's character may be built of hundreds of parts, each a
// primitive with its own material (a draw each): thousands are played.
inline constexpr size_t kMaxMaterials = 4096;        // the knight has 1
inline constexpr size_t kMaxPrimitives = 1024;       // per mesh
inline constexpr size_t kMaxModelPrimitives = 4096;  // all meshes' together; the knight has 1
// Morph targets: the importer gives each target of a primitive whole
// arrays the size of its mesh (positions, normals, tangents, colours,
// texture coordinates), whatever the target's accessor holds: 3000 targets
// on the knight's 5441 vertices took 2.2 GB. 2,000,000 target vertices
// (targets times the vertices of their primitive, summed) is about 400 MB;
// 52 face shapes (a common facial rig) on a 20,000-vertex head, 1,040,000.
inline constexpr size_t kMaxMorphTargets = 256;  // per primitive
inline constexpr uint64_t kMaxMorphTargetVertices = 2000000;
// The JSON chunk: parsed twice (here and by the importer), each tree
// taking up to about 20 times the text; the knight's is 133 KB.
inline constexpr uint64_t kMaxJsonChunkBytes = uint64_t{16} << 20;
inline constexpr size_t kMaxImages = 256;       // also textures and samplers
inline constexpr size_t kMaxAnimations = 1024;  // clips; the knight has 11
inline constexpr size_t kMaxChannels = 8192;    // per animation (and samplers); 128 joints x 3 need 384
inline constexpr size_t kMaxAccessors = 65536;  // also bufferViews
inline constexpr size_t kMaxSkins = 64;
inline constexpr int kMaxTextureSide = kMaxImageSide;  // pixels; also capped at GL_MAX_TEXTURE_SIZE at upload
inline constexpr double kMaxTranslationM = 10000.0;    // |rest translation| component, metres
inline constexpr double kMinScale = 1e-4;              // |rest scale| component: a joint never collapses
inline constexpr double kMaxScale = 1e4;
}  // namespace gltf_limits

// Checks `gltf` (the JSON chunk of the .glb in `glb_bytes`) against the
// limits above: no buffer or image outside the file's own BIN chunk, the
// node tree (count, depth, no node with two parents or in a cycle), rest
// transforms, the length of every array, accessors (each count, sparse
// counts, and the bytes of all of them decoded: accessors may share one
// buffer view, so the file's size does not bound them), animation samplers
// (key count, outputs matching inputs), morph targets (per primitive, and
// targets times vertices over the model), the primitives of the whole
// model and embedded images' sizes read from their headers.
core::Status CheckGltfLimits(const nlohmann::json& gltf, std::span<const uint8_t> glb_bytes, const std::string& name);

}  // namespace knights::asset
