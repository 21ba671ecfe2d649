#pragma once
// Which gamepad buttons do what: plain data beside core::KeyBindings, one
// list of button names per action (SDL's game controller names: "a",
// "x", "leftshoulder", "dpup", ..., and the two triggers as "lefttrigger"
// and "righttrigger"), saved in the settings file and turned into SDL
// buttons by the platform layer. Moving on the left stick is fixed; the
// d-pad moves through the left, right, up and down bindings.

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "knights/core/key_bindings.h"

namespace knights::core {

// Every name a pad binding may use: SDL's game controller buttons in
// SDL_GameControllerButton order (SDL 2.0.14 and later), then the two
// triggers, which SDL reports as axes (past half-way they count as held).
inline constexpr std::array<const char*, 23> kPadButtonNames = {"a",
                                                                "b",
                                                                "x",
                                                                "y",
                                                                "back",
                                                                "guide",
                                                                "start",
                                                                "leftstick",
                                                                "rightstick",
                                                                "leftshoulder",
                                                                "rightshoulder",
                                                                "dpup",
                                                                "dpdown",
                                                                "dpleft",
                                                                "dpright",
                                                                "misc1",
                                                                "paddle1",
                                                                "paddle2",
                                                                "paddle3",
                                                                "paddle4",
                                                                "touchpad",
                                                                "lefttrigger",
                                                                "righttrigger"};
inline constexpr int kPadButtonCount = static_cast<int>(kPadButtonNames.size());
// Indices of the two triggers in kPadButtonNames (the buttons come first).
inline constexpr int kPadLeftTrigger = 21;
inline constexpr int kPadRightTrigger = 22;

// The index of `name` in kPadButtonNames, or -1 when it names no button.
inline int PadButtonIndex(std::string_view name) {
  for (int i = 0; i < kPadButtonCount; ++i) {
    if (name == kPadButtonNames[i]) return i;
  }
  return -1;
}

struct PadBindings {
  // Button names bound to each action, in KeyAction order (any of them
  // triggers it; an empty list: the pad does not do that action).
  std::array<std::vector<std::string>, kKeyActionCount> buttons;

  // The pad as it always was: d-pad moves, A jumps and confirms, X
  // attacks, left shoulder or trigger blocks, right shoulder or trigger
  // runs, Start pauses, Back opens the overlay.
  static PadBindings Defaults() {
    PadBindings b;
    b.buttons[static_cast<int>(KeyAction::kLeft)] = {"dpleft"};
    b.buttons[static_cast<int>(KeyAction::kRight)] = {"dpright"};
    b.buttons[static_cast<int>(KeyAction::kUp)] = {"dpup"};
    b.buttons[static_cast<int>(KeyAction::kDown)] = {"dpdown"};
    b.buttons[static_cast<int>(KeyAction::kRun)] = {"rightshoulder", "righttrigger"};
    b.buttons[static_cast<int>(KeyAction::kJump)] = {"a"};
    b.buttons[static_cast<int>(KeyAction::kAttack)] = {"x"};
    b.buttons[static_cast<int>(KeyAction::kBlock)] = {"leftshoulder", "lefttrigger"};
    b.buttons[static_cast<int>(KeyAction::kConfirm)] = {"a"};
    b.buttons[static_cast<int>(KeyAction::kPause)] = {"start"};
    b.buttons[static_cast<int>(KeyAction::kOverlay)] = {"back"};
    return b;
  }
};

}  // namespace knights::core
