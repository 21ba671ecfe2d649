#pragma once
// Downward and horizontal ray casts, injected into the IK controllers as a function
// pointer so the IK layer does not depend on the world's collision code.

#include <glm/glm.hpp>

namespace knights::ik {

// A ray cast's result, world space.
struct GroundProbe {
  bool hit = false;
  glm::vec3 point_ws{0.0f};
  glm::vec3 normal_ws{0.0f, 1.0f, 0.0f};
};
// Casts from from_ws straight down over length_m metres; upward-facing
// surfaces only.
using GroundRaycastFn = GroundProbe (*)(const void* context, const glm::vec3& from_ws, float length_m);
// Casts from from_ws along the horizontal unit direction dir_ws over
// length_m metres; walls only: faces steeper than 60 degrees turned toward
// the ray (within 60 degrees of facing it). The hit's point and normal.
using WallRaycastFn = GroundProbe (*)(const void* context, const glm::vec3& from_ws, const glm::vec3& dir_ws,
                                      float length_m);
// The nearest surface of any kind on the segment from a_ws to b_ws: its
// point and its normal (turned to face a_ws).
using SegmentRaycastFn = GroundProbe (*)(const void* context, const glm::vec3& a_ws, const glm::vec3& b_ws);

}  // namespace knights::ik
