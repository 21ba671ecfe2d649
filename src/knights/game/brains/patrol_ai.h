#pragma once
// An NPC knight's brain: walk back and forth between two x positions,
// pausing and turning round on the spot at each end. Produces ordinary
// input.

#include "knights/core/input_state.h"
#include "knights/game/knight/knight_controller.h"

namespace knights::game {

struct PatrolAi {
  float x0 = 0.0f;  // patrol range, world x, metres
  float x1 = 0.0f;
  float pause_s = 1.5f;  // standing still at each end
  int direction = 1;     // +1 walking towards x1
  float pause_left_s = 0.0f;

  core::InputState Decide(const KnightController& knight, float dt_s) {
    core::InputState input;
    if (pause_left_s > 0.0f) {
      pause_left_s -= dt_s;
      return input;
    }
    // A turn on the spot plays through: a tap of the way back, then
    // nothing until the knight faces it (held, the turn would give way to
    // a moving turn at once, as a player's does).
    if (knight.Turning()) return input;
    const float x = knight.FeetWs().x;
    if ((direction > 0 && x >= x1) || (direction < 0 && x <= x0)) {
      direction = -direction;
      pause_left_s = pause_s;
      return input;
    }
    input.move_x = static_cast<float>(direction);
    return input;
  }
};

}  // namespace knights::game
