#pragma once
// A skinned triangle mesh as loaded from a character file: immutable, shared
// by every character that uses it (each character has its own palette).
// Pure data, no GL: src/render uploads it, tests skin it on the CPU.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace knights::anim {

// Influences per vertex: the GPU vertex format holds four.
inline constexpr int kMaxInfluences = 4;

struct SkinnedVertex {
  glm::vec3 position_ms{0.0f};            // bind pose, model space, metres
  glm::vec3 normal_ms{0.0f, 1.0f, 0.0f};  // bind pose, model space, unit
  glm::vec2 uv{0.0f};                     // texture coordinates, (0,0) top-left of the image
  // Skeleton joint indices and weights; weights sum to 1, unused slots have
  // weight 0 (and joint 0).
  glm::u8vec4 joints{0};
  glm::vec4 weights{1.0f, 0.0f, 0.0f, 0.0f};
};

// Decoded RGBA8 texture pixels, rows top to bottom.
struct TextureImage {
  std::string name;  // for messages, e.g. "knight_player.glb#texture0"
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;
};

struct MeshMaterial {
  std::string name;
  glm::vec4 base_color{1.0f};   // linear RGBA factor, multiplies the texture
  int base_color_texture = -1;  // index into SkinnedMesh::textures, -1: none
  float metallic = 0.0f;        // 0..1, drives the specular strength
  float roughness = 1.0f;       // 0..1
};

// Triangles [first_index, first_index + index_count) share one material.
struct MeshPart {
  uint32_t first_index = 0;
  uint32_t index_count = 0;
  int material = 0;
};

struct SkinnedMesh {
  std::vector<SkinnedVertex> vertices;
  std::vector<uint32_t> indices;  // triangles, counter-clockwise front faces
  std::vector<MeshPart> parts;
  std::vector<MeshMaterial> materials;
  std::vector<TextureImage> textures;

  int TriangleCount() const { return static_cast<int>(indices.size() / 3); }
};

}  // namespace knights::anim
