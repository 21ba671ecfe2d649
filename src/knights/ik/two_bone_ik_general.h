#pragma once
// The general two-bone solve of TwoBoneIkJob (docs/ik.md), in one space
// where the chain is rigid: every case (hinge range, pole, straight limb,
// target on the root), where the job's SSE fast path handles only the
// common one. Internal to TwoBoneIkJob; read two_bone_ik_reference.h first.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/ik/two_bone_ik_job.h"

namespace knights::ik {

// What the core solve produces, in the space it ran in.
struct TwoBoneSolution {
  glm::quat start_correction;
  glm::quat mid_correction;
  // Where the end joint lands at full weight (the general solve), or (the
  // fast path) the squared distance it stays short of the target: it lands
  // at the reach along the root-target line, so no position is needed.
  glm::vec3 end_position{0.0f};
  float miss_sq = 0.0f;
};

// s_ms, m_ms: the start and mid joints' frames; c: the end joint's
// position; t: the target; pole: the bend hint, all in the same space.
void SolveTwoBoneGeneral(const glm::mat4& s_ms, const glm::mat4& m_ms, const glm::vec3& c, const glm::vec3& t,
                         const glm::vec3& pole, const TwoBoneIkJob& job, TwoBoneSolution& out);

}  // namespace knights::ik
