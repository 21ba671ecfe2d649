#pragma once
// CPU linear blend skinning: each vertex moved by the weighted sum of its
// (up to four) palette matrices, as shaders/skinned.vert does on the GPU
// (the game skins there). The reference the GPU skinning benchmark checks
// its output against, and the loop for a consumer that skins on the CPU
// (physics proxies, picking, a renderer without vertex shaders): about
// 6 ns a vertex with SSE (docs/performance.md).
//
// Usage (buffers sized once; nothing allocated):
//   anim::SkinningJob job;
//   job.vertices = mesh.vertices;                 // bind pose, model space
//   job.palette_ms = palette_ms;                  // SkinningPaletteJob's output
//   job.positions_normals_ms = out;               // 2 per vertex: position, normal
//   if (!job.Run()) { /* sizes or a joint index wrong: nothing written */ }
//
// Palette matrices are rigid plus a uniform scale, so normals are moved by
// the same matrix; they are not renormalised (the shader does that per
// pixel).

#include <span>

#include <glm/glm.hpp>

#include "knights/anim/skinned_mesh.h"

namespace knights::anim {

struct SkinningJob {
  std::span<const SkinnedVertex> vertices;
  // Model-space palette (model * inverse bind), indexed by the vertices' joints.
  std::span<const glm::mat4> palette_ms;
  // Output: for vertex i, [2i] its position and [2i + 1] its normal, current
  // model space; at least 2 * vertices.size().
  std::span<glm::vec3> positions_normals_ms;

  // Sizes, and every joint index of a weighted influence within the palette.
  bool Validate() const;
  bool Run() const;
};

}  // namespace knights::anim
