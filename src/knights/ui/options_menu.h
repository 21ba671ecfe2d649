#pragma once
// The Options screen's logic, apart from its drawing (knights/ui/options_screen.cpp),
// so that it is tested without a window: pages, the selection, what each
// row changes in the settings, and rebinding keys and pad buttons.
//
// Pages: Sound (master, effects, music and ambience volumes), Graphics
// (anti-aliasing, shadows, render scale, fullscreen, vsync), IK (the eight
// switches) and Controls (each action's keys and pad buttons, and reset to
// the defaults). Up and down move (wrapping), left and right change the
// row's value (or, on Controls, pick the keyboard or the pad column),
// confirm or a click chooses, and the pause key or the pad's B goes back a
// page (from the first page: closes).
//
// Rebinding: choosing an action's cell captures the next key (keyboard
// column) or pad button (pad column), which then becomes the action's only
// one there. Esc cancels (and so does a click, or the pad's B while
// capturing a key). A key or button another action uses is refused with a
// message naming that action, unless the two never count at the same time:
// Confirm works only in menus and run, jump, attack and block only in
// play, so those may share (A both jumps and confirms by default). The
// pad's B is the menus' back button, so only run, jump, attack and block
// may take it.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "knights/core/input_state.h"
#include "knights/game/session/settings.h"
#include "knights/ui/control_names.h"

namespace knights::ui {

class OptionsMenu {
 public:
  enum class Page { kMain, kSound, kGraphics, kIk, kControls };
  enum class Column { kKeyboard, kPad };  // the Controls page's two binding columns
  // What Update changed in the settings, as bits: the owner applies them
  // at once (the mixer's volumes, the renderer, the window, the input).
  enum Change : unsigned {
    kNoChange = 0,
    kVolumesChanged = 1u << 0,
    kGraphicsChanged = 1u << 1,  // anti-aliasing, shadows or render scale
    kFullscreenChanged = 1u << 2,
    kVsyncChanged = 1u << 3,
    kIkChanged = 1u << 4,
    kKeysChanged = 1u << 5,
    kPadChanged = 1u << 6,
    kClosed = 1u << 7,  // the menu closed (back from its first page)
  };
  // A row as shown: its label, its value ("" for a page or a command) and,
  // on Controls, the pad's buttons.
  struct Row {
    const char* label = "";
    const char* value = "";
    const char* pad = "";
  };
  // A key or pad button the input layer caught while capturing, by the
  // name the bindings use (SDL's key name; core::kPadButtonNames).
  struct Press {
    Column device = Column::kKeyboard;
    std::string_view name;
  };
  // A mouse click on a row (-1: none) and, on Controls, its column.
  struct Click {
    int row = -1;
    Column column = Column::kKeyboard;
  };
  static constexpr float kVolumeStep = 0.1f;
  static constexpr float kRenderScaleStep = 0.25f;  // the render scales offered: 0.25 .. 2 in these steps

  // What "auto" (a graphics choice not made) gives on this machine, shown
  // beside it: "auto (off)".
  void SetAutomatic(game::AntiAliasingChoice anti_aliasing, bool shadows, float render_scale);

  // Opens on the first page, first row, nothing being captured.
  void Open();
  void Close();
  bool IsOpen() const { return open_; }
  Page page() const { return page_; }
  int selected() const { return selected_; }
  Column column() const { return column_; }
  bool Capturing() const { return capturing_; }
  // While capturing, the device asked for.
  Column capture_device() const { return column_; }
  const char* Title() const;
  // What to do while capturing, or what the last rebinding did ("" none).
  const std::string& Message() const { return message_; }
  // The page's rows, their values read from `settings`.
  std::span<const Row> Rows(const game::Settings& settings) const;

  // One frame: navigation from `input` (its edges), a click, and the key
  // or button caught while capturing (only then). Edits `settings` and
  // returns the Change bits.
  unsigned Update(const core::InputState& input, Click click, std::optional<Press> press, game::Settings& settings);

 private:
  static constexpr int kMaxRows = core::kKeyActionCount + 2;  // Controls: the actions, reset, back
  static constexpr int kTextBytes = 64;

  int RowCount() const;
  bool OnBackRow(int row) const { return row == RowCount() - 1; }
  unsigned Back();
  unsigned Adjust(int row, int step, game::Settings& settings);
  unsigned Choose(int row, game::Settings& settings);
  unsigned AdjustGraphics(int row, int step, game::Settings& settings);
  unsigned OnPress(Press press, game::Settings& settings);
  unsigned Bind(core::KeyAction action, Column device, std::string_view name, game::Settings& settings);
  void StartCapture(int row);
  void FillControlsRows(const game::Settings& settings) const;
  void FillValueRows(const game::Settings& settings) const;
  // Row `row` shows `label` and `text` ("auto (text)" when `automatic`).
  void SetRow(int row, const char* label, const char* text, bool automatic = false) const;

  bool open_ = false;
  Page page_ = Page::kMain;
  int selected_ = 0;
  Column column_ = Column::kKeyboard;
  bool capturing_ = false;
  core::KeyAction capture_action_ = core::KeyAction::kJump;
  std::string message_;  // changes on a capture or a reset, not per frame
  game::AntiAliasingChoice auto_anti_aliasing_ = game::AntiAliasingChoice::kMsaa;
  bool auto_shadows_ = true;
  float auto_render_scale_ = 1.0f;

  // The rows as last shown (Rows fills them; no allocation per frame).
  mutable std::array<Row, kMaxRows> rows_{};
  mutable std::array<std::array<char, kTextBytes>, kMaxRows> values_{};
  mutable std::array<std::array<char, kTextBytes>, kMaxRows> pads_{};
};

}  // namespace knights::ui
