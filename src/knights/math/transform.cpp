#include "knights/math/transform.h"

#include <glm/gtc/matrix_transform.hpp>

namespace knights::math {

glm::mat4 ToMatrix(const Transform& transform) {
  // Rotation columns scaled per axis, translation in the last column.
  const glm::mat3 r = glm::mat3_cast(transform.rotation);
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(r[0] * transform.scale.x, 0.0f);
  m[1] = glm::vec4(r[1] * transform.scale.y, 0.0f);
  m[2] = glm::vec4(r[2] * transform.scale.z, 0.0f);
  m[3] = glm::vec4(transform.translation, 1.0f);
  return m;
}

Transform FromMatrix(const glm::mat4& m) {
  Transform result;
  result.translation = glm::vec3(m[3]);
  glm::vec3 c0(m[0]), c1(m[1]), c2(m[2]);
  result.scale = glm::vec3(glm::length(c0), glm::length(c1), glm::length(c2));
  // A mirrored basis (negative determinant) keeps a negative x scale so the
  // remaining rotation is proper.
  if (glm::dot(glm::cross(c0, c1), c2) < 0.0f) result.scale.x = -result.scale.x;
  const glm::mat3 r(c0 / result.scale.x, c1 / result.scale.y, c2 / result.scale.z);
  result.rotation = glm::normalize(glm::quat_cast(r));
  return result;
}

}  // namespace knights::math
