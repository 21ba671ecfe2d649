#pragma once
// A ladder built from its description (knights/world/level.h): rung centres, rails,
// its (possibly leaning) up axis and the grip points the climb controller and
// the hand/foot IK aim at. Immutable after construction; every query is
// allocation-free and never throws.
//
// Geometry (world space, metres): the rails' centre line starts at
// bottom_ws = (x, bottom_y, z) and runs along up_axis_ws, which is +y tilted
// by lean_deg about the z axis (> 0 moves the top towards +x). Rungs are
// horizontal along z, spanning z +- width/2. Rung i (i = 0, 1, ...) lies at
// distance (i + 1) * rung_spacing along the axis from the bottom, for every
// such distance up to the ladder's length (the axis distance at which the
// axis reaches top_y). The rails go on kRailExtension above the top so the
// hands have something to hold while stepping off.

#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "knights/world/level.h"

namespace knights::world {

class Ladder {
 public:
  static constexpr float kRailExtension = 1.0f;  // metres of rail above top_y, along the axis
  static constexpr float kRungRadius = 0.02f;    // metres, for drawing and for placing a hand on a rung

  explicit Ladder(const LadderDesc& desc);

  const LadderDesc& desc() const { return desc_; }

  // Centre line of the rails at the bottom and where it reaches top_y, world.
  const glm::vec3& bottom_ws() const { return bottom_ws_; }
  const glm::vec3& top_ws() const { return top_ws_; }
  // Unit vector from bottom to top along the rails.
  const glm::vec3& up_axis_ws() const { return up_axis_ws_; }
  // Distance from bottom_ws to top_ws along the axis, metres.
  float length() const { return length_; }

  // Horizontal unit vector the climber faces (towards the ledge: +-x).
  glm::vec3 ClimberFacingWs() const;
  // Unit normal of the ladder's plane on the climber's side (perpendicular to
  // the up axis and to z, pointing away from the ledge).
  glm::vec3 ClimberSideNormalWs() const;

  int RungCount() const { return static_cast<int>(rungs_ws_.size()); }
  // Centre of rung i (0 = lowest), world. i must be in [0, RungCount()).
  const glm::vec3& Rung(int i) const { return rungs_ws_[static_cast<size_t>(i)]; }
  std::span<const glm::vec3> rungs_ws() const { return rungs_ws_; }

  // Index of the rung whose centre y is nearest y_ws; -1 when there are no rungs.
  int NearestRung(float y_ws) const;
  // Lowest rung with centre y > y_ws; -1 when none.
  int RungAbove(float y_ws) const;
  // Highest rung with centre y < y_ws; -1 when none.
  int RungBelow(float y_ws) const;

  // Grip point for a hand on rung i: the rung centre moved along z by
  // side * half_shoulder_width_m (side = -1 or +1, the z side of the hand).
  glm::vec3 HandGripWs(int i, float side, float half_shoulder_width_m) const;
  // Where a foot stands on rung i: the rung centre moved along z by
  // side * half_hip_width_m, raised by the rung radius (the sole on top).
  glm::vec3 FootPlantWs(int i, float side, float half_hip_width_m) const;

  // Rail ends, world: side -1 is the rail at z - width/2, +1 at z + width/2.
  glm::vec3 RailBottomWs(float side) const;
  glm::vec3 RailTopWs(float side) const;  // includes kRailExtension

  // The point of the centre line at height y_ws (may lie beyond the ends).
  glm::vec3 PointAtHeightWs(float y_ws) const;

  // Where the climber stands after stepping off at the top: 0.5 m past the
  // top of the centre line towards the exit, at top_y.
  glm::vec3 ExitPointWs() const;

 private:
  LadderDesc desc_;
  glm::vec3 bottom_ws_{0.0f};
  glm::vec3 top_ws_{0.0f};
  glm::vec3 up_axis_ws_{0.0f, 1.0f, 0.0f};
  float length_ = 0.0f;
  std::vector<glm::vec3> rungs_ws_;  // sized once in the constructor
};

}  // namespace knights::world
