#include "knights/game/session/course_markers.h"

#include <algorithm>

#include "knights/math/move_towards.h"

namespace knights::game {

void CourseMarkers::Reset(int checkpoint_count) {
  flag_raise_.assign(static_cast<size_t>(std::max(checkpoint_count, 0)), 0.0f);
  gate_open_ = 0.0f;
}

void CourseMarkers::Update(int last_checkpoint, float player_x, float goal_x, float dt_s) {
  for (size_t i = 0; i < flag_raise_.size(); ++i) {
    const float goal = static_cast<int>(i) <= last_checkpoint ? 1.0f : 0.0f;
    flag_raise_[i] = math::MoveTowards(flag_raise_[i], goal, dt_s / kFlagRiseS);
  }
  const float gate_goal = goal_x - player_x <= kGateOpenDistanceM ? 1.0f : 0.0f;
  gate_open_ = math::MoveTowards(gate_open_, gate_goal, dt_s / kGateLiftS);
}

float EaseInOut(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

}  // namespace knights::game
