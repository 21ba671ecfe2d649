#pragma once
// assimp's matrices as glm's, for the importers of the asset layer.

#include <assimp/matrix4x4.h>
#include <assimp/scene.h>
#include <glm/glm.hpp>

namespace knights::asset {

// assimp matrices are row-major (a1..a4 is the first row); glm is column-major.
inline glm::mat4 ToGlm(const aiMatrix4x4& m) {
  glm::mat4 result;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) result[c][r] = m[r][c];
  }
  return result;
}

// A node's transform in the scene's space: the product of its ancestors'.
inline glm::mat4 GlobalTransform(const aiNode* node) {
  glm::mat4 global(1.0f);
  for (const aiNode* n = node; n != nullptr; n = n->mParent) global = ToGlm(n->mTransformation) * global;
  return global;
}

}  // namespace knights::asset
