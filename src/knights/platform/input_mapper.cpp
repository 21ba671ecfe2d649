#include "knights/platform/input_mapper.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <SDL.h>

namespace knights::platform {
namespace {

// Stick values inside this radius are noise, not intent (normalised units).
constexpr float kStickDeadZone = 0.25f;
// A trigger pulled past this (of SDL's 0..32767) counts as held, and as a
// press when it crosses it; it is let go below kTriggerUp (the gap keeps a
// trigger resting near the line from pressing over and over).
constexpr int kTriggerDown = 16000;
constexpr int kTriggerUp = 8000;
// The left stick pushed past this (of SDL's 32767) steps a menu once; it
// steps again after coming back inside kStickMenuRelease.
constexpr int kStickMenuPush = 20000;
constexpr int kStickMenuRelease = 12000;
// At most this many controllers count for the held state (more is a
// party, not a player).
constexpr int kMaxPads = 8;

// kPadButtonNames lists SDL's buttons in their enum order, then the
// triggers (tests/platform check the names against SDL's own).
static_assert(SDL_CONTROLLER_BUTTON_MAX == core::kPadLeftTrigger, "kPadButtonNames follows SDL_GameControllerButton");
static_assert(core::kPadButtonCount <= 32, "a pad binding is a 32-bit mask");

float StickAxis(SDL_GameController* pad, SDL_GameControllerAxis axis) {
  const float v = SDL_GameControllerGetAxis(pad, axis) / 32767.0f;
  if (std::fabs(v) < kStickDeadZone) return 0.0f;
  // Rescale so the output starts at 0 at the dead-zone edge.
  return std::clamp((v - std::copysign(kStickDeadZone, v)) / (1.0f - kStickDeadZone), -1.0f, 1.0f);
}

InputMapper::PadState ReadPad(SDL_GameController* pad) {
  InputMapper::PadState state;
  for (int b = 0; b < core::kPadLeftTrigger; ++b) {
    state.down[b] = SDL_GameControllerGetButton(pad, static_cast<SDL_GameControllerButton>(b)) != 0;
  }
  state.down[core::kPadLeftTrigger] = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_TRIGGERLEFT) > kTriggerDown;
  state.down[core::kPadRightTrigger] = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_TRIGGERRIGHT) > kTriggerDown;
  state.stick_x = StickAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
  state.stick_y = -StickAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);  // SDL's stick y points down
  return state;
}

// The press edge an action's key or button sets (run and block have none:
// they are only held).
void SetEdge(core::KeyAction action, core::InputState& input) {
  using core::KeyAction;
  switch (action) {
    case KeyAction::kJump:
      input.jump_pressed = true;
      break;
    case KeyAction::kAttack:
      input.attack_pressed = true;
      break;
    case KeyAction::kConfirm:
      input.confirm_pressed = true;
      break;
    case KeyAction::kPause:
      input.pause_pressed = true;
      break;
    case KeyAction::kOverlay:
      input.toggle_overlay_pressed = true;
      break;
    case KeyAction::kFullscreen:
      input.toggle_fullscreen_pressed = true;
      break;
    case KeyAction::kScreenshot:
      input.screenshot_pressed = true;
      break;
    case KeyAction::kUp:
      input.menu_up_pressed = true;
      break;
    case KeyAction::kDown:
      input.menu_down_pressed = true;
      break;
    case KeyAction::kLeft:
      input.menu_left_pressed = true;
      break;
    case KeyAction::kRight:
      input.menu_right_pressed = true;
      break;
    default:
      break;
  }
}

// -1, 0 or 1 for a stick axis at `value`, from its last direction `was`
// (inside the push line and outside the release line it stays as it was).
int StickDirection(int value, int was) {
  if (value > kStickMenuPush) return 1;
  if (value < -kStickMenuPush) return -1;
  return std::abs(value) < kStickMenuRelease ? 0 : was;
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

std::string InputMapper::SetPadBindings(const core::PadBindings& bindings) {
  std::string unknown;
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    uint32_t mask = 0;
    for (const std::string& name : bindings.buttons[a]) {
      const int index = core::PadButtonIndex(name);
      if (index < 0) {
        unknown += (unknown.empty() ? "" : ", ") + std::string(core::KeyActionName(static_cast<core::KeyAction>(a))) +
                   " '" + name + "'";
      } else {
        mask |= 1u << index;
      }
    }
    pad_buttons_[a] = mask;
  }
  return unknown.empty() ? std::string() : "unknown gamepad buttons in the pad bindings: " + unknown;
}

void InputMapper::SetCapturing(bool on) {
  if (on != capturing_) captured_ = {};
  capturing_ = on;
}

InputMapper::Captured InputMapper::TakeCaptured() {
  const Captured caught = captured_;
  captured_ = {};
  return caught;
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

bool InputMapper::PadHeld(core::KeyAction action, const PadState& pad) const {
  const uint32_t mask = pad_buttons_[static_cast<int>(action)];
  for (int b = 0; b < core::kPadButtonCount; ++b) {
    if ((mask >> b & 1u) != 0 && pad.down[b]) return true;
  }
  return false;
}

InputMapper::~InputMapper() {
  for (SDL_GameController* pad : controllers_) SDL_GameControllerClose(pad);
}

void InputMapper::KeyPressed(int scancode, core::InputState& input) {
  if (capturing_) {
    const char* name = SDL_GetScancodeName(static_cast<SDL_Scancode>(scancode));
    if (captured_.name == nullptr && name != nullptr && *name != '\0') captured_ = {false, name};
    return;
  }
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    if (Bound(static_cast<core::KeyAction>(a), scancode)) SetEdge(static_cast<core::KeyAction>(a), input);
  }
}

void InputMapper::PadPressed(int button, core::InputState& input) {
  if (button < 0 || button >= core::kPadButtonCount) return;
  if (capturing_) {
    if (captured_.name == nullptr) captured_ = {true, core::kPadButtonNames[button]};
    return;
  }
  if (button == SDL_CONTROLLER_BUTTON_B) input.back_pressed = true;
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    if ((pad_buttons_[a] >> button & 1u) != 0) SetEdge(static_cast<core::KeyAction>(a), input);
  }
}

InputMapper::PadEdges& InputMapper::EdgesOf(int id) {
  for (PadEdges& edges : pad_edges_) {
    if (edges.id == id) return edges;
  }
  pad_edges_.push_back(PadEdges{id});
  return pad_edges_.back();
}

// A trigger crossing its line is a press of its button; the stick crossing
// its push line steps a menu (left, right, up, down), never while
// capturing (a stick is not bound).
void InputMapper::AxisMoved(int id, int axis, int value, core::InputState& input) {
  PadEdges& edges = EdgesOf(id);
  if (axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT || axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT) {
    const bool left = axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT;
    bool& down = left ? edges.left_trigger : edges.right_trigger;
    if (!down && value > kTriggerDown) {
      down = true;
      PadPressed(left ? core::kPadLeftTrigger : core::kPadRightTrigger, input);
    } else if (down && value < kTriggerUp) {
      down = false;
    }
    return;
  }
  if (axis != SDL_CONTROLLER_AXIS_LEFTX && axis != SDL_CONTROLLER_AXIS_LEFTY) return;
  const bool x = axis == SDL_CONTROLLER_AXIS_LEFTX;
  int& direction = x ? edges.stick_x : edges.stick_y;
  const int now = StickDirection(value, direction);
  if (now != 0 && now != direction && !capturing_) {
    if (x) SetEdge(now > 0 ? core::KeyAction::kRight : core::KeyAction::kLeft, input);
    if (!x) SetEdge(now > 0 ? core::KeyAction::kDown : core::KeyAction::kUp, input);
  }
  direction = now;
}

void InputMapper::HandleEvent(const SDL_Event& event, core::InputState& input) {
  switch (event.type) {
    case SDL_QUIT:
      input.quit_requested = true;
      break;
    case SDL_KEYDOWN:
      if (event.key.repeat == 0) KeyPressed(event.key.keysym.scancode, input);
      break;
    case SDL_WINDOWEVENT:
      if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST) input.focus_lost = true;
      break;
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
      std::erase_if(pad_edges_, [&](const PadEdges& e) { return e.id == event.cdevice.which; });
      input.focus_lost = true;  // the pad being played with went away
      break;
    }
    case SDL_CONTROLLERBUTTONDOWN:
      PadPressed(event.cbutton.button, input);
      break;
    case SDL_CONTROLLERAXISMOTION:
      AxisMoved(event.caxis.which, event.caxis.axis, event.caxis.value, input);
      break;
    default:
      break;
  }
}

void InputMapper::UpdateHeld(core::InputState& input, bool keyboard_enabled) const {
  std::array<PadState, kMaxPads> pads;
  const size_t count = std::min(controllers_.size(), pads.size());
  for (size_t i = 0; i < count; ++i) pads[i] = ReadPad(controllers_[i]);
  UpdateHeldFrom(std::span<const PadState>(pads.data(), count), input, keyboard_enabled);
}

void InputMapper::UpdateHeldFrom(std::span<const PadState> pads, core::InputState& input, bool keyboard_enabled) const {
  using core::KeyAction;
  float x = 0.0f, y = 0.0f;
  bool run = false, jump = false, block = false;
  if (keyboard_enabled && !capturing_) {
    const Uint8* keys = SDL_GetKeyboardState(nullptr);
    x += Held(KeyAction::kRight, keys) ? 1.0f : 0.0f;
    x -= Held(KeyAction::kLeft, keys) ? 1.0f : 0.0f;
    y += Held(KeyAction::kUp, keys) ? 1.0f : 0.0f;
    y -= Held(KeyAction::kDown, keys) ? 1.0f : 0.0f;
    run = Held(KeyAction::kRun, keys);
    jump = Held(KeyAction::kJump, keys);
    block = Held(KeyAction::kBlock, keys);
  }
  for (const PadState& pad : capturing_ ? std::span<const PadState>() : pads) {
    x += pad.stick_x + static_cast<float>(PadHeld(KeyAction::kRight, pad)) -
         static_cast<float>(PadHeld(KeyAction::kLeft, pad));
    y += pad.stick_y + static_cast<float>(PadHeld(KeyAction::kUp, pad)) -
         static_cast<float>(PadHeld(KeyAction::kDown, pad));
    run = run || PadHeld(KeyAction::kRun, pad);
    jump = jump || PadHeld(KeyAction::kJump, pad);
    block = block || PadHeld(KeyAction::kBlock, pad);
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
