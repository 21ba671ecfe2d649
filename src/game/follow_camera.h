#pragma once
// The side-view camera: follows the player from +z with look-ahead in the
// direction of travel, critically damped (math::DampedSpring) so it never
// snaps or overshoots, frames the ladder (higher, closer target) while
// climbing, and swings round past the gate at the goal (the finale).

#include <algorithm>

#include <glm/glm.hpp>

#include "math/damped_spring.h"

namespace knights::game {

struct FollowCameraTuning {
  float distance_m = 9.0f;            // from the play plane along +z
  float height_m = 1.6f;              // eye above the target
  float target_height_m = 1.1f;       // look-at point above the player's feet
  float look_ahead_m = 2.2f;          // at full speed, along the facing direction
  float look_ahead_speed_mps = 4.0f;  // speed at which look-ahead is full
  float smooth_time_s = 0.35f;        // ~time to close most of a gap
  float climb_distance_m = 7.0f;      // closer while climbing
  float climb_target_up_m = 0.8f;     // look above the climber (where it goes)
  float fov_y_deg = 40.0f;
  // The view is turned this far from straight side-on (the eye moved back
  // along -x): depth reads, ladder rungs (which run along z) are seen at an
  // angle instead of end-on, and both feet show. Degrees.
  float yaw_deg = 16.0f;
  // At the goal (the finale) the eye swings round to the other side and
  // back, so the knight who walked through the gate is seen clear of its
  // front tower with the castle beyond; degrees and metres.
  float finale_yaw_deg = -16.0f;
  float finale_distance_m = 10.0f;
  float finale_height_m = 2.6f;
};

// What the camera frames.
enum class CameraShot { kFollow, kClimb, kFinale };

class FollowCamera {
 public:
  FollowCameraTuning tuning;

  // Places the camera on the target at once (spawn, respawn).
  void Reset(const glm::vec3& player_feet_ws);
  // One sim step: follow the player with damping.
  void Update(const glm::vec3& player_feet_ws, float velocity_x_mps, CameraShot shot, float dt_s);

  // A blow's jolt: the view shakes by up to amplitude_m (metres), dying
  // away over kShakeDecayS; a bigger shake replaces a smaller one.
  void Shake(float amplitude_m) { shake_m_ = std::max(shake_m_, amplitude_m); }
  static constexpr float kShakeDecayS = 0.12f;

  glm::vec3 EyeWs() const { return eye_ws_; }
  glm::vec3 TargetWs() const { return target_ws_; }

 private:
  glm::vec3 Goal(const glm::vec3& feet_ws, float velocity_x_mps, CameraShot shot) const;
  void ApplyShake(float dt_s);
  // From the look-at point to the eye at `distance_m`, turned `yaw_deg`
  // from side-on, `height_m` above it.
  static glm::vec3 EyeOffset(float distance_m, float yaw_deg, float height_m);

  // Critically damped springs (no overshoot, frame-rate independent).
  math::DampedSpring<glm::vec3> focus_ws_{glm::vec3(0.0f), glm::vec3(0.0f)};  // look-at point, world
  math::DampedSpring<float> distance_m_{9.0f, 0.0f};                          // eye distance, metres
  math::DampedSpring<float> yaw_deg_{16.0f, 0.0f};                            // the eye's turn, degrees
  math::DampedSpring<float> height_m_{1.6f, 0.0f};                            // the eye over the target, metres
  float shake_m_ = 0.0f;                                                      // the shake's amplitude now, metres
  float shake_time_s_ = 0.0f;  // its clock, seconds (drives the jolt's direction)
  glm::vec3 eye_ws_{0.0f, 2.0f, 9.0f};
  glm::vec3 target_ws_{0.0f, 1.0f, 0.0f};
};

}  // namespace knights::game
