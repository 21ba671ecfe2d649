// math::DampedSpring: critically damped, exact step.

#include "knights/math/damped_spring.h"

#include <cmath>

#include <glm/glm.hpp>
#include <gtest/gtest.h>

namespace knights::math {
namespace {

TEST(DampedSpring, ConvergesToGoalWithoutOvershoot) {
  for (const float start : {-1.0f, 0.0f, 2.5f}) {
    DampedSpring<float> spring;
    spring.value = start;
    const float goal = 0.7f;
    float prev_gap = std::abs(start - goal);
    for (int i = 0; i < 600; ++i) {
      spring.Update(goal, 0.25f, 1.0f / 60.0f);
      const float gap = spring.value - goal;
      // Never crosses the goal (from rest), and gets closer every step.
      if (start < goal) {
        EXPECT_LE(spring.value, goal + 1e-6f);
      } else {
        EXPECT_GE(spring.value, goal - 1e-6f);
      }
      EXPECT_LE(std::abs(gap), prev_gap + 1e-7f);
      prev_gap = std::abs(gap);
    }
    EXPECT_NEAR(spring.value, goal, 1e-5f);
    EXPECT_NEAR(spring.velocity, 0.0f, 1e-4f);
  }
}

TEST(DampedSpring, SmoothTimeSetsTheSpeed) {
  // w = 2/smooth_time: after one smooth_time the gap is (1 + 2) e^-2 = 40.6%.
  DampedSpring<float> spring;
  spring.value = 1.0f;
  for (int i = 0; i < 30; ++i) spring.Update(0.0f, 0.5f, 0.5f / 30.0f);
  EXPECT_NEAR(spring.value, 3.0f * std::exp(-2.0f), 1e-4f);
}

TEST(DampedSpring, FrameRateIndependent) {
  // One simulated second at 30, 60, 144 Hz and in one step lands in one place.
  auto run = [](int steps) {
    DampedSpring<float> spring;
    spring.value = -0.3f;
    spring.velocity = 0.5f;
    for (int i = 0; i < steps; ++i) spring.Update(0.1f, 0.3f, 1.0f / static_cast<float>(steps));
    return spring;
  };
  const DampedSpring<float> one = run(1);
  for (const int steps : {30, 60, 144}) {
    const DampedSpring<float> s = run(steps);
    EXPECT_NEAR(s.value, one.value, 1e-5f) << steps;
    EXPECT_NEAR(s.velocity, one.velocity, 1e-4f) << steps;
  }
}

TEST(DampedSpring, WorksOnVectorsAndZeroDt) {
  DampedSpring<glm::vec3> spring;
  spring.value = {1.0f, -2.0f, 0.5f};
  const glm::vec3 before = spring.value;
  spring.Update(glm::vec3(0.0f), 0.2f, 0.0f);
  EXPECT_EQ(spring.value, before);  // no time, no motion
  for (int i = 0; i < 300; ++i) spring.Update(glm::vec3(0.0f), 0.2f, 1.0f / 60.0f);
  EXPECT_LT(glm::length(spring.value), 1e-5f);
}

}  // namespace
}  // namespace knights::math
