#include "platform/input_mapper.h"

#include <algorithm>
#include <cmath>

#include <SDL.h>

namespace knights::platform {
namespace {

// Stick values inside this radius are noise, not intent (normalised units).
constexpr float kStickDeadZone = 0.25f;

float StickAxis(SDL_GameController* pad, SDL_GameControllerAxis axis) {
  const float v = SDL_GameControllerGetAxis(pad, axis) / 32767.0f;
  if (std::fabs(v) < kStickDeadZone) return 0.0f;
  // Rescale so the output starts at 0 at the dead-zone edge.
  return std::clamp((v - std::copysign(kStickDeadZone, v)) / (1.0f - kStickDeadZone), -1.0f, 1.0f);
}

}  // namespace

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
      switch (event.key.keysym.sym) {
        case SDLK_SPACE: input.jump_pressed = true; break;
        case SDLK_RETURN:
        case SDLK_KP_ENTER: input.confirm_pressed = true; break;
        case SDLK_ESCAPE: input.pause_pressed = true; break;
        case SDLK_F1: input.toggle_overlay_pressed = true; break;
        case SDLK_F11: input.toggle_fullscreen_pressed = true; break;
        case SDLK_F12: input.screenshot_pressed = true; break;
        case SDLK_UP:
        case SDLK_w: input.menu_up_pressed = true; break;
        case SDLK_DOWN:
        case SDLK_s: input.menu_down_pressed = true; break;
        default: break;
      }
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
        case SDL_CONTROLLER_BUTTON_A: input.jump_pressed = input.confirm_pressed = true; break;
        case SDL_CONTROLLER_BUTTON_START: input.pause_pressed = true; break;
        case SDL_CONTROLLER_BUTTON_BACK: input.toggle_overlay_pressed = true; break;
        case SDL_CONTROLLER_BUTTON_DPAD_UP: input.menu_up_pressed = true; break;
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: input.menu_down_pressed = true; break;
        default: break;
      }
      break;
    default:
      break;
  }
}

void InputMapper::UpdateHeld(core::InputState& input, bool keyboard_enabled) const {
  float x = 0.0f, y = 0.0f;
  bool run = false, jump = false;
  if (keyboard_enabled) {
    const Uint8* keys = SDL_GetKeyboardState(nullptr);
    x += (keys[SDL_SCANCODE_RIGHT] || keys[SDL_SCANCODE_D]) ? 1.0f : 0.0f;
    x -= (keys[SDL_SCANCODE_LEFT] || keys[SDL_SCANCODE_A]) ? 1.0f : 0.0f;
    y += (keys[SDL_SCANCODE_UP] || keys[SDL_SCANCODE_W]) ? 1.0f : 0.0f;
    y -= (keys[SDL_SCANCODE_DOWN] || keys[SDL_SCANCODE_S]) ? 1.0f : 0.0f;
    run = keys[SDL_SCANCODE_LSHIFT] || keys[SDL_SCANCODE_RSHIFT];
    jump = keys[SDL_SCANCODE_SPACE];
  }
  for (SDL_GameController* pad : controllers_) {
    x += StickAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
    y -= StickAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);  // SDL's stick y points down
    x += SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_RIGHT) -
         SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    y += SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_UP) -
         SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    run = run || SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_X) ||
          SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_TRIGGERRIGHT) > 16000;
    jump = jump || SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_A);
  }
  input.move_x = std::clamp(x, -1.0f, 1.0f);
  input.move_y = std::clamp(y, -1.0f, 1.0f);
  input.run_held = run;
  input.jump_held = jump;
}

void PollEvents(InputMapper& mapper, core::InputState& input, RawEventHook raw_hook, void* user) {
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    if (raw_hook != nullptr) raw_hook(event, user);
    mapper.HandleEvent(event, input);
  }
}

}  // namespace knights::platform
