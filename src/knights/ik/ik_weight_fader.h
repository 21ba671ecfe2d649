#pragma once
// Smooth fade of an IK weight in and out over time, so IK never snaps on or
// off. A linear phase moves toward its goal (0 or 1) at 1/fade_time per
// second; the weight is smoothstep(phase) = p^2 (3 - 2p): continuous, with zero
// slope at both ends. Reversing mid-fade continues from the current phase, so
// the weight stays continuous.

#include <algorithm>

#include "knights/math/move_towards.h"

namespace knights::ik {

struct IkWeightFader {
  // Seconds for a full fade from 0 to 1 (or back). <= 0: switch at once.
  float fade_time = 0.2f;
  // Linear progress of the fade, 0..1.
  float phase = 0.0f;
  // Whether IK is wanted: the phase moves toward 1 when true, 0 when false.
  bool enabled = false;

  // Advances by dt seconds (dt < 0 is treated as 0) and returns the weight.
  float Update(float dt) {
    const float goal = enabled ? 1.0f : 0.0f;
    if (!(fade_time > 0.0f)) {
      phase = goal;
    } else {
      const float step = std::max(dt, 0.0f) / fade_time;
      phase = math::MoveTowards(phase, goal, step);
    }
    return Weight();
  }

  // The current weight, 0..1.
  float Weight() const {
    const float p = std::clamp(phase, 0.0f, 1.0f);
    return p * p * (3.0f - 2.0f * p);
  }
};

}  // namespace knights::ik
