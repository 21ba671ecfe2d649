#include "knights/game/session/follow_camera.h"

#include <algorithm>
#include <cmath>

namespace knights::game {

FollowCameraTuning FollowCameraTuning::FramingFor(float player_height_m) const {
  const float k =
      player_height_m > 0.0f ? std::clamp(player_height_m / kReferenceHeightM, kMinFraming, kMaxFraming) : 1.0f;
  FollowCameraTuning scaled = *this;
  for (float* length_m : {&scaled.distance_m, &scaled.height_m, &scaled.target_height_m, &scaled.look_ahead_m,
                          &scaled.climb_distance_m, &scaled.climb_target_up_m, &scaled.finale_distance_m,
                          &scaled.finale_height_m, &scaled.eye_clearance_m, &scaled.max_rise_m, &scaled.rise_step_m}) {
    *length_m *= k;
  }
  return scaled;
}

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
  arm_fraction_ = {1.0f, 0.0f};
  rise_m_ = {0.0f, 0.0f};
  shake_m_ = 0.0f;
  target_ws_ = focus_ws_.value;
  eye_ws_ = focus_ws_.value + EyeOffset(distance_m_.value, yaw_deg_.value, height_m_.value);
}

glm::vec3 FollowCamera::EyeOffset(float distance_m, float yaw_deg, float height_m) {
  const float yaw = yaw_deg * 0.0174532925f;
  return glm::vec3(-std::sin(yaw) * distance_m, height_m, std::cos(yaw) * distance_m);
}

void FollowCamera::Update(const glm::vec3& player_feet_ws, float velocity_x_mps, CameraShot shot, float dt_s,
                          const world::CollisionMesh* collision) {
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
  if (collision != nullptr) {
    const glm::vec3 chest_ws = player_feet_ws + glm::vec3(0.0f, tuning.target_height_m, 0.0f);
    eye_ws_ = KeptInTheOpen(chest_ws, eye_ws_, *collision, dt_s);
  }
  ApplyShake(dt_s);
}

// The eye raised, where that clears the view of the player's chest (a
// hill rising towards the viewer, a low wall in front), by the least of a
// few heights, eased; then moved in along the line from the chest (always
// in the open; the look-at point ahead may be inside a slope) to in front
// of whatever is still on it: in at once, never through the ground or a
// wall, back out at the follow's pace once the way is clear.
glm::vec3 FollowCamera::KeptInTheOpen(const glm::vec3& chest_ws, const glm::vec3& eye_ws,
                                      const world::CollisionMesh& collision, float dt_s) {
  float rise_goal_m = 0.0f;
  for (float rise_m = 0.0f; rise_m <= tuning.max_rise_m + 1e-3f; rise_m += tuning.rise_step_m) {
    if (OpenFraction(chest_ws, eye_ws + glm::vec3(0.0f, rise_m, 0.0f), collision) >= 1.0f) {
      rise_goal_m = rise_m;
      break;
    }
  }
  rise_m_.Update(rise_goal_m, tuning.smooth_time_s, dt_s);
  const glm::vec3 raised_ws = eye_ws + glm::vec3(0.0f, rise_m_.value, 0.0f);
  const float open = OpenFraction(chest_ws, raised_ws, collision);
  if (open < arm_fraction_.value) {
    arm_fraction_ = {open, 0.0f};
  } else {
    arm_fraction_.Update(open, tuning.smooth_time_s, dt_s);
  }
  return chest_ws + (raised_ws - chest_ws) * arm_fraction_.value;
}

// How much of the line from the chest to the eye is in the open, less the
// eye's clearance, 0..1. The first kChestSkipM are left out: a chest
// brushing a wall or a ladder's lip does not pull the eye in onto it.
float FollowCamera::OpenFraction(const glm::vec3& chest_ws, const glm::vec3& eye_ws,
                                 const world::CollisionMesh& collision) const {
  constexpr float kChestSkipM = 0.3f;
  const glm::vec3 arm_ws = eye_ws - chest_ws;
  const float arm_m = glm::length(arm_ws);
  if (!(arm_m > kChestSkipM)) return 1.0f;
  const world::RayHit hit = collision.SegmentCast(chest_ws + arm_ws * (kChestSkipM / arm_m), eye_ws);
  if (!hit.hit) return 1.0f;
  return std::clamp((kChestSkipM + hit.distance - tuning.eye_clearance_m) / arm_m, 0.0f, 1.0f);
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
