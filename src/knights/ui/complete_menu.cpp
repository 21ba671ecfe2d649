#include "knights/ui/complete_menu.h"

namespace knights::ui {

void CompleteMenu::Open(After after) {
  count_ = 0;
  if (after == After::kNextLevel) {
    items_[count_] = "Next level";
    actions_[count_++] = Action::kNextLevel;
  } else if (after == After::kEnding) {
    items_[count_] = "Continue";
    actions_[count_++] = Action::kEnding;
  }
  items_[count_] = "Replay";
  actions_[count_++] = Action::kReplay;
  items_[count_] = "Title";
  actions_[count_++] = Action::kTitle;
  selected_ = 0;
}

CompleteMenu::Action CompleteMenu::Update(const core::InputState& input, int clicked) {
  if (count_ == 0) return Action::kNone;
  if (input.menu_up_pressed) selected_ = (selected_ + count_ - 1) % count_;
  if (input.menu_down_pressed) selected_ = (selected_ + 1) % count_;
  if (clicked >= 0 && clicked < count_) return actions_[clicked];
  if (input.confirm_pressed) return actions_[selected_];
  return Action::kNone;
}

}  // namespace knights::ui
