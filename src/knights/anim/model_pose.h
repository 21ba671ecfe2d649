#pragma once
// A clip's pose at one time, or the rest pose, as model-space matrices: the
// sampling and local-to-model jobs in one call, for load-time reads of a
// clip (where a foot stands, how far a root travels). Allocates its result:
// never on a frame's hot path, which runs the jobs on its own buffers.
//
//   const std::vector<glm::mat4> end_ms = anim::ModelPoseAt(skeleton, &clip, clip.DurationS());

#include <vector>

#include <glm/glm.hpp>

#include "knights/anim/clip.h"
#include "knights/anim/skeleton.h"

namespace knights::anim {

// clip null: the rest pose. Joint count many matrices: the rest pose's when
// the clip is refused (another skeleton's), identities when the skeleton is.
std::vector<glm::mat4> ModelPoseAt(const Skeleton& skeleton, const Clip* clip, float time_s);

}  // namespace knights::anim
