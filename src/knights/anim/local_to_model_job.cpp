#include "knights/anim/local_to_model_job.h"

#include "knights/math/matrix_ops.h"

namespace knights::anim {
namespace {

#if KNIGHTS_SIMD

// A model matrix as four column registers.
struct Columns {
  __m128 c0, c1, c2, c3;
};

inline Columns Load(const glm::mat4& m) {
  const float* p = &m[0][0];
  return {_mm_loadu_ps(p), _mm_loadu_ps(p + 4), _mm_loadu_ps(p + 8), _mm_loadu_ps(p + 12)};
}

// parent * ToMatrix(local), as math::MulMat4Trs, with the sums paired
// ((a + b) + (c + d) rather than ((a + b) + c) + d) to shorten the chain of
// dependent adds from one joint to its child: a skeleton is mostly chains,
// so local-to-model is bound by that latency, not by arithmetic.
inline Columns MulTrs(const Columns& p, const math::Transform& local) {
  float m[9];
  math::RotationScaleColumns(local.rotation, local.scale, m);
  Columns out;
  __m128* cols[3] = {&out.c0, &out.c1, &out.c2};
  for (int c = 0; c < 3; ++c) {
    *cols[c] =
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(p.c0, _mm_set1_ps(m[3 * c])), _mm_mul_ps(p.c1, _mm_set1_ps(m[3 * c + 1]))),
                   _mm_mul_ps(p.c2, _mm_set1_ps(m[3 * c + 2])));
  }
  const glm::vec3& t = local.translation;
  out.c3 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(p.c0, _mm_set1_ps(t.x)), _mm_mul_ps(p.c1, _mm_set1_ps(t.y))),
                      _mm_add_ps(_mm_mul_ps(p.c2, _mm_set1_ps(t.z)), p.c3));
  return out;
}

inline void Store(const Columns& c, glm::mat4& m) {
  float* p = &m[0][0];
  _mm_storeu_ps(p, c.c0);
  _mm_storeu_ps(p + 4, c.c1);
  _mm_storeu_ps(p + 8, c.c2);
  _mm_storeu_ps(p + 12, c.c3);
}

// Joints [begin, end) whose parents are all in [begin - 1, i) or, for
// `first_parent_outside`, given explicitly: the previous joint's matrix stays
// in registers, so a child right after its parent (the common case in
// depth-first order) does not wait for the parent's store to be reloaded.
inline void RunRange(const int16_t* parent_of, const math::Transform* local_ls, glm::mat4* model_ms,
                     const glm::mat4& root_ms, int begin, int end, int stop_below) {
  Columns previous = Load(root_ms);
  int previous_index = -2;  // no joint in registers yet
  for (int i = begin; i < end; ++i) {
    const int parent = parent_of[i];
    if (parent < stop_below) break;
    const Columns parent_ms = parent == previous_index ? previous : Load(parent < 0 ? root_ms : model_ms[parent]);
    previous = MulTrs(parent_ms, local_ls[i]);
    previous_index = i;
    Store(previous, model_ms[i]);
  }
}

#endif

}  // namespace

bool LocalToModelJob::Validate() const {
  const size_t n = parents.size();
  if (locals_ls.size() != n || models_ms.size() < n || from < 0) return false;
  if (n != 0 && static_cast<size_t>(from) >= n) return false;
  // Depth-first order is what makes one forward loop correct (a parent is
  // always computed before its children); a bad index would read out of range.
  for (size_t i = 0; i < n; ++i) {
    const int parent = parents[i];
    if (parent < -1 || parent >= static_cast<int>(i)) return false;
  }
  return true;
}

bool LocalToModelJob::ValidateSubtree() const {
  const size_t n = parents.size();
  if (locals_ls.size() != n || models_ms.size() < n || from < 0 || static_cast<size_t>(from) >= n) return false;
  const int first_parent = parents[from];
  if (first_parent < -1 || first_parent >= from) return false;
  // The subtree is the run of joints after `from` whose parents are at or
  // after it; the pass stops at the first parent before it.
  for (int i = from + 1; i < static_cast<int>(n); ++i) {
    const int parent = parents[i];
    if (parent < from) break;
    if (parent >= i) return false;
  }
  return true;
}

bool LocalToModelJob::Run() const {
  // A restart (from > 0, the IK pass's partial updates: a few joints each)
  // checks only the joints it reads, not the whole skeleton again.
  if (from == 0 ? !Validate() : !ValidateSubtree()) return false;
  const int n = static_cast<int>(parents.size());
  const int16_t* parent_of = parents.data();
  const math::Transform* local_ls = locals_ls.data();
  glm::mat4* model_ms = models_ms.data();

#if KNIGHTS_SIMD
  // model[i] = model[parent] * TRS(local[i]), the local TRS matrix folded into
  // the product instead of being built as a full 4x4 and multiplied
  // generically. Restarting at `from` updates its subtree only: in depth-first
  // order that is the contiguous range after it whose parents lie inside the
  // subtree, i.e. at or after `from` (a parent before `from` means we left the
  // subtree); `from` itself may have any parent.
  if (from == 0) {
    RunRange(parent_of, local_ls, model_ms, root_ms, 0, n, -1);
  } else {
    const int parent = parent_of[from];
    Store(MulTrs(Load(parent < 0 ? root_ms : model_ms[parent]), local_ls[from]), model_ms[from]);
    RunRange(parent_of, local_ls, model_ms, root_ms, from + 1, n, from);
  }
  return true;
#else
  if (from == 0) {
    // Whole skeleton: model[i] = model[parent] * TRS(local[i]), the local TRS
    // matrix folded into the product (math::MulMat4Trs) instead of being built
    // as a full 4x4 and multiplied generically.
    for (int i = 0; i < n; ++i) {
      const int parent = parent_of[i];
      math::MulMat4Trs(parent < 0 ? root_ms : model_ms[parent], local_ls[i], model_ms[i]);
    }
    return true;
  }

  // Restarting at `from` updates its subtree only: in depth-first order that is
  // the contiguous range after it whose parents lie inside the subtree, i.e. at
  // or after `from` (a parent before `from` means we left the subtree).
  {
    const int parent = parent_of[from];
    math::MulMat4Trs(parent < 0 ? root_ms : model_ms[parent], local_ls[from], model_ms[from]);
  }
  for (int i = from + 1; i < n; ++i) {
    const int parent = parent_of[i];
    if (parent < from) break;
    math::MulMat4Trs(model_ms[parent], local_ls[i], model_ms[i]);
  }
  return true;
#endif
}

}  // namespace knights::anim
