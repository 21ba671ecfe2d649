#include "knights/ui/control_names.h"

#include <array>

#include "knights/core/pad_bindings.h"

namespace knights::ui {

const char* PadButtonLabel(std::string_view name) {
  static constexpr std::array<const char*, core::kPadButtonCount> kLabels = {"A",
                                                                             "B",
                                                                             "X",
                                                                             "Y",
                                                                             "Back",
                                                                             "Guide",
                                                                             "Start",
                                                                             "Left stick",
                                                                             "Right stick",
                                                                             "Left shoulder",
                                                                             "Right shoulder",
                                                                             "D-pad up",
                                                                             "D-pad down",
                                                                             "D-pad left",
                                                                             "D-pad right",
                                                                             "Misc",
                                                                             "Paddle 1",
                                                                             "Paddle 2",
                                                                             "Paddle 3",
                                                                             "Paddle 4",
                                                                             "Touchpad",
                                                                             "Left trigger",
                                                                             "Right trigger"};
  const int index = core::PadButtonIndex(name);
  return index >= 0 ? kLabels[index] : "?";
}

const char* ActionLabel(core::KeyAction action) {
  static constexpr std::array<const char*, core::kKeyActionCount> kLabels = {
      "Move left", "Move right", "Up / climb",   "Down / climb down", "Run",        "Jump",      "Attack",
      "Block",     "Confirm",    "Pause / back", "Debug overlay",     "Fullscreen", "Screenshot"};
  const int i = static_cast<int>(action);
  return i >= 0 && i < core::kKeyActionCount ? kLabels[i] : "?";
}

namespace {

// The first key bound to `action`; "" with none.
std::string FirstKey(const game::Settings& settings, core::KeyAction action) {
  const auto& keys = settings.keys.keys[static_cast<size_t>(action)];
  return keys.empty() ? std::string() : keys.front();
}

}  // namespace

std::string ControlName(const game::Settings& settings, core::KeyAction action) {
  const auto& buttons = settings.pad.buttons[static_cast<size_t>(action)];
  std::string name = FirstKey(settings, action);
  if (!buttons.empty()) name += (name.empty() ? "" : " or ") + std::string(PadButtonLabel(buttons.front()));
  return name.empty() ? std::string("-") : name;
}

std::string ControlsHint(const game::Settings& settings) {
  const auto key = [&](core::KeyAction action) {
    const std::string name = FirstKey(settings, action);
    return name.empty() ? std::string("-") : name;
  };
  using core::KeyAction;
  return key(KeyAction::kLeft) + "/" + key(KeyAction::kRight) + " move   " + key(KeyAction::kUp) + " climb   " +
         key(KeyAction::kRun) + " run   " + key(KeyAction::kJump) + " jump   " + key(KeyAction::kAttack) +
         " attack   " + key(KeyAction::kBlock) + " block   " + key(KeyAction::kPause) +
         " pause   (Options rebinds them)";
}

}  // namespace knights::ui
