#include "game/follow_camera.h"

#include <algorithm>
#include <cmath>

namespace knights::game {

glm::vec3 FollowCamera::Goal(const glm::vec3& feet_ws, float velocity_x_mps, CameraShot shot) const {
  const float ahead = std::clamp(velocity_x_mps / tuning.look_ahead_speed_mps, -1.0f, 1.0f) * tuning.look_ahead_m;
  glm::vec3 goal = feet_ws + glm::vec3(shot == CameraShot::kFollow ? ahead : 0.0f, tuning.target_height_m, 0.0f);
  if (shot == CameraShot::kClimb) goal.y += tuning.climb_target_up_m;
  goal.z = 0.0f;
  return goal;
}

void FollowCamera::Reset(const glm::vec3& player_feet_ws) {
  focus_ws_ = {Goal(player_feet_ws, 0.0f, CameraShot::kFollow), glm::vec3(0.0f)};
  distance_m_ = {tuning.distance_m, 0.0f};
  yaw_deg_ = {tuning.yaw_deg, 0.0f};
  height_m_ = {tuning.height_m, 0.0f};
  shake_m_ = 0.0f;
  target_ws_ = focus_ws_.value;
  eye_ws_ = focus_ws_.value + EyeOffset(distance_m_.value, yaw_deg_.value, height_m_.value);
}

glm::vec3 FollowCamera::EyeOffset(float distance_m, float yaw_deg, float height_m) {
  const float yaw = yaw_deg * 0.0174532925f;
  return glm::vec3(-std::sin(yaw) * distance_m, height_m, std::cos(yaw) * distance_m);
}

void FollowCamera::Update(const glm::vec3& player_feet_ws, float velocity_x_mps, CameraShot shot, float dt_s) {
  if (!(dt_s > 0.0f)) return;
  const bool finale = shot == CameraShot::kFinale;
  focus_ws_.Update(Goal(player_feet_ws, velocity_x_mps, shot), tuning.smooth_time_s, dt_s);
  const float distance_m =
      finale ? tuning.finale_distance_m : (shot == CameraShot::kClimb ? tuning.climb_distance_m : tuning.distance_m);
  // The swing round at the finale takes a few times the follow's time.
  const float swing_s = tuning.smooth_time_s * (finale ? 4.0f : 2.0f);
  distance_m_.Update(distance_m, swing_s, dt_s);
  yaw_deg_.Update(finale ? tuning.finale_yaw_deg : tuning.yaw_deg, swing_s, dt_s);
  height_m_.Update(finale ? tuning.finale_height_m : tuning.height_m, swing_s, dt_s);
  target_ws_ = focus_ws_.value;
  eye_ws_ = focus_ws_.value + EyeOffset(distance_m_.value, yaw_deg_.value, height_m_.value);
  ApplyShake(dt_s);
}

// The eye and the target move together (the whole view jolts, it does not
// turn), along two sines of unrelated rates: a jitter without a pattern,
// the same every run.
void FollowCamera::ApplyShake(float dt_s) {
  shake_time_s_ += dt_s;
  shake_m_ *= std::exp(-dt_s / kShakeDecayS);
  if (shake_m_ < 1e-4f) {
    shake_m_ = 0.0f;
    return;
  }
  const glm::vec3 jolt_ws(std::sin(shake_time_s_ * 83.0f), 0.7f * std::cos(shake_time_s_ * 71.0f), 0.0f);
  eye_ws_ += jolt_ws * shake_m_;
  target_ws_ += jolt_ws * shake_m_;
}

}  // namespace knights::game
