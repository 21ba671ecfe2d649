#include "game/follow_camera.h"

#include <algorithm>
#include <cmath>

namespace knights::game {
namespace {

// Critically damped spring towards `goal` (Game Programming Gems 4, 1.10,
// "Critically Damped Ease-In/Ease-Out Smoothing", T. Lowe): stable for any
// dt, no overshoot.
template <typename T>
T SmoothDamp(const T& current, const T& goal, T& velocity, float smooth_time_s, float dt_s) {
  const float omega = 2.0f / std::max(smooth_time_s, 1e-4f);
  const float x = omega * dt_s;
  const float decay = 1.0f / (1.0f + x + 0.48f * x * x + 0.235f * x * x * x);
  const T change = current - goal;
  const T temp = (velocity + omega * change) * dt_s;
  velocity = (velocity - omega * temp) * decay;
  return goal + (change + temp) * decay;
}

}  // namespace

glm::vec3 FollowCamera::Goal(const glm::vec3& feet_ws, float velocity_x_mps, bool climbing) const {
  const float ahead = std::clamp(velocity_x_mps / tuning.look_ahead_speed_mps, -1.0f, 1.0f) * tuning.look_ahead_m;
  glm::vec3 goal = feet_ws + glm::vec3(climbing ? 0.0f : ahead, tuning.target_height_m, 0.0f);
  if (climbing) goal.y += tuning.climb_target_up_m;
  goal.z = 0.0f;
  return goal;
}

void FollowCamera::Reset(const glm::vec3& player_feet_ws) {
  focus_ws_ = Goal(player_feet_ws, 0.0f, false);
  focus_vel_ = glm::vec3(0.0f);
  distance_m_ = tuning.distance_m;
  distance_vel_ = 0.0f;
  target_ws_ = focus_ws_;
  eye_ws_ = focus_ws_ + EyeOffset(distance_m_);
}

glm::vec3 FollowCamera::EyeOffset(float distance_m) const {
  const float yaw = tuning.yaw_deg * 0.0174532925f;
  return glm::vec3(-std::sin(yaw) * distance_m, tuning.height_m, std::cos(yaw) * distance_m);
}

void FollowCamera::Update(const glm::vec3& player_feet_ws, float velocity_x_mps, bool climbing, float dt_s) {
  if (!(dt_s > 0.0f)) return;
  focus_ws_ = SmoothDamp(focus_ws_, Goal(player_feet_ws, velocity_x_mps, climbing), focus_vel_, tuning.smooth_time_s, dt_s);
  distance_m_ = SmoothDamp(distance_m_, climbing ? tuning.climb_distance_m : tuning.distance_m, distance_vel_,
                           tuning.smooth_time_s * 2.0f, dt_s);
  target_ws_ = focus_ws_;
  eye_ws_ = focus_ws_ + EyeOffset(distance_m_);
}

}  // namespace knights::game
