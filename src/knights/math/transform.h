#pragma once
// An affine transform split into translation, rotation and scale (TRS), the
// form in which joints are animated. Applied to a point p it gives
// t + q * (s * p): scale first, then rotate, then translate.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace knights::math {

struct Transform {
  glm::vec3 translation{0.0f};                      // in the parent's space, metres
  glm::quat rotation = glm::identity<glm::quat>();  // unit quaternion
  glm::vec3 scale{1.0f};                            // per-axis factor

  static Transform Identity() { return {}; }
};

// The 4x4 matrix of t * r * s (column-major, as glm and GLSL use).
glm::mat4 ToMatrix(const Transform& transform);

// The TRS transform whose matrix is m, assuming m has no shear.
Transform FromMatrix(const glm::mat4& m);

}  // namespace knights::math
