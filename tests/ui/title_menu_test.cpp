// ui::TitleMenu: the rows by what can be chosen, up/down wrapping, and
// left/right, confirm or a click stepping the level, Hero and Patrols rows.

#include "knights/ui/title_menu.h"

#include <gtest/gtest.h>

#include <vector>

namespace knights::ui {
namespace {

using Row = TitleMenu::Row;

core::InputState Key(bool core::InputState::*key) {
  core::InputState input;
  input.*key = true;
  return input;
}
const core::InputState kNothing;
const core::InputState kUp = Key(&core::InputState::menu_up_pressed);
const core::InputState kDown = Key(&core::InputState::menu_down_pressed);
const core::InputState kLeft = Key(&core::InputState::menu_left_pressed);
const core::InputState kRight = Key(&core::InputState::menu_right_pressed);
const core::InputState kConfirm = Key(&core::InputState::confirm_pressed);

TEST(TitleMenu, RowsFollowWhatCanBeChosen) {
  TitleMenu menu;
  EXPECT_EQ(std::vector<Row>(menu.rows().begin(), menu.rows().end()),
            (std::vector<Row>{Row::kStart, Row::kOptions, Row::kQuit}));
  menu.SetRows(true, false);
  EXPECT_EQ(std::vector<Row>(menu.rows().begin(), menu.rows().end()),
            (std::vector<Row>{Row::kStart, Row::kLevel, Row::kOptions, Row::kQuit}));
  menu.SetRows(true, true);
  EXPECT_EQ(std::vector<Row>(menu.rows().begin(), menu.rows().end()),
            (std::vector<Row>{Row::kStart, Row::kLevel, Row::kHero, Row::kPatrols, Row::kOptions, Row::kQuit}));
  menu.SetRows(false, true);
  EXPECT_EQ(std::vector<Row>(menu.rows().begin(), menu.rows().end()),
            (std::vector<Row>{Row::kStart, Row::kHero, Row::kPatrols, Row::kOptions, Row::kQuit}));
}

// Left and right step the level shown; confirmed, the level row plays it
// (step 0), where Hero and Patrols step on.
TEST(TitleMenu, LeftRightStepTheLevelAndConfirmPlaysIt) {
  TitleMenu menu;
  menu.SetRows(true, true);
  bool asked = false;
  menu.Update(kDown, -1, &asked);
  EXPECT_FALSE(asked);
  ASSERT_EQ(menu.rows()[menu.selected()], Row::kLevel);
  menu.SetRows(true, true);  // the same rows every frame: the selection stays
  ASSERT_EQ(menu.rows()[menu.selected()], Row::kLevel);
  TitleMenu::Choice c = menu.Update(kRight, -1, &asked);
  EXPECT_TRUE(asked);
  EXPECT_EQ(c.row, Row::kLevel);
  EXPECT_EQ(c.step, 1);
  c = menu.Update(kLeft, -1, &asked);
  EXPECT_TRUE(asked);
  EXPECT_EQ(c.step, -1);
  c = menu.Update(kConfirm, -1, &asked);
  EXPECT_TRUE(asked);
  EXPECT_EQ(c.row, Row::kLevel);
  EXPECT_EQ(c.step, 0) << "confirmed, the level is played";
  menu.Update(kNothing, -1, &asked);
  EXPECT_FALSE(asked);
  // A click on Patrols selects it and steps it on.
  c = menu.Update(kNothing, 3, &asked);
  EXPECT_TRUE(asked);
  EXPECT_EQ(c.row, Row::kPatrols);
  EXPECT_EQ(c.step, 1);
  EXPECT_EQ(menu.selected(), 3);
}

// The mouse moving onto a row selects it (one row lit at a time); a row
// out of range changes nothing.
TEST(TitleMenu, ThePointerMovingOntoARowSelectsIt) {
  TitleMenu menu;
  menu.SetRows(true, false);
  menu.Select(2);
  EXPECT_EQ(menu.rows()[menu.selected()], Row::kOptions);
  menu.Select(static_cast<int>(menu.rows().size()));
  menu.Select(-1);
  EXPECT_EQ(menu.rows()[menu.selected()], Row::kOptions);
}

TEST(TitleMenu, StartOptionsAndQuitAreChosenNotStepped) {
  TitleMenu menu;
  menu.SetRows(true, false);
  bool asked = false;
  menu.Update(kRight, -1, &asked);  // on Start, left/right do nothing
  EXPECT_FALSE(asked);
  TitleMenu::Choice c = menu.Update(kConfirm, -1, &asked);
  EXPECT_TRUE(asked);
  EXPECT_EQ(c.row, Row::kStart);
  EXPECT_EQ(c.step, 0);
  menu.Update(kUp, -1, &asked);  // wraps to Quit
  c = menu.Update(kConfirm, -1, &asked);
  EXPECT_EQ(c.row, Row::kQuit);
  menu.Update(kUp, -1, &asked);
  c = menu.Update(kConfirm, -1, &asked);
  EXPECT_EQ(c.row, Row::kOptions);
  EXPECT_EQ(c.step, 0);
}

}  // namespace
}  // namespace knights::ui
