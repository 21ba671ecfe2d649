#include "knights/game/brains/soak_input.h"

namespace knights::game {

core::InputState SoakInput::Mix(const core::InputState& pilot, float dt_s) {
  if (burst_left_s_ <= 0.0f) {
    calm_left_s_ -= dt_s;
    if (calm_left_s_ > 0.0f) return pilot;
    // Start a burst: random held keys for 0.2 to 3 s.
    burst_left_s_ = 0.2f + 2.8f * Random01();
    calm_left_s_ = 0.5f + 6.0f * Random01();
    burst_ = core::InputState{};
    const float direction = Random01();
    burst_.move_x = direction < 0.35f ? -1.0f : (direction < 0.7f ? 1.0f : 0.0f);
    const float vertical = Random01();
    burst_.move_y = vertical < 0.25f ? 1.0f : (vertical < 0.45f ? -1.0f : 0.0f);
    burst_.run_held = Random01() < 0.5f;
  }
  burst_left_s_ -= dt_s;
  core::InputState input = burst_;
  // Edges at random within the burst: jumps, and rarely pause (which the
  // next pause press resumes), confirm (restart after the goal).
  input.jump_pressed = Random01() < dt_s * 1.5f;
  input.jump_held = input.jump_pressed;
  input.pause_pressed = Random01() < dt_s * 0.05f;
  input.confirm_pressed = Random01() < dt_s * 0.2f;
  return input;
}

}  // namespace knights::game
