#pragma once
// Which keys do what: plain data (key names as SDL names them, e.g. "Left",
// "A", "Left Shift", "Space"), saved in the settings file and turned into
// scancodes by the platform layer. The gamepad's buttons: core::PadBindings.

#include <array>
#include <string>
#include <vector>

namespace knights::core {

enum class KeyAction : int {
  kLeft,
  kRight,
  kUp,
  kDown,
  kRun,
  kJump,
  kAttack,
  kBlock,
  kConfirm,
  kPause,
  kOverlay,
  kFullscreen,
  kScreenshot,
  kCount
};
inline constexpr int kKeyActionCount = static_cast<int>(KeyAction::kCount);

// Settings-file name of each action, in KeyAction order.
inline const char* KeyActionName(KeyAction action) {
  static constexpr std::array<const char*, kKeyActionCount> kNames = {
      "left",  "right",   "up",    "down",    "run",        "jump",      "attack",
      "block", "confirm", "pause", "overlay", "fullscreen", "screenshot"};
  const int i = static_cast<int>(action);
  return i >= 0 && i < kKeyActionCount ? kNames[i] : "?";
}

struct KeyBindings {
  // Key names bound to each action (any of them triggers it).
  std::array<std::vector<std::string>, kKeyActionCount> keys;

  static KeyBindings Defaults() {
    KeyBindings b;
    b.keys[static_cast<int>(KeyAction::kLeft)] = {"Left", "A"};
    b.keys[static_cast<int>(KeyAction::kRight)] = {"Right", "D"};
    b.keys[static_cast<int>(KeyAction::kUp)] = {"Up", "W"};
    b.keys[static_cast<int>(KeyAction::kDown)] = {"Down", "S"};
    b.keys[static_cast<int>(KeyAction::kRun)] = {"Left Shift", "Right Shift"};
    b.keys[static_cast<int>(KeyAction::kJump)] = {"Space"};
    b.keys[static_cast<int>(KeyAction::kAttack)] = {"J", "Left Ctrl"};
    b.keys[static_cast<int>(KeyAction::kBlock)] = {"K", "Left Alt"};
    b.keys[static_cast<int>(KeyAction::kConfirm)] = {"Return", "Keypad Enter"};
    b.keys[static_cast<int>(KeyAction::kPause)] = {"Escape"};
    b.keys[static_cast<int>(KeyAction::kOverlay)] = {"F1"};
    b.keys[static_cast<int>(KeyAction::kFullscreen)] = {"F11"};
    b.keys[static_cast<int>(KeyAction::kScreenshot)] = {"F12"};
    return b;
  }
};

}  // namespace knights::core
