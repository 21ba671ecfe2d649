#pragma once
// CPU linear blend skinning (the GPU skinning shader's work, done on the
// CPU): for each vertex, the weighted sum of its (up to four) palette
// matrices applied to the bind-pose position and normal. SSE: the blended
// matrix is four column registers. Normals are not renormalised (the
// shader does that per pixel). Used by the skinning benchmark; the GPU bench
// checks its transform-feedback output against it.

#include <cstddef>
#include <span>

#include <glm/glm.hpp>

#include "anim/skinned_mesh.h"
#include "math/simd.h"

namespace knights::bench {

// positions_ms[i] = (sum_k w_k palette[j_k]) * (p, 1); normals_ms[i] likewise
// with (n, 0). Output spans at least vertices.size().
inline void SkinCpu(std::span<const anim::SkinnedVertex> vertices, std::span<const glm::mat4> palette_ms,
                    std::span<glm::vec4> positions_ms, std::span<glm::vec4> normals_ms) {
#if KNIGHTS_SIMD
  const float* pal = &palette_ms[0][0][0];
  for (size_t i = 0; i < vertices.size(); ++i) {
    const anim::SkinnedVertex& v = vertices[i];
    __m128 c0 = _mm_setzero_ps(), c1 = _mm_setzero_ps(), c2 = _mm_setzero_ps(), c3 = _mm_setzero_ps();
    for (int k = 0; k < anim::kMaxInfluences; ++k) {
      const __m128 w = _mm_set1_ps(v.weights[k]);
      const float* m = pal + 16 * v.joints[k];
      c0 = _mm_add_ps(c0, _mm_mul_ps(w, _mm_loadu_ps(m)));
      c1 = _mm_add_ps(c1, _mm_mul_ps(w, _mm_loadu_ps(m + 4)));
      c2 = _mm_add_ps(c2, _mm_mul_ps(w, _mm_loadu_ps(m + 8)));
      c3 = _mm_add_ps(c3, _mm_mul_ps(w, _mm_loadu_ps(m + 12)));
    }
    const glm::vec3& p = v.position_ms;
    const glm::vec3& n = v.normal_ms;
    const __m128 pos = _mm_add_ps(_mm_add_ps(_mm_mul_ps(c0, _mm_set1_ps(p.x)), _mm_mul_ps(c1, _mm_set1_ps(p.y))),
                                  _mm_add_ps(_mm_mul_ps(c2, _mm_set1_ps(p.z)), c3));
    const __m128 nrm = _mm_add_ps(_mm_add_ps(_mm_mul_ps(c0, _mm_set1_ps(n.x)), _mm_mul_ps(c1, _mm_set1_ps(n.y))),
                                  _mm_mul_ps(c2, _mm_set1_ps(n.z)));
    _mm_storeu_ps(&positions_ms[i].x, pos);
    _mm_storeu_ps(&normals_ms[i].x, nrm);
  }
#else
  for (size_t i = 0; i < vertices.size(); ++i) {
    const anim::SkinnedVertex& v = vertices[i];
    glm::mat4 m(0.0f);
    for (int k = 0; k < anim::kMaxInfluences; ++k) m += v.weights[k] * palette_ms[v.joints[k]];
    positions_ms[i] = m * glm::vec4(v.position_ms, 1.0f);
    normals_ms[i] = m * glm::vec4(v.normal_ms, 0.0f);
  }
#endif
}

}  // namespace knights::bench
