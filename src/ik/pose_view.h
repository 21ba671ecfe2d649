#pragma once
// The pose an IK pass corrects in place: the skeleton's parent indices, the
// joints' local transforms and their model matrices (up to date on entry,
// kept up to date by the pass). One view instead of three spans in every
// signature.

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "math/transform.h"

namespace knights::ik {

struct PoseView {
  std::span<const int16_t> parents;   // depth-first: a parent before its children, -1 for a root
  std::span<math::Transform> locals_ls;  // joint space, relative to the parent
  std::span<glm::mat4> models_ms;        // model space, at least as many as parents

  int JointCount() const { return static_cast<int>(parents.size()); }
  // Sizes agree (locals one per joint, models at least one per joint).
  bool Valid() const { return locals_ls.size() == parents.size() && models_ms.size() >= parents.size(); }
  // A joint's position, model space.
  glm::vec3 PositionMs(int joint) const { return glm::vec3(models_ms[joint][3]); }
};

}  // namespace knights::ik
