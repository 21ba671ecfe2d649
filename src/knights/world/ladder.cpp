#include "knights/world/ladder.h"

#include <cmath>

#include "knights/math/angles.h"

namespace knights::world {
namespace {
using math::kDegToRad;

// Rungs whose axis distance exceeds the length by less than this still count
// (a ladder whose height is an exact multiple of the spacing keeps its top rung).
constexpr float kRungTolerance = 1e-4f;
}  // namespace

Ladder::Ladder(const LadderDesc& desc) : desc_(desc) {
  const float lean = desc.lean_deg * kDegToRad;
  // +y rotated about z towards +x for a positive lean.
  up_axis_ws_ = glm::vec3(std::sin(lean), std::cos(lean), 0.0f);
  bottom_ws_ = glm::vec3(desc.x, desc.bottom_y, desc.z);
  const float height = desc.top_y - desc.bottom_y;
  length_ = height > 0.0f ? height / up_axis_ws_.y : 0.0f;
  top_ws_ = bottom_ws_ + up_axis_ws_ * length_;

  // Rungs from the bottom, one spacing apart along the rails.
  if (desc.rung_spacing > 0.0f && length_ > 0.0f) {
    const int count = static_cast<int>(std::floor((length_ + kRungTolerance) / desc.rung_spacing));
    rungs_ws_.reserve(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
      rungs_ws_.push_back(bottom_ws_ + up_axis_ws_ * (desc.rung_spacing * static_cast<float>(i + 1)));
    }
  }
}

glm::vec3 Ladder::ClimberFacingWs() const { return glm::vec3(desc_.exit_dir >= 0 ? 1.0f : -1.0f, 0.0f, 0.0f); }

glm::vec3 Ladder::ClimberSideNormalWs() const {
  // up x (0,0,1) = (up.y, -up.x, 0): the plane normal towards +x for a
  // vertical ladder; the climber stands on the side away from the exit.
  const glm::vec3 towards_plus_x(up_axis_ws_.y, -up_axis_ws_.x, 0.0f);
  return desc_.exit_dir >= 0 ? -towards_plus_x : towards_plus_x;
}

int Ladder::NearestRung(float y_ws) const {
  int best = -1;
  float best_distance = 0.0f;
  for (int i = 0; i < RungCount(); ++i) {
    const float d = std::fabs(Rung(i).y - y_ws);
    if (best < 0 || d < best_distance) {
      best = i;
      best_distance = d;
    }
  }
  return best;
}

int Ladder::RungAbove(float y_ws) const {
  for (int i = 0; i < RungCount(); ++i) {
    if (Rung(i).y > y_ws) return i;
  }
  return -1;
}

int Ladder::RungBelow(float y_ws) const {
  for (int i = RungCount() - 1; i >= 0; --i) {
    if (Rung(i).y < y_ws) return i;
  }
  return -1;
}

glm::vec3 Ladder::HandGripWs(int i, float side, float half_shoulder_width_m) const {
  return Rung(i) + glm::vec3(0.0f, 0.0f, side * half_shoulder_width_m);
}

glm::vec3 Ladder::FootPlantWs(int i, float side, float half_hip_width_m) const {
  return Rung(i) + glm::vec3(0.0f, kRungRadius, side * half_hip_width_m);
}

glm::vec3 Ladder::RailBottomWs(float side) const {
  return bottom_ws_ + glm::vec3(0.0f, 0.0f, side * 0.5f * desc_.width);
}

glm::vec3 Ladder::RailTopWs(float side) const {
  return top_ws_ + up_axis_ws_ * kRailExtension + glm::vec3(0.0f, 0.0f, side * 0.5f * desc_.width);
}

glm::vec3 Ladder::PointAtHeightWs(float y_ws) const {
  const float along = (y_ws - bottom_ws_.y) / up_axis_ws_.y;
  return bottom_ws_ + up_axis_ws_ * along;
}

glm::vec3 Ladder::ExitPointWs() const {
  return glm::vec3(top_ws_.x + 0.5f * ClimberFacingWs().x, desc_.top_y, top_ws_.z);
}

}  // namespace knights::world
