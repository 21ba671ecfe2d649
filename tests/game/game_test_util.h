#pragma once
// Shared fixtures for the game tests: a small level with every feature the
// knight controller handles (a 0.3 m step, a 1.0 m wall step, a 3 m cliff
// with a ladder, a pit on the plateau, checkpoints), given both as level
// JSON (what asset::ParseLevel reads; tests/asset checks that it loads and
// matches) and built in code (tests/game link only the logic), plus a
// helper to drive a controller with input.
//
// Profile (x: y):  0..10: 0 | step up 0.3 | 10..14: 0.3 | wall 1.0 |
//                  14..26: 1.3 | cliff 3.0 (ladder at x = 25.85) | 26..40: 4.3
// Pit 30..31.5 on the plateau; checkpoints at x = 5, 28, 35; spawn x = 2.

#include <functional>

#include "knights/core/input_state.h"
#include "knights/game/knight/knight_controller.h"
#include "knights/world/level.h"
#include "knights/world/world.h"

namespace knights::game::test {

inline constexpr float kDt = 1.0f / 60.0f;

// Geometry of the test level, world metres.
inline constexpr float kSmallStepX = 10.0f, kSmallStepTopY = 0.3f;
inline constexpr float kWallX = 14.0f, kWallTopY = 1.3f;
inline constexpr float kCliffX = 26.0f, kPlateauY = 4.3f;
inline constexpr float kLadderX = 25.85f, kLadderBottomY = 1.3f, kLadderTopY = 4.3f, kRungSpacing = 0.3f;
inline constexpr float kPitX0 = 30.0f, kPitX1 = 31.5f;

inline const char* const kTestLevelJson = R"({
  "name": "controller test",
  "terrain": {"points": [[0, 0], [10, 0], [10, 0.3], [14, 0.3], [14, 1.3], [26, 1.3], [26, 4.3], [40, 4.3]]},
  "spawn": {"x": 2},
  "goal": {"x": 38},
  "checkpoints": [5, 28, 35],
  "pits": [{"x0": 30, "x1": 31.5}],
  "ladders": [{"x": 25.85, "bottom_y": 1.3, "top_y": 4.3, "rung_spacing": 0.3}]
})";

// The same level as kTestLevelJson, with the loader's defaults spelled out.
inline world::Level MakeTestLevel() {
  world::Level level;
  level.name = "controller test";
  level.terrain.points = {{0.0f, 0.0f},  {10.0f, 0.0f}, {10.0f, 0.3f}, {14.0f, 0.3f},
                          {14.0f, 1.3f}, {26.0f, 1.3f}, {26.0f, 4.3f}, {40.0f, 4.3f}};
  level.spawn.x = 2.0f;
  level.goal.x = 38.0f;
  level.kill_y = -10.0f;  // the loader's default: 10 m below the lowest terrain point
  level.checkpoints = {5.0f, 28.0f, 35.0f};
  level.pits = {world::Pit{kPitX0, kPitX1}};
  world::LadderDesc ladder;
  ladder.x = kLadderX;
  ladder.bottom_y = kLadderBottomY;
  ladder.top_y = kLadderTopY;
  ladder.rung_spacing = kRungSpacing;
  level.ladders = {ladder};
  return level;
}

inline core::InputState Input(float move_x, float move_y = 0.0f, bool run = false, bool jump = false) {
  core::InputState input;
  input.move_x = move_x;
  input.move_y = move_y;
  input.run_held = run;
  input.jump_held = jump;
  input.jump_pressed = jump;
  return input;
}

// Steps the controller `steps` times with the same input (jump_pressed only
// on the first step), calling `each` after every step if given.
inline void Drive(KnightController& c, const world::World& world, core::InputState input, int steps,
                  const std::function<void(int)>& each = {}) {
  for (int i = 0; i < steps; ++i) {
    c.Step(input, world, kDt);
    input.jump_pressed = false;
    if (each) each(i);
  }
}

// Steps with `input` until pred() holds (true) or max_steps pass (false).
inline bool DriveUntil(KnightController& c, const world::World& world, core::InputState input, int max_steps,
                       const std::function<bool()>& pred) {
  for (int i = 0; i < max_steps; ++i) {
    c.Step(input, world, kDt);
    input.jump_pressed = false;
    if (pred()) return true;
  }
  return false;
}

}  // namespace knights::game::test
