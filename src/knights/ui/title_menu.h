#pragma once
// The title screen's logic, apart from its drawing (knights/ui/game_menus.cpp): its
// rows, the selection, and what a key or a click asks for. The rows are
// New Game (kStart), the level (when more than one is reached), Hero and
// Patrols (when more than one character is loaded), Options and Quit. Up
// and down move the selection (wrapping); on the level, Hero and Patrols
// rows left and right step the choice either way; confirm or a click plays
// the level row's level, steps Hero and Patrols on, and chooses New Game,
// Options and Quit.

#include <array>
#include <span>

#include "knights/core/input_state.h"

namespace knights::ui {

class TitleMenu {
 public:
  enum class Row { kStart, kLevel, kHero, kPatrols, kOptions, kQuit };
  // What the player asked for this frame: a row, and on the level, Hero and
  // Patrols rows the step (-1 back, +1 on; 0 for New Game, Options, Quit
  // and the level row confirmed: play it).
  struct Choice {
    Row row = Row::kStart;
    int step = 0;
  };

  // Which optional rows show; the selection goes back to Start when the
  // rows change.
  void SetRows(bool level_choice, bool cast_choice);
  std::span<const Row> rows() const { return std::span<const Row>(rows_.data(), count_); }
  int selected() const { return selected_; }
  // The row the mouse pointer moved onto; out of range: no change.
  void Select(int row) {
    if (row >= 0 && row < count_) selected_ = row;
  }

  // The frame's keys, and the row clicked (an index into rows(); -1: none).
  // Returns what was asked for; {kStart, 0} with `asked` false when nothing.
  Choice Update(const core::InputState& input, int clicked, bool* asked);

 private:
  std::array<Row, 6> rows_{Row::kStart, Row::kOptions, Row::kQuit};
  int count_ = 3;
  int selected_ = 0;
  bool rows_set_ = false;  // SetRows was called (the rows are not the default's)
  bool level_choice_ = false;
  bool cast_choice_ = false;
};

}  // namespace knights::ui
