#pragma once
// Seeded random unit vectors and unit quaternions for the rotation tests
// (tests/math, tests/ik): normal components, normalised, so uniform over
// the sphere and over rotations.

#include <random>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace knights::math::test {

inline glm::vec3 RandomUnit(std::mt19937& rng) {
  std::normal_distribution<float> g(0.0f, 1.0f);
  return glm::normalize(glm::vec3(g(rng), g(rng), g(rng)));
}

inline glm::quat RandomQuat(std::mt19937& rng) {
  std::normal_distribution<float> g(0.0f, 1.0f);
  return glm::normalize(glm::quat(g(rng), g(rng), g(rng), g(rng)));
}

}  // namespace knights::math::test
