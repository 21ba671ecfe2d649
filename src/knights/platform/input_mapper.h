#pragma once
// Maps SDL keyboard and game-controller input to the plain core::InputState.
//
// Keyboard (default bindings, changeable in Options and the settings file):
// arrows or WASD move and climb, Shift runs, Space jumps, J or Left Ctrl
// attacks, K or Left Alt blocks, Enter confirms, Esc pauses, F1 overlay,
// F11 fullscreen, F12 screenshot.
// Controller (default buttons, changeable the same way): d-pad moves, A
// jumps and confirms, X attacks, left shoulder or trigger blocks, right
// shoulder or trigger runs, Start pauses, Back toggles the overlay. Fixed:
// the left stick moves (and, pushed past half-way, steps through menus),
// and B goes back in menus.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "knights/core/input_state.h"
#include "knights/core/key_bindings.h"
#include "knights/core/pad_bindings.h"

union SDL_Event;
struct _SDL_GameController;

namespace knights::platform {

class InputMapper {
 public:
  // A key or pad button caught while capturing: its name as the bindings
  // spell it (SDL's key name, or one of core::kPadButtonNames; static
  // storage), or null when none was pressed yet.
  struct Captured {
    bool pad = false;  // a pad button (else a key)
    const char* name = nullptr;
  };
  // One controller's state for a frame: UpdateHeld reads each open one
  // into this; tests make them up.
  struct PadState {
    std::array<bool, core::kPadButtonCount> down{};  // by kPadButtonNames index; a trigger: pulled past half-way
    float stick_x = 0.0f;                            // left stick past its dead zone, -1..1, right positive
    float stick_y = 0.0f;                            // up positive
  };

  InputMapper() {
    SetBindings(core::KeyBindings::Defaults());
    SetPadBindings(core::PadBindings::Defaults());
  }
  ~InputMapper();
  InputMapper(const InputMapper&) = delete;
  InputMapper& operator=(const InputMapper&) = delete;

  // Uses `bindings`; key names SDL does not know are skipped, and an action
  // left with no known key keeps its default keys. Returns a warning line
  // naming the unknown keys (empty when all are known).
  std::string SetBindings(const core::KeyBindings& bindings);
  // Uses the pad's `bindings`; names outside core::kPadButtonNames are
  // skipped (the settings reader never passes one) and named in the
  // returned warning line (empty when all are known). An action may have
  // no button.
  std::string SetPadBindings(const core::PadBindings& bindings);

  // While capturing (Options' "press a key"), the first key or pad button
  // pressed is kept for TakeCaptured and does nothing else: no edge is set
  // and nothing is held, so the key being bound does not also act.
  void SetCapturing(bool on);
  bool capturing() const { return capturing_; }
  // What was caught since the last call (and forgets it).
  Captured TakeCaptured();

  // Called for each polled event: edges (presses) and controller hot-plug.
  void HandleEvent(const SDL_Event& event, core::InputState& input);
  // Called once per frame after the events: held state (movement, run).
  // keyboard_enabled is false while the UI owns the keyboard.
  void UpdateHeld(core::InputState& input, bool keyboard_enabled) const;
  // UpdateHeld's work from given pad states (UpdateHeld passes the open
  // controllers').
  void UpdateHeldFrom(std::span<const PadState> pads, core::InputState& input, bool keyboard_enabled) const;

 private:
  // The stick's and triggers' last positions of one controller (by SDL's
  // instance id), so that crossing a threshold is one press.
  struct PadEdges {
    int id = 0;
    int stick_x = 0;  // -1, 0, 1: pushed left, centred, pushed right
    int stick_y = 0;  // -1, 0, 1: pushed up, centred, pushed down (SDL's y points down)
    bool left_trigger = false;
    bool right_trigger = false;
  };

  bool Bound(core::KeyAction action, int scancode) const;
  bool Held(core::KeyAction action, const unsigned char* keyboard_state) const;
  bool PadHeld(core::KeyAction action, const PadState& pad) const;
  void KeyPressed(int scancode, core::InputState& input);
  void PadPressed(int button, core::InputState& input);
  void AxisMoved(int id, int axis, int value, core::InputState& input);
  PadEdges& EdgesOf(int id);

  std::vector<_SDL_GameController*> controllers_;
  // SDL scancodes of each action.
  std::array<std::vector<int>, core::kKeyActionCount> scancodes_;
  // Each action's pad buttons, a bit per kPadButtonNames index.
  std::array<uint32_t, core::kKeyActionCount> pad_buttons_{};
  std::vector<PadEdges> pad_edges_;
  bool capturing_ = false;
  Captured captured_;
};

// Polls every pending SDL event into `input`; each raw event is also passed to
// `raw_hook` (the UI's event handler) when one is given.
using RawEventHook = void (*)(const SDL_Event& event, void* user);
void PollEvents(InputMapper& mapper, core::InputState& input, RawEventHook raw_hook, void* user);

}  // namespace knights::platform
