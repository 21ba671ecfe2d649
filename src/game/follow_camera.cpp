#include "game/follow_camera.h"

#include <algorithm>
#include <cmath>

namespace knights::game {

glm::vec3 FollowCamera::Goal(const glm::vec3& feet_ws, float velocity_x_mps, bool climbing) const {
  const float ahead = std::clamp(velocity_x_mps / tuning.look_ahead_speed_mps, -1.0f, 1.0f) * tuning.look_ahead_m;
  glm::vec3 goal = feet_ws + glm::vec3(climbing ? 0.0f : ahead, tuning.target_height_m, 0.0f);
  if (climbing) goal.y += tuning.climb_target_up_m;
  goal.z = 0.0f;
  return goal;
}

void FollowCamera::Reset(const glm::vec3& player_feet_ws) {
  focus_ws_ = {Goal(player_feet_ws, 0.0f, false), glm::vec3(0.0f)};
  distance_m_ = {tuning.distance_m, 0.0f};
  target_ws_ = focus_ws_.value;
  eye_ws_ = focus_ws_.value + EyeOffset(distance_m_.value);
}

glm::vec3 FollowCamera::EyeOffset(float distance_m) const {
  const float yaw = tuning.yaw_deg * 0.0174532925f;
  return glm::vec3(-std::sin(yaw) * distance_m, tuning.height_m, std::cos(yaw) * distance_m);
}

void FollowCamera::Update(const glm::vec3& player_feet_ws, float velocity_x_mps, bool climbing, float dt_s) {
  if (!(dt_s > 0.0f)) return;
  focus_ws_.Update(Goal(player_feet_ws, velocity_x_mps, climbing), tuning.smooth_time_s, dt_s);
  distance_m_.Update(climbing ? tuning.climb_distance_m : tuning.distance_m, tuning.smooth_time_s * 2.0f, dt_s);
  target_ws_ = focus_ws_.value;
  eye_ws_ = focus_ws_.value + EyeOffset(distance_m_.value);
}

}  // namespace knights::game
