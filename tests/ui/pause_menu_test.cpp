// ui::PauseMenu: opens on Resume, moves and wraps with up/down, and asks
// before Restart and Quit (No selected), returning to the item asked from.

#include "ui/pause_menu.h"

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
  EXPECT_EQ(menu.selected(), 6);
  EXPECT_EQ(std::string(menu.Items(false)[6]), "Quit");
  EXPECT_EQ(std::string(menu.Items(false)[2]), "IK: off");
  EXPECT_EQ(std::string(menu.Items(true)[2]), "IK: on");
  for (int i = 0; i < 4; ++i) menu.Update(kUp, -1, true);
  EXPECT_EQ(menu.selected(), 2);
  EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kToggleIk);
}

TEST(PauseMenu, RestartAndQuitAskFirstWithNoSelected) {
  for (const auto& [item, yes] : {std::pair{1, Action::kRestart}, std::pair{6, Action::kQuit}}) {
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

// The volume rows: left and right step by 10% within 0..100%, confirm and
// clicks step up and wrap; the label shows the value; nothing else changes.
TEST(PauseMenu, VolumeRowsStepAndShowTheirValue) {
  PauseMenu menu;
  menu.volumes = {0.8f, 1.0f, 0.0f};
  menu.Open();
  for (int i = 0; i < 3; ++i) menu.Update(kDown, -1, true);
  ASSERT_EQ(menu.selected(), 3);
  EXPECT_EQ(std::string(menu.Items(true)[3]), "Volume: 80%");
  core::InputState left, right;
  left.menu_left_pressed = true;
  right.menu_right_pressed = true;
  EXPECT_EQ(menu.Update(left, -1, true), Action::kNone);
  EXPECT_FLOAT_EQ(menu.volumes.master, 0.7f);
  menu.Update(kDown, -1, true);
  menu.Update(right, -1, true);
  EXPECT_FLOAT_EQ(menu.volumes.effects, 1.0f) << "at most 100%";
  menu.Update(kDown, -1, true);
  menu.Update(left, -1, true);
  EXPECT_FLOAT_EQ(menu.volumes.music, 0.0f) << "at least 0%";
  EXPECT_EQ(menu.Update(kConfirm, -1, true), Action::kNone);
  EXPECT_FLOAT_EQ(menu.volumes.music, 0.1f);
  EXPECT_EQ(std::string(menu.Items(true)[5]), "Music: 10%");
  EXPECT_EQ(menu.Update(kNothing, 4, true), Action::kNone);  // a click on Effects at 100%
  EXPECT_FLOAT_EQ(menu.volumes.effects, 0.0f) << "wraps";
  EXPECT_FLOAT_EQ(menu.volumes.master, 0.7f);
}

}  // namespace
}  // namespace knights::ui
