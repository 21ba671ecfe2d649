#pragma once
// Critically damped spring toward a moving goal, for smoothing values such as
// the pelvis offset. Uses the exact solution of x'' = -w^2 (x - g) - 2 w x'
// over a step (Daniel Holden, "Spring-It-On: The Game Developer's
// Spring-Roll-Call", theorangeduck.com, 2021; the same spring as Thomas Lowe,
// "Critically Damped Ease-In/Ease-Out Smoothing", Game Programming Gems 4,
// whose update approximates the exponential). Because the step is the exact
// solution, for a fixed goal n steps of dt land where one step of n*dt does
// (frame-rate independent up to rounding), and starting at rest it never
// overshoots the goal.

#include <cmath>

namespace knights::math {

// T: float or a glm vector type.
template <typename T>
struct DampedSpring {
  T value{};     // current value
  T velocity{};  // current rate of change, per second

  // Moves toward `goal` for dt seconds. smooth_time (seconds, > 0) sets the
  // stiffness: w = 2 / smooth_time (as in Lowe's formulation), so about 87% of
  // the way after one smooth_time. Returns the new value.
  const T& Update(const T& goal, float smooth_time, float dt) {
    if (!(dt > 0.0f)) return value;
    if (!(smooth_time > 0.0f)) {
      value = goal;
      velocity = T{};
      return value;
    }
    const float w = 2.0f / smooth_time;
    // x(t) = g + (j0 + j1 t) e^{-w t}, with j0 = x0 - g, j1 = v0 + w j0.
    const T j0 = value - goal;
    const T j1 = velocity + j0 * w;
    const float decay = std::exp(-w * dt);
    value = goal + (j0 + j1 * dt) * decay;
    velocity = (velocity - j1 * (w * dt)) * decay;
    return value;
  }
};

}  // namespace knights::math
