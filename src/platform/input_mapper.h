#pragma once
// Maps SDL keyboard and game-controller input to the plain core::InputState.
//
// Keyboard (default bindings, changeable in the settings file): arrows or
// WASD move and climb, Shift runs, Space jumps, J or Left Ctrl attacks, K or
// Left Alt blocks, Enter confirms, Esc pauses, F1 overlay, F11 fullscreen,
// F12 screenshot.
// Controller: left stick or d-pad move, A jumps and confirms, X attacks,
// left shoulder or trigger blocks, right shoulder or trigger runs, Start
// pauses, Back toggles the overlay.

#include <array>
#include <string>
#include <vector>

#include "core/input_state.h"
#include "core/key_bindings.h"

union SDL_Event;
struct _SDL_GameController;

namespace knights::platform {

class InputMapper {
 public:
  InputMapper() { SetBindings(core::KeyBindings::Defaults()); }
  ~InputMapper();
  InputMapper(const InputMapper&) = delete;
  InputMapper& operator=(const InputMapper&) = delete;

  // Uses `bindings`; key names SDL does not know are skipped, and an action
  // left with no known key keeps its default keys. Returns a warning line
  // naming the unknown keys (empty when all are known).
  std::string SetBindings(const core::KeyBindings& bindings);

  // Called for each polled event: edges (presses) and controller hot-plug.
  void HandleEvent(const SDL_Event& event, core::InputState& input);
  // Called once per frame after the events: held state (movement, run).
  // keyboard_enabled is false while the UI owns the keyboard.
  void UpdateHeld(core::InputState& input, bool keyboard_enabled) const;

 private:
  bool Bound(core::KeyAction action, int scancode) const;
  bool Held(core::KeyAction action, const unsigned char* keyboard_state) const;

  std::vector<_SDL_GameController*> controllers_;
  // SDL scancodes of each action.
  std::array<std::vector<int>, core::kKeyActionCount> scancodes_;
};

// Polls every pending SDL event into `input`; each raw event is also passed to
// `raw_hook` (the UI's event handler) when one is given.
using RawEventHook = void (*)(const SDL_Event& event, void* user);
void PollEvents(InputMapper& mapper, core::InputState& input, RawEventHook raw_hook, void* user);

}  // namespace knights::platform
