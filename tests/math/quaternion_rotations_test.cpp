// The rotations built from vectors in knights/math/quaternion.h (the IK solvers'
// building blocks): minimal rotations, hinge rotations about an axis, and
// weighting a rotation toward the identity.

#include "knights/math/quaternion.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "tests/math/random_rotations.h"

namespace knights::math {
namespace {

using test::RandomQuat;
using test::RandomUnit;

TEST(RotationBetween, ParallelIsIdentity) {
  std::mt19937 rng(8);
  for (int i = 0; i < 100; ++i) {
    const glm::vec3 u = RandomUnit(rng);
    const glm::quat q = RotationBetween(u * 0.3f, u * 5.0f);
    EXPECT_NEAR(q.w, 1.0f, 1e-6f);
    EXPECT_LT(glm::length(glm::vec3(q.x, q.y, q.z)), 1e-6f);
  }
}

// Antiparallel vectors are not "the same direction": a half turn about an
// axis perpendicular to u, which takes u to -u.
TEST(RotationBetween, AntiparallelIsHalfTurn) {
  std::mt19937 rng(9);
  const glm::vec3 axes[] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
  for (int i = 0; i < 104; ++i) {
    const glm::vec3 u = i < 4 ? glm::normalize(axes[i]) : RandomUnit(rng);
    const glm::quat q = RotationBetween(u, -2.0f * u);
    EXPECT_NEAR(q.w, 0.0f, 1e-6f);
    EXPECT_NEAR(glm::length(q), 1.0f, 1e-6f);
    EXPECT_NEAR(glm::dot(glm::vec3(q.x, q.y, q.z), u), 0.0f, 1e-6f);
    EXPECT_LT(glm::distance(Rotate(q, u), -u), 1e-5f);
  }
}

// Nearly antiparallel (1e-3 rad off): the true small-axis rotation, not a
// snap to an arbitrary half turn.
TEST(RotationBetween, NearlyAntiparallelIsAccurate) {
  const glm::vec3 u(1.0f, 0.0f, 0.0f);
  const glm::vec3 v(-std::cos(1e-3f), std::sin(1e-3f), 0.0f);
  const glm::quat q = RotationBetween(u, v);
  EXPECT_LT(glm::distance(Rotate(q, u), v), 1e-5f);
  EXPECT_GT(q.z, 0.99f);  // about +z
}

TEST(RotationBetween, MatchesAxisAngleReference) {
  std::mt19937 rng(10);
  std::uniform_real_distribution<float> len(0.01f, 10.0f);
  for (int i = 0; i < 10000; ++i) {
    const glm::vec3 u = RandomUnit(rng), v = RandomUnit(rng);
    const glm::quat q = RotationBetween(u * len(rng), v * len(rng));
    const glm::vec3 axis = glm::cross(u, v);
    const glm::quat ref = glm::angleAxis(std::atan2(glm::length(axis), glm::dot(u, v)), glm::normalize(axis));
    EXPECT_LT(std::abs(std::abs(glm::dot(q, ref)) - 1.0f), 1e-5f);
    EXPECT_LT(glm::distance(Rotate(q, u), v), 1e-5f);
    // Minimal: the axis is perpendicular to both vectors.
    EXPECT_NEAR(glm::dot(glm::vec3(q.x, q.y, q.z), u), 0.0f, 1e-5f);
  }
  EXPECT_EQ(RotationBetween(glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f)), glm::identity<glm::quat>());
}

TEST(RotationAbout, KeepsAxisAndHalfTurnsAboutIt) {
  const glm::vec3 axis(0.0f, 0.0f, 1.0f);
  const glm::quat q = RotationAbout({1.0f, 0.0f, 0.3f}, {0.0f, 2.0f, -0.5f}, axis);
  EXPECT_LT(glm::distance(Rotate(q, axis), axis), 1e-6f);
  EXPECT_LT(glm::distance(Rotate(q, glm::vec3(1.0f, 0.0f, 0.0f)), glm::vec3(0.0f, 1.0f, 0.0f)), 1e-6f);
  const glm::quat half = RotationAbout({1.0f, 0.0f, 0.0f}, {-1.0f, 0.0f, 0.0f}, axis);
  EXPECT_LT(glm::distance(Rotate(half, axis), axis), 1e-6f);
  EXPECT_LT(glm::distance(Rotate(half, glm::vec3(1.0f, 0.0f, 0.0f)), glm::vec3(-1.0f, 0.0f, 0.0f)), 1e-6f);
}

TEST(WeightRotation, EndsAndMidpoint) {
  std::mt19937 rng(12);
  for (int i = 0; i < 1000; ++i) {
    glm::quat q = RandomQuat(rng);
    EXPECT_EQ(WeightRotation(q, 0.0f), glm::identity<glm::quat>());
    EXPECT_EQ(WeightRotation(q, 1.0f), q);
    const glm::quat half = WeightRotation(q, 0.5f);
    EXPECT_NEAR(glm::length(half), 1.0f, 1e-6f);
    // Shorter arc: the angle of the blend is half the short-way angle of q.
    const float angle = glm::angle(q.w < 0.0f ? -q : q);
    EXPECT_NEAR(glm::angle(half), 0.5f * angle, 2e-4f);
    // Monotonic in the weight.
    EXPECT_LE(glm::angle(WeightRotation(q, 0.25f)), glm::angle(half) + 1e-6f);
  }
}

}  // namespace
}  // namespace knights::math
