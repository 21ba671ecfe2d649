#include "platform/input_mapper.h"

#include <algorithm>
#include <cmath>

#include <SDL.h>

namespace knights::platform {
namespace {

// Stick values inside this radius are noise, not intent (normalised units).
constexpr float kStickDeadZone = 0.25f;
// A trigger pulled past this (of SDL's 0..32767) counts as held.
constexpr int kTriggerDown = 16000;

float StickAxis(SDL_GameController* pad, SDL_GameControllerAxis axis) {
  const float v = SDL_GameControllerGetAxis(pad, axis) / 32767.0f;
  if (std::fabs(v) < kStickDeadZone) return 0.0f;
  // Rescale so the output starts at 0 at the dead-zone edge.
  return std::clamp((v - std::copysign(kStickDeadZone, v)) / (1.0f - kStickDeadZone), -1.0f, 1.0f);
}

}  // namespace

std::string InputMapper::SetBindings(const core::KeyBindings& bindings) {
  const core::KeyBindings defaults = core::KeyBindings::Defaults();
  std::string unknown;
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    std::vector<int> codes;
    for (const std::string& name : bindings.keys[a]) {
      const SDL_Scancode code = SDL_GetScancodeFromName(name.c_str());
      if (code == SDL_SCANCODE_UNKNOWN) {
        unknown += (unknown.empty() ? "" : ", ") + std::string(core::KeyActionName(static_cast<core::KeyAction>(a))) +
                   " '" + name + "'";
      } else {
        codes.push_back(code);
      }
    }
    if (codes.empty()) {
      for (const std::string& name : defaults.keys[a]) codes.push_back(SDL_GetScancodeFromName(name.c_str()));
    }
    scancodes_[a] = std::move(codes);
  }
  return unknown.empty() ? std::string() : "unknown key names in the key bindings: " + unknown;
}

bool InputMapper::Bound(core::KeyAction action, int scancode) const {
  for (int code : scancodes_[static_cast<int>(action)]) {
    if (code == scancode) return true;
  }
  return false;
}

bool InputMapper::Held(core::KeyAction action, const unsigned char* keyboard_state) const {
  for (int code : scancodes_[static_cast<int>(action)]) {
    if (keyboard_state[code]) return true;
  }
  return false;
}

InputMapper::~InputMapper() {
  for (SDL_GameController* pad : controllers_) SDL_GameControllerClose(pad);
}

void InputMapper::HandleEvent(const SDL_Event& event, core::InputState& input) {
  switch (event.type) {
    case SDL_QUIT:
      input.quit_requested = true;
      break;
    case SDL_KEYDOWN: {
      if (event.key.repeat != 0) break;
      using core::KeyAction;
      const int code = event.key.keysym.scancode;
      if (Bound(KeyAction::kJump, code)) input.jump_pressed = true;
      if (Bound(KeyAction::kAttack, code)) input.attack_pressed = true;
      if (Bound(KeyAction::kConfirm, code)) input.confirm_pressed = true;
      if (Bound(KeyAction::kPause, code)) input.pause_pressed = true;
      if (Bound(KeyAction::kOverlay, code)) input.toggle_overlay_pressed = true;
      if (Bound(KeyAction::kFullscreen, code)) input.toggle_fullscreen_pressed = true;
      if (Bound(KeyAction::kScreenshot, code)) input.screenshot_pressed = true;
      if (Bound(KeyAction::kUp, code)) input.menu_up_pressed = true;
      if (Bound(KeyAction::kDown, code)) input.menu_down_pressed = true;
      if (Bound(KeyAction::kLeft, code)) input.menu_left_pressed = true;
      if (Bound(KeyAction::kRight, code)) input.menu_right_pressed = true;
      break;
    }
    case SDL_CONTROLLERDEVICEADDED:
      if (SDL_GameController* pad = SDL_GameControllerOpen(event.cdevice.which)) controllers_.push_back(pad);
      break;
    case SDL_CONTROLLERDEVICEREMOVED: {
      for (auto it = controllers_.begin(); it != controllers_.end(); ++it) {
        if (SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(*it)) == event.cdevice.which) {
          SDL_GameControllerClose(*it);
          controllers_.erase(it);
          break;
        }
      }
      break;
    }
    case SDL_CONTROLLERBUTTONDOWN:
      switch (event.cbutton.button) {
        case SDL_CONTROLLER_BUTTON_A:
          input.jump_pressed = input.confirm_pressed = true;
          break;
        case SDL_CONTROLLER_BUTTON_X:
          input.attack_pressed = true;
          break;
        case SDL_CONTROLLER_BUTTON_START:
          input.pause_pressed = true;
          break;
        case SDL_CONTROLLER_BUTTON_BACK:
          input.toggle_overlay_pressed = true;
          break;
        case SDL_CONTROLLER_BUTTON_DPAD_UP:
          input.menu_up_pressed = true;
          break;
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN:
          input.menu_down_pressed = true;
          break;
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT:
          input.menu_left_pressed = true;
          break;
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
          input.menu_right_pressed = true;
          break;
        default:
          break;
      }
      break;
    default:
      break;
  }
}

void InputMapper::UpdateHeld(core::InputState& input, bool keyboard_enabled) const {
  float x = 0.0f, y = 0.0f;
  bool run = false, jump = false, block = false;
  if (keyboard_enabled) {
    using core::KeyAction;
    const Uint8* keys = SDL_GetKeyboardState(nullptr);
    x += Held(KeyAction::kRight, keys) ? 1.0f : 0.0f;
    x -= Held(KeyAction::kLeft, keys) ? 1.0f : 0.0f;
    y += Held(KeyAction::kUp, keys) ? 1.0f : 0.0f;
    y -= Held(KeyAction::kDown, keys) ? 1.0f : 0.0f;
    run = Held(KeyAction::kRun, keys);
    jump = Held(KeyAction::kJump, keys);
    block = Held(KeyAction::kBlock, keys);
  }
  for (SDL_GameController* pad : controllers_) {
    x += StickAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
    y -= StickAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);  // SDL's stick y points down
    x += SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_RIGHT) -
         SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    y += SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_UP) -
         SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    run = run || SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER) ||
          SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_TRIGGERRIGHT) > kTriggerDown;
    block = block || SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_LEFTSHOULDER) ||
            SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_TRIGGERLEFT) > kTriggerDown;
    jump = jump || SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_A);
  }
  input.move_x = std::clamp(x, -1.0f, 1.0f);
  input.move_y = std::clamp(y, -1.0f, 1.0f);
  input.run_held = run;
  input.jump_held = jump;
  input.block_held = block;
}

void PollEvents(InputMapper& mapper, core::InputState& input, RawEventHook raw_hook, void* user) {
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    if (raw_hook != nullptr) raw_hook(event, user);
    mapper.HandleEvent(event, input);
  }
}

}  // namespace knights::platform
