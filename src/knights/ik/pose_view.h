#pragma once
// The pose an IK pass corrects in place: the skeleton's parent indices, the
// joints' local transforms and their model matrices (up to date on entry,
// kept up to date by the pass). One view instead of three spans in every
// signature.

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "knights/math/transform.h"

namespace knights::ik {

struct PoseView {
  std::span<const int16_t> parents;      // depth-first: a parent before its children, -1 for a root
  std::span<math::Transform> locals_ls;  // joint space, relative to the parent
  std::span<glm::mat4> models_ms;        // model space, at least as many as parents

  int JointCount() const { return static_cast<int>(parents.size()); }
  // Sizes agree (locals one per joint, models at least one per joint).
  bool Valid() const { return locals_ls.size() == parents.size() && models_ms.size() >= parents.size(); }
  // A joint's position, model space.
  glm::vec3 PositionMs(int joint) const { return glm::vec3(models_ms[joint][3]); }
  // Whether `joint` is `ancestor` or lies below it.
  bool InSubtree(int joint, int ancestor) const {
    for (int j = joint; j >= 0; j = parents[j]) {
      if (j == ancestor) return true;
    }
    return false;
  }
  // Moves `joint` and everything below it by offset_ms (model space,
  // metres): its local translation, and the translations of its subtree's
  // model matrices (each is the joint's times a product of locals, so only
  // the translation changes). The subtree is the depth-first run after the
  // joint whose parents are at or after it.
  void TranslateSubtree(int joint, const glm::vec3& offset_ms) const {
    const int parent = parents[joint];
    locals_ls[joint].translation += parent >= 0 ? glm::inverse(glm::mat3(models_ms[parent])) * offset_ms : offset_ms;
    models_ms[joint][3] += glm::vec4(offset_ms, 0.0f);
    for (int j = joint + 1; j < JointCount() && parents[j] >= joint; ++j) models_ms[j][3] += glm::vec4(offset_ms, 0.0f);
  }
};

}  // namespace knights::ik
