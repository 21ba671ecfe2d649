#pragma once
// What the course shows of the player's progress, as 0..1 states eased
// over time, for the renderer to pose: each checkpoint's flag rises up its
// pole once the player has passed it (and drops back when a restart sets
// the checkpoint back), and the castle gate's portcullis lifts as the
// player comes near the goal. Pure logic; reset with the level.

#include <span>
#include <vector>

namespace knights::game {

class CourseMarkers {
 public:
  // A flag takes this long to rise, seconds.
  static constexpr float kFlagRiseS = 1.2f;
  // The portcullis lifts over this long, seconds ...
  static constexpr float kGateLiftS = 1.6f;
  // ... from when the player is this close to the goal's x, metres.
  static constexpr float kGateOpenDistanceM = 9.0f;

  // All flags down, the gate shut.
  void Reset(int checkpoint_count);
  // One step: last_checkpoint is the player's (-1: none passed), player_x
  // and goal_x world metres along the course.
  void Update(int last_checkpoint, float player_x, float goal_x, float dt_s);

  // How far up its pole each checkpoint's flag is, 0 (down) to 1 (top).
  std::span<const float> FlagRaise() const { return flag_raise_; }
  // 0: shut, 1: fully lifted.
  float GateOpen() const { return gate_open_; }

 private:
  std::vector<float> flag_raise_;  // per checkpoint, linear 0..1 (the renderer eases it)
  float gate_open_ = 0.0f;
};

// Eases a linear 0..1 progress in and out (smoothstep), for drawing.
float EaseInOut(float t);

}  // namespace knights::game
