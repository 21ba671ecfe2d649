#include "knights/anim/skeleton.h"

#include <cmath>
#include <unordered_set>

namespace knights::anim {
namespace {

bool IsFinite(const math::Transform& t) {
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(t.translation[i]) || !std::isfinite(t.scale[i])) return false;
  }
  for (int i = 0; i < 4; ++i) {
    if (!std::isfinite(t.rotation[i])) return false;
  }
  return true;
}

bool IsFinite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!std::isfinite(m[c][r])) return false;
    }
  }
  return true;
}

}  // namespace

core::Expected<Skeleton> Skeleton::Create(std::vector<std::string> names, std::vector<int16_t> parents,
                                          std::vector<math::Transform> rest_pose_ls,
                                          std::vector<glm::mat4> inverse_bind_ms) {
  const size_t n = parents.size();
  if (n == 0) return core::Status::Error("skeleton has no joints");
  if (n > static_cast<size_t>(kMaxJoints)) {
    return core::Status::Error("skeleton has " + std::to_string(n) + " joints, more than the " +
                               std::to_string(kMaxJoints) + " the palette holds");
  }
  if (names.size() != n || rest_pose_ls.size() != n || inverse_bind_ms.size() != n) {
    return core::Status::Error("skeleton arrays differ in size");
  }
  std::unordered_set<std::string> seen;
  for (size_t i = 0; i < n; ++i) {
    if (parents[i] != kNoParent && (parents[i] < 0 || static_cast<size_t>(parents[i]) >= i)) {
      return core::Status::Error("joint '" + names[i] + "' is not after its parent (not depth-first)");
    }
    if (!seen.insert(names[i]).second) {
      return core::Status::Error("joint name '" + names[i] + "' is used twice");
    }
    if (!IsFinite(rest_pose_ls[i]) || !IsFinite(inverse_bind_ms[i])) {
      return core::Status::Error("joint '" + names[i] + "' has a non-finite rest pose or bind matrix");
    }
  }
  Skeleton s;
  s.names_ = std::move(names);
  s.parents_ = std::move(parents);
  s.rest_pose_ls_ = std::move(rest_pose_ls);
  s.inverse_bind_ms_ = std::move(inverse_bind_ms);
  return s;
}

int Skeleton::FindJoint(std::string_view name) const {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] == name) return static_cast<int>(i);
  }
  return -1;
}

int Skeleton::SubtreeEnd(int joint) const {
  const int n = JointCount();
  int end = joint + 1;
  while (end < n && parents_[end] >= joint) ++end;
  return end;
}

}  // namespace knights::anim
