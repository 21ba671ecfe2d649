#pragma once
// A downward ray cast, injected into the IK controllers as a function
// pointer so the IK layer does not depend on the world's collision code.

#include <glm/glm.hpp>

namespace knights::ik {

// A downward ray cast result, world space.
struct GroundProbe {
  bool hit = false;
  glm::vec3 point_ws{0.0f};
  glm::vec3 normal_ws{0.0f, 1.0f, 0.0f};
};
// Casts from from_ws straight down over length_m metres; upward-facing
// surfaces only.
using GroundRaycastFn = GroundProbe (*)(const void* context, const glm::vec3& from_ws, float length_m);

}  // namespace knights::ik
