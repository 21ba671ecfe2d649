#pragma once
// The consumer's own math/transform.h, on its include path before the
// package's: Knights' headers include theirs as "knights/math/transform.h",
// so they never pick this one up (the test install.ConsumerAndInstalledGame
// builds this program to prove it).

#include <glm/glm.hpp>

namespace consumer {

// A point moved by an offset: nothing like knights::math::Transform.
struct Transform {
  glm::vec3 offset{0.0f};
  glm::vec3 Apply(const glm::vec3& p) const { return p + offset; }
};

}  // namespace consumer
