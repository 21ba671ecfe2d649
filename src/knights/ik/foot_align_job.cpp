#include "knights/ik/foot_align_job.h"

#include <algorithm>
#include <cmath>

#include "knights/ik/ik_math.h"

namespace knights::ik {
namespace {

constexpr float kDegToRad = 3.14159265358979323846f / 180.0f;

}  // namespace

// Axis-angle form (atan2, no acos clamping issues).
glm::quat LimitedTilt(const glm::vec3& up, const glm::vec3& normal, float max_rad, float weight) {
  const glm::vec3 axis = glm::cross(up, normal);
  const float sin_part = std::sqrt(glm::dot(axis, axis));
  const float cos_part = glm::dot(up, normal);
  float angle = std::atan2(sin_part, cos_part);  // 0..pi, no NaN at |dot| ~ 1
  angle = std::min(angle, max_rad) * weight;
  if (!(angle > 0.0f)) return glm::identity<glm::quat>();
  glm::vec3 unit_axis;
  if (sin_part > 1e-6f * std::sqrt(glm::dot(up, up) * glm::dot(normal, normal))) {
    unit_axis = axis / sin_part;
  } else {
    unit_axis = math::AnyPerpendicular(up);  // antiparallel: any perpendicular axis
  }
  return glm::angleAxis(angle, unit_axis);
}

bool FootAlignJob::Validate() const {
  if (foot_joint_ms == nullptr || foot_correction == nullptr) return false;
  if (toe_joint_ms != nullptr && toe_correction == nullptr) return false;
  if (!IsFinite(*foot_joint_ms) || !IsFinite(normal_ms) || !IsFinite(foot_up_ls)) return false;
  if (!(glm::dot(normal_ms, normal_ms) > 0.0f) || !(glm::dot(foot_up_ls, foot_up_ls) > 0.0f)) {
    return false;
  }
  if (!(weight >= 0.0f && weight <= 1.0f) || !(max_tilt_deg >= 0.0f && max_tilt_deg <= 180.0f)) {
    return false;
  }
  if (toe_joint_ms != nullptr) {
    if (!IsFinite(*toe_joint_ms) || !IsFinite(toe_normal_ms) || !IsFinite(toe_up_ls)) return false;
    if (!(glm::dot(toe_normal_ms, toe_normal_ms) > 0.0f) || !(glm::dot(toe_up_ls, toe_up_ls) > 0.0f)) {
      return false;
    }
    if (!(toe_max_tilt_deg >= 0.0f && toe_max_tilt_deg <= 180.0f)) return false;
  }
  return true;
}

bool FootAlignJob::Run() const {
  if (!Validate()) {
    if (foot_correction != nullptr) *foot_correction = glm::identity<glm::quat>();
    if (toe_correction != nullptr) *toe_correction = glm::identity<glm::quat>();
    return false;
  }
  // 1. The normal in the foot's rotation frame (scale removed), so mirrored or
  // scaled parents give the right local rotation.
  const glm::mat4& foot = *foot_joint_ms;
  const glm::vec3 inv_foot = InverseColumnLengths(foot);
  const glm::vec3 normal_ls = ToFrame(foot, inv_foot, normal_ms);
  const glm::quat foot_q = LimitedTilt(foot_up_ls, normal_ls, max_tilt_deg * kDegToRad, weight);
  *foot_correction = foot_q;
  if (toe_joint_ms == nullptr) return true;

  // 2. Toe: its frame after the foot correction is the old one carried by the
  // foot's model-space rotation; express the toe normal in that new frame by
  // undoing the foot rotation (through the foot frame) and then entering the
  // old toe frame.
  const glm::mat4& toe = *toe_joint_ms;
  const glm::vec3 inv_toe = InverseColumnLengths(toe);
  const glm::vec3 toe_normal_foot = math::InverseRotate(foot_q, ToFrame(foot, inv_foot, toe_normal_ms));
  const glm::vec3 toe_normal_ls = ToFrame(toe, inv_toe, FromFrame(foot, inv_foot, toe_normal_foot));
  *toe_correction = LimitedTilt(toe_up_ls, toe_normal_ls, toe_max_tilt_deg * kDegToRad, weight);
  return true;
}

}  // namespace knights::ik
