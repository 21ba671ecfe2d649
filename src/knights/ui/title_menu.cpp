#include "knights/ui/title_menu.h"

namespace knights::ui {

void TitleMenu::SetRows(bool level_choice, bool cast_choice) {
  if (rows_set_ && level_choice == level_choice_ && cast_choice == cast_choice_) return;
  rows_set_ = true;
  level_choice_ = level_choice;
  cast_choice_ = cast_choice;
  count_ = 0;
  rows_[count_++] = Row::kStart;
  if (level_choice) rows_[count_++] = Row::kLevel;
  if (cast_choice) {
    rows_[count_++] = Row::kHero;
    rows_[count_++] = Row::kPatrols;
  }
  rows_[count_++] = Row::kOptions;
  rows_[count_++] = Row::kQuit;
  selected_ = 0;
}

TitleMenu::Choice TitleMenu::Update(const core::InputState& input, int clicked, bool* asked) {
  *asked = false;
  if (input.menu_up_pressed) selected_ = (selected_ + count_ - 1) % count_;
  if (input.menu_down_pressed) selected_ = (selected_ + 1) % count_;
  if (clicked >= 0 && clicked < count_) selected_ = clicked;
  const Row row = rows_[selected_];
  const bool cycles = row == Row::kLevel || row == Row::kHero || row == Row::kPatrols;
  int step = 0;
  if (cycles) step = static_cast<int>(input.menu_right_pressed) - static_cast<int>(input.menu_left_pressed);
  if (input.confirm_pressed || clicked >= 0) {
    *asked = true;
    // Confirmed, the level row plays its level; Hero and Patrols step on.
    return {row, cycles && row != Row::kLevel ? 1 : 0};
  }
  if (step == 0) return {};
  *asked = true;
  return {row, step};
}

}  // namespace knights::ui
