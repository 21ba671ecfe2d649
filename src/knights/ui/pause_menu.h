#pragma once
// The pause menu's logic, apart from its drawing (knights/ui/game_menus.cpp): the
// items, the selection, and a question before the two choices that lose the
// run. It opens on Resume every time; Restart and Quit each ask "are you
// sure?" with No selected, so no slip of a key throws a run away. Options
// (volumes, graphics, IK, controls: knights/ui/options_menu.h) opens from here.

#include <array>
#include <span>

#include "knights/core/input_state.h"

namespace knights::ui {

class PauseMenu {
 public:
  enum class Action { kNone, kResume, kRestart, kToggleIk, kOptions, kQuitToTitle };

  // Call when the game pauses: Resume selected, no question open.
  void Open();

  // The heading and the items shown now (the menu, or a question's No/Yes).
  const char* Title() const;
  std::span<const char* const> Items(bool ik_on) const;
  int selected() const { return selected_; }
  // The item the mouse pointer moved onto; out of range: no change.
  void Select(int item);
  bool Asking() const { return question_ != Question::kNone; }  // a question is open

  // Up/down move the selection (wrapping); confirm, or a click on item
  // `clicked` (-1: none), chooses; the pad's B answers a question No, or
  // else resumes. Returns what the session must do.
  Action Update(const core::InputState& input, int clicked, bool ik_on);

 private:
  enum class Question { kNone, kRestart, kQuit };
  static constexpr int kItemCount = 5;
  Action Choose(int item);

  mutable std::array<std::array<char, 32>, kItemCount> labels_{};  // the items as last shown
  mutable std::array<const char*, kItemCount> label_ptrs_{};

  Question question_ = Question::kNone;
  int selected_ = 0;
};

}  // namespace knights::ui
