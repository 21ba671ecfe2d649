#pragma once
// The side-view camera: follows the player from +z with look-ahead in the
// direction of travel, critically damped (math::DampedSpring) so it never
// snaps or overshoots, frames the ladder (higher, closer target) while
// climbing, and swings round past the gate at the goal (the finale). The
// eye stays in the open: where the level (a hill rising towards the viewer
// across depth, a wall, a tall block) comes between the player and the
// eye, the eye rises over it where a few metres clear the view, and comes
// in in front of what is still in the way at once, easing back out.

#include <algorithm>

#include <glm/glm.hpp>

#include "knights/math/damped_spring.h"
#include "knights/world/collision_mesh.h"

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
  // The eye is kept this far short of what the level puts between it and
  // the player's chest, metres; it rises by up to max_rise_m, in
  // rise_step_m steps, to see over what is in the way.
  float eye_clearance_m = 0.3f;
  float max_rise_m = 6.0f;
  float rise_step_m = 1.5f;

  // The framing above is made for a player kReferenceHeightM tall (the
  // knight, soles to crest). A player of another height (a child, a giant,
  // a character file's `scale`) is framed alike: every distance and height
  // times its height over the reference, within [kMinFraming, kMaxFraming]
  // (a small player still sees the level ahead); 0 (not measured): as made.
  static constexpr float kReferenceHeightM = 1.95f;
  static constexpr float kMinFraming = 0.8f;
  static constexpr float kMaxFraming = 2.5f;
  FollowCameraTuning FramingFor(float player_height_m) const;
};

// What the camera frames.
enum class CameraShot { kFollow, kClimb, kFinale };

class FollowCamera {
 public:
  FollowCameraTuning tuning;

  // Places the camera on the target at once (spawn, respawn).
  void Reset(const glm::vec3& player_feet_ws);
  // One sim step: follow the player with damping; with a collision mesh,
  // the eye is kept in the open (none: wherever the framing puts it).
  void Update(const glm::vec3& player_feet_ws, float velocity_x_mps, CameraShot shot, float dt_s,
              const world::CollisionMesh* collision = nullptr);

  // A blow's jolt: the view shakes by up to amplitude_m (metres), dying
  // away over kShakeDecayS; a bigger shake replaces a smaller one.
  void Shake(float amplitude_m) { shake_m_ = std::max(shake_m_, amplitude_m); }
  static constexpr float kShakeDecayS = 0.12f;

  glm::vec3 EyeWs() const { return eye_ws_; }
  glm::vec3 TargetWs() const { return target_ws_; }

 private:
  glm::vec3 Goal(const glm::vec3& feet_ws, float velocity_x_mps, CameraShot shot) const;
  void ApplyShake(float dt_s);
  glm::vec3 KeptInTheOpen(const glm::vec3& chest_ws, const glm::vec3& eye_ws, const world::CollisionMesh& collision,
                          float dt_s);
  float OpenFraction(const glm::vec3& chest_ws, const glm::vec3& eye_ws, const world::CollisionMesh& collision) const;
  // From the look-at point to the eye at `distance_m`, turned `yaw_deg`
  // from side-on, `height_m` above it.
  static glm::vec3 EyeOffset(float distance_m, float yaw_deg, float height_m);

  // Critically damped springs (no overshoot, frame-rate independent).
  math::DampedSpring<glm::vec3> focus_ws_{glm::vec3(0.0f), glm::vec3(0.0f)};  // look-at point, world
  math::DampedSpring<float> distance_m_{9.0f, 0.0f};                          // eye distance, metres
  math::DampedSpring<float> yaw_deg_{16.0f, 0.0f};                            // the eye's turn, degrees
  math::DampedSpring<float> height_m_{1.6f, 0.0f};                            // the eye over the target, metres
  // How much of the eye's distance from the player's chest is in the open,
  // 0..1 (1: nothing in the way).
  math::DampedSpring<float> arm_fraction_{1.0f, 0.0f};
  math::DampedSpring<float> rise_m_{0.0f, 0.0f};  // the eye raised over what is in the way, metres
  float shake_m_ = 0.0f;                          // the shake's amplitude now, metres
  float shake_time_s_ = 0.0f;                     // its clock, seconds (drives the jolt's direction)
  glm::vec3 eye_ws_{0.0f, 2.0f, 9.0f};
  glm::vec3 target_ws_{0.0f, 1.0f, 0.0f};
};

}  // namespace knights::game
