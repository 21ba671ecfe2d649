#include "anim/local_to_model_job.h"

#include "math/matrix_ops.h"

namespace knights::anim {

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

bool LocalToModelJob::Run() const {
  if (!Validate()) return false;
  const int n = static_cast<int>(parents.size());
  const int16_t* parent_of = parents.data();
  const math::Transform* local_ls = locals_ls.data();
  glm::mat4* model_ms = models_ms.data();

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
}

}  // namespace knights::anim
