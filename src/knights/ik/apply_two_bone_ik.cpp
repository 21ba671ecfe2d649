#include "knights/ik/apply_two_bone_ik.h"

#include "knights/anim/local_to_model_job.h"

namespace knights::ik {
bool IsAncestor(std::span<const int16_t> parents, int ancestor, int joint) {
  while (joint > ancestor) joint = parents[joint];
  return joint == ancestor;
}

bool IsValidChain(const TwoBoneChain& chain, std::span<const int16_t> parents) {
  const int count = static_cast<int>(parents.size());
  if (chain.start < 0 || chain.start >= chain.mid || chain.mid >= chain.end || chain.end >= count) return false;
  return IsAncestor(parents, chain.start, chain.mid) && IsAncestor(parents, chain.mid, chain.end);
}

bool ApplyTwoBoneCorrections(const TwoBoneChain& chain, const glm::quat& start_correction,
                             const glm::quat& mid_correction, std::span<const int16_t> parents,
                             std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms,
                             const glm::mat4& root_ms) {
  if (locals_ls.size() != parents.size() || models_ms.size() < parents.size()) return false;
  if (!IsValidChain(chain, parents)) return false;
  // Post-multiply the corrections into the local rotations (renormalised so
  // rounding does not accumulate frame after frame).
  math::Transform& start_ls = locals_ls[chain.start];
  math::Transform& mid_ls = locals_ls[chain.mid];
  start_ls.rotation = glm::normalize(start_ls.rotation * start_correction);
  mid_ls.rotation = glm::normalize(mid_ls.rotation * mid_correction);
  // Partial local-to-model: the start joint's subtree only.
  anim::LocalToModelJob ltm;
  ltm.parents = parents;
  ltm.locals_ls = locals_ls;
  ltm.models_ms = models_ms;
  ltm.root_ms = root_ms;
  ltm.from = chain.start;
  return ltm.Run();
}

bool ApplyTwoBoneIk(const TwoBoneIkJob& settings, const TwoBoneChain& chain, std::span<const int16_t> parents,
                    std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms, const glm::mat4& root_ms,
                    bool* reached) {
  if (reached != nullptr) *reached = false;
  if (locals_ls.size() != parents.size() || models_ms.size() < parents.size()) return false;
  if (!IsValidChain(chain, parents)) return false;

  // 1. Solve on the current model matrices.
  const int parent = parents[chain.start];
  glm::quat start_correction, mid_correction;
  TwoBoneIkJob job = settings;
  job.start_joint_ms = &models_ms[chain.start];
  job.mid_joint_ms = &models_ms[chain.mid];
  job.end_joint_ms = &models_ms[chain.end];
  job.parent_ms = parent < 0 ? &root_ms : &models_ms[parent];
  job.start_correction = &start_correction;
  job.mid_correction = &mid_correction;
  job.reached = reached;
  if (!job.Run()) return false;

  // 2-3. Into the locals, then the subtree's model matrices.
  return ApplyTwoBoneCorrections(chain, start_correction, mid_correction, parents, locals_ls, models_ms, root_ms);
}

}  // namespace knights::ik
