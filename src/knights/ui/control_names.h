#pragma once
// The controls as people read them, following the player's bindings: a
// pad button's and an action's name, the key and button bound to an
// action, and the title's line of controls. Used by every prompt and hint
// (title, ladder prompt, fight hint) and by Options.
//
//   ControlName(settings, core::KeyAction::kJump)  // "Space or A"

#include <string>
#include <string_view>

#include "knights/core/key_bindings.h"
#include "knights/game/session/settings.h"

namespace knights::ui {

// A pad button's name for people ("a": "A", "leftshoulder": "Left
// shoulder", "dpup": "D-pad up"); "?" when unknown.
const char* PadButtonLabel(std::string_view name);
// An action's name for people ("jump": "Jump", "overlay": "Debug overlay").
const char* ActionLabel(core::KeyAction action);
// The first key and the first pad button bound to `action`: "J or X",
// "J" without a button, "X" without a key, "-" with neither.
std::string ControlName(const game::Settings& settings, core::KeyAction action);
// The title's line: moving, climbing, running, jumping, attacking,
// blocking and pausing, each with its first bound key ("A/D move   W
// climb   Left Shift run   ..."), and that Options rebinds them.
std::string ControlsHint(const game::Settings& settings);

}  // namespace knights::ui
