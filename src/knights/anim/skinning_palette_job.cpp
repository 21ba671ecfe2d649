#include "knights/anim/skinning_palette_job.h"

#include "knights/math/matrix_ops.h"

namespace knights::anim {

bool SkinningPaletteJob::Validate() const {
  return inverse_bind_ms.size() == models_ms.size() && palette_ms.size() >= models_ms.size();
}

bool SkinningPaletteJob::Run() const {
  if (!Validate()) return false;
  const size_t n = models_ms.size();
  for (size_t i = 0; i < n; ++i) math::MulMat4(models_ms[i], inverse_bind_ms[i], palette_ms[i]);
  return true;
}

}  // namespace knights::anim
