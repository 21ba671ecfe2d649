#include "knights/anim/skinning_job.h"

#include "knights/math/simd.h"

namespace knights::anim {

bool SkinningJob::Validate() const {
  if (positions_normals_ms.size() < 2 * vertices.size()) return false;
  for (const SkinnedVertex& v : vertices) {
    for (int k = 0; k < kMaxInfluences; ++k) {
      if (v.weights[k] != 0.0f && v.joints[k] >= palette_ms.size()) return false;
    }
  }
  return true;
}

bool SkinningJob::Run() const {
  if (!Validate()) return false;
#if KNIGHTS_SIMD
  // The blended matrix as four column registers.
  const float* palette = &palette_ms[0][0][0];
  for (size_t i = 0; i < vertices.size(); ++i) {
    const SkinnedVertex& v = vertices[i];
    __m128 c0 = _mm_setzero_ps(), c1 = _mm_setzero_ps(), c2 = _mm_setzero_ps(), c3 = _mm_setzero_ps();
    for (int k = 0; k < kMaxInfluences; ++k) {
      if (v.weights[k] == 0.0f) continue;  // its joint index may be anything
      const __m128 w = _mm_set1_ps(v.weights[k]);
      const float* m = palette + 16 * static_cast<size_t>(v.joints[k]);
      c0 = _mm_add_ps(c0, _mm_mul_ps(w, _mm_loadu_ps(m)));
      c1 = _mm_add_ps(c1, _mm_mul_ps(w, _mm_loadu_ps(m + 4)));
      c2 = _mm_add_ps(c2, _mm_mul_ps(w, _mm_loadu_ps(m + 8)));
      c3 = _mm_add_ps(c3, _mm_mul_ps(w, _mm_loadu_ps(m + 12)));
    }
    const glm::vec3& p = v.position_ms;
    const glm::vec3& n = v.normal_ms;
    const __m128 position = _mm_add_ps(_mm_add_ps(_mm_mul_ps(c0, _mm_set1_ps(p.x)), _mm_mul_ps(c1, _mm_set1_ps(p.y))),
                                       _mm_add_ps(_mm_mul_ps(c2, _mm_set1_ps(p.z)), c3));
    const __m128 normal = _mm_add_ps(_mm_add_ps(_mm_mul_ps(c0, _mm_set1_ps(n.x)), _mm_mul_ps(c1, _mm_set1_ps(n.y))),
                                     _mm_mul_ps(c2, _mm_set1_ps(n.z)));
    alignas(16) float out[8];
    _mm_store_ps(out, position);
    _mm_store_ps(out + 4, normal);
    positions_normals_ms[2 * i] = glm::vec3(out[0], out[1], out[2]);
    positions_normals_ms[2 * i + 1] = glm::vec3(out[4], out[5], out[6]);
  }
#else
  for (size_t i = 0; i < vertices.size(); ++i) {
    const SkinnedVertex& v = vertices[i];
    glm::mat4 m(0.0f);
    for (int k = 0; k < kMaxInfluences; ++k) {
      if (v.weights[k] != 0.0f) m += v.weights[k] * palette_ms[v.joints[k]];
    }
    positions_normals_ms[2 * i] = glm::vec3(m * glm::vec4(v.position_ms, 1.0f));
    positions_normals_ms[2 * i + 1] = glm::vec3(m * glm::vec4(v.normal_ms, 0.0f));
  }
#endif
  return true;
}

}  // namespace knights::anim
