#pragma once
// Builds the skinning palette: the matrices the GPU multiplies bind-pose
// vertices by. palette[i] = models_ms[i] * inverse_bind_ms[i]: a vertex in
// model space at bind time goes into joint i's space (inverse bind), then out
// to where joint i is now (model matrix).
//
// Usage (per frame, after local-to-model and IK):
//   anim::SkinningPaletteJob job;
//   job.models_ms = models_ms;
//   job.inverse_bind_ms = skeleton.InverseBind();
//   job.palette_ms = palette_ms;          // >= joint count
//   if (!job.Run()) { /* bad sizes: nothing written */ }
//   // The character's world transform is applied outside (a shader uniform),
//   // so the palette stays in model space.
//
// At the bind pose (models_ms[i] = inverse(inverse_bind_ms[i])) every palette
// matrix is the identity.

#include <span>

#include <glm/glm.hpp>

namespace knights::anim {

struct SkinningPaletteJob {
  // Current model-space matrix of each joint.
  std::span<const glm::mat4> models_ms;
  // Inverse of each joint's bind model matrix, same count as models_ms.
  std::span<const glm::mat4> inverse_bind_ms;
  // Output: bind model space -> current model space, >= models_ms.size().
  std::span<glm::mat4> palette_ms;

  bool Validate() const;
  // Returns false (and writes nothing) when Validate() fails.
  bool Run() const;
};

}  // namespace knights::anim
