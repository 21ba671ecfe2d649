#pragma once
// Moving a value towards a target by a bounded step.

#include <algorithm>

namespace knights::math {

// `value` moved towards `target` by at most `max_delta` (>= 0), never past it.
inline float MoveTowards(float value, float target, float max_delta) {
  if (value < target) return std::min(value + max_delta, target);
  return std::max(value - max_delta, target);
}

}  // namespace knights::math
