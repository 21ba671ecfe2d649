#pragma once
// The level complete panel's menu, apart from its drawing
// (knights/ui/game_menus.cpp): Next level (or Continue, to the ending, after
// a run's last level), Replay and Title. It opens on the first item; up and
// down move the selection (wrapping); confirm or a click chooses.

#include <array>
#include <span>

#include "knights/core/input_state.h"

namespace knights::ui {

class CompleteMenu {
 public:
  // What comes after this level: the next one, the ending (a run's last
  // level), or neither (a level played alone, --level).
  enum class After { kNextLevel, kEnding, kNothing };
  enum class Action { kNone, kNextLevel, kEnding, kReplay, kTitle };

  // Call as the panel appears: the items for what comes after, the first
  // selected.
  void Open(After after);
  std::span<const char* const> Items() const { return std::span<const char* const>(items_.data(), count_); }
  int selected() const { return selected_; }
  // The item the mouse pointer moved onto; out of range: no change.
  void Select(int item) {
    if (item >= 0 && item < count_) selected_ = item;
  }
  // The frame's keys, and the item clicked (-1: none).
  Action Update(const core::InputState& input, int clicked);

 private:
  std::array<const char*, 3> items_{};
  std::array<Action, 3> actions_{};
  int count_ = 0;
  int selected_ = 0;
};

}  // namespace knights::ui
