#include "knights/anim/root_motion.h"

#include <cmath>
#include <string>

namespace knights::anim {

core::Expected<glm::vec3> ExtractRootMotion(ClipDesc& desc, int joint, glm::vec3 up, bool remove_all_horizontal) {
  const std::string prefix = "clip '" + desc.name + "': root motion: ";
  if (joint < 0 || joint >= desc.joint_count) {
    return core::Status::Error(prefix + "joint " + std::to_string(joint) + " is out of range");
  }
  const float up_length = glm::length(up);
  if (!std::isfinite(up_length) || !(up_length > 1e-6f)) {
    return core::Status::Error(prefix + "the up axis must be a finite non-zero vector");
  }
  up /= up_length;
  // The horizontal part of a vector: the vector minus its component along up.
  auto horizontal = [&up](const glm::vec3& v) { return v - up * glm::dot(v, up); };

  for (JointTrackDesc& track : desc.tracks) {
    if (track.joint != joint) continue;
    std::vector<Vec3Key>& keys = track.translations;
    if (keys.size() < 2) return glm::vec3(0.0f);
    const float t0 = keys.front().time_s;
    const float span_s = keys.back().time_s - t0;
    if (!(span_s > 0.0f)) return glm::vec3(0.0f);
    const glm::vec3 first = keys.front().value;
    const glm::vec3 velocity = horizontal(keys.back().value - first) / span_s;
    for (Vec3Key& key : keys) {
      if (remove_all_horizontal) {
        key.value -= horizontal(key.value - first);
      } else {
        key.value -= velocity * (key.time_s - t0);
      }
    }
    if (!desc.speed_mps) desc.speed_mps = glm::length(velocity);
    return velocity;
  }
  return glm::vec3(0.0f);
}

}  // namespace knights::anim
