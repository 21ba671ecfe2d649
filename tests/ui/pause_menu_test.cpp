// ui::PauseMenu: opens on Resume, moves and wraps with up/down, asks
// before Restart and Quit (No selected), returning to the item asked from,
// and opens Options (where the volumes moved).

#include "knights/ui/pause_menu.h"

#include <gtest/gtest.h>

#include <string>

namespace knights::ui {
namespace {

using Action = PauseMenu::Action;

core::InputState Keys(bool up, bool down, bool confirm) {
  core::InputState input;
  input.menu_up_pressed = up;
  input.menu_down_pressed = down;
  input.confirm_pressed = confirm;
  return input;
}
const core::InputState kUp = Keys(true, false, false);
const core::InputState kDown = Keys(false, true, false);
const core::InputState kConfirm = Keys(false, false, true);
const core::InputState kNothing = Keys(false, false, false);

TEST(PauseMenu, OpensOnResumeEveryTime) {
  PauseMenu menu;
  menu.Open();
  EXPECT_EQ(menu.selected(), 0);
  EXPECT_EQ(std::string(menu.Items(true)[0]), "Resume");
  menu.Update(kDown, -1, true);
  menu.Update(kDown, -1, true);
  EXPECT_EQ(menu.selected(), 2);
  menu.Open();  // paused again later
  EXPECT_EQ(menu.selected(), 0);
  EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kResume);
}

TEST(PauseMenu, UpFromTheTopWrapsToQuitAndShowsTheIkState) {
  PauseMenu menu;
  menu.Open();
  menu.Update(kUp, -1, false);
  EXPECT_EQ(menu.selected(), 4);
  EXPECT_EQ(std::string(menu.Items(false)[4]), "Quit to title");
  EXPECT_EQ(std::string(menu.Items(false)[2]), "IK: off");
  EXPECT_EQ(std::string(menu.Items(true)[2]), "IK: on");
  for (int i = 0; i < 2; ++i) menu.Update(kUp, -1, true);
  EXPECT_EQ(menu.selected(), 2);
  EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kToggleIk);
}

// The mouse moving onto an item selects it, so one item is lit at a time
// (a pointer resting on Quit lit it beside Resume); out of range, nothing
// changes, and a question's two answers bound it.
TEST(PauseMenu, ThePointerMovingOntoAnItemSelectsIt) {
  PauseMenu menu;
  menu.Open();
  menu.Select(4);
  EXPECT_EQ(menu.selected(), 4);
  menu.Select(5);
  menu.Select(-1);
  EXPECT_EQ(menu.selected(), 4);
  EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kNone);  // Quit asks first
  ASSERT_TRUE(menu.Asking());
  menu.Select(2);
  EXPECT_LT(menu.selected(), 2);
  menu.Select(1);
  EXPECT_EQ(menu.selected(), 1);
  EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kQuitToTitle);
}

TEST(PauseMenu, RestartAndQuitAskFirstWithNoSelected) {
  for (const auto& [item, yes] : {std::pair{1, Action::kRestart}, std::pair{4, Action::kQuitToTitle}}) {
    PauseMenu menu;
    menu.Open();
    EXPECT_EQ(menu.Update(kNothing, item, true), Action::kNone);  // clicked: a question, not the act
    ASSERT_TRUE(menu.Asking());
    EXPECT_EQ(menu.selected(), 0);
    EXPECT_EQ(std::string(menu.Items(true)[0]), "No, go back");
    EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kNone);  // No
    EXPECT_FALSE(menu.Asking());
    EXPECT_EQ(menu.selected(), item);  // back on the item asked from
    EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kNone);
    menu.Update(kDown, -1, true);
    EXPECT_EQ(menu.Update(kConfirm, -1, true), yes);
    EXPECT_FALSE(menu.Asking());
  }
}

// The pad's B backs out: a question is answered No, else the game resumes.
TEST(PauseMenu, BAnswersNoThenResumes) {
  PauseMenu menu;
  menu.Open();
  core::InputState b;
  b.back_pressed = true;
  EXPECT_EQ(menu.Update(kNothing, 4, true), Action::kNone);  // Quit asks
  ASSERT_TRUE(menu.Asking());
  EXPECT_EQ(menu.Update(b, -1, true), Action::kNone);
  EXPECT_FALSE(menu.Asking());
  EXPECT_EQ(menu.selected(), 4);
  EXPECT_EQ(menu.Update(b, -1, true), Action::kResume);
}

// Options is a row of its own; left and right do nothing on any row.
TEST(PauseMenu, OptionsOpensFromItsRow) {
  PauseMenu menu;
  menu.Open();
  for (int i = 0; i < 3; ++i) menu.Update(kDown, -1, true);
  ASSERT_EQ(menu.selected(), 3);
  EXPECT_EQ(std::string(menu.Items(true)[3]), "Options");
  core::InputState left;
  left.menu_left_pressed = true;
  EXPECT_EQ(menu.Update(left, -1, true), Action::kNone);
  EXPECT_EQ(menu.selected(), 3);
  EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kOptions);
  EXPECT_EQ(menu.Update(kNothing, 3, true), Action::kOptions) << "a click too";
  EXPECT_EQ(menu.Items(true).size(), 5u);
}

}  // namespace
}  // namespace knights::ui
