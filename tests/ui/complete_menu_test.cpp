// ui::CompleteMenu: Next level in a run with a level after this one,
// Continue (to the ending) after its last, neither for a level played
// alone; Replay and Title always; it opens on the first item and moves and
// wraps with up and down.

#include "knights/ui/complete_menu.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace knights::ui {
namespace {

using Action = CompleteMenu::Action;
using After = CompleteMenu::After;

std::vector<std::string> Labels(const CompleteMenu& menu) {
  return std::vector<std::string>(menu.Items().begin(), menu.Items().end());
}

core::InputState Pressed(bool core::InputState::*key) {
  core::InputState input;
  if (key != nullptr) input.*key = true;
  return input;
}
const core::InputState kUp = Pressed(&core::InputState::menu_up_pressed);
const core::InputState kDown = Pressed(&core::InputState::menu_down_pressed);
const core::InputState kConfirm = Pressed(&core::InputState::confirm_pressed);
const core::InputState kNothing = Pressed(nullptr);

TEST(CompleteMenu, OffersWhatComesAfterTheLevel) {
  CompleteMenu menu;
  menu.Open(After::kNextLevel);
  EXPECT_EQ(Labels(menu), (std::vector<std::string>{"Next level", "Replay", "Title"}));
  menu.Open(After::kEnding);
  EXPECT_EQ(Labels(menu), (std::vector<std::string>{"Continue", "Replay", "Title"}));
  menu.Open(After::kNothing);
  EXPECT_EQ(Labels(menu), (std::vector<std::string>{"Replay", "Title"}));
}

TEST(CompleteMenu, ConfirmChoosesTheSelectionWhichOpensOnTheFirstItem) {
  CompleteMenu menu;
  menu.Open(After::kNextLevel);
  EXPECT_EQ(menu.Update(kNothing, -1), Action::kNone);
  EXPECT_EQ(menu.Update(kConfirm, -1), Action::kNextLevel);
  menu.Update(kDown, -1);
  EXPECT_EQ(menu.Update(kConfirm, -1), Action::kReplay);
  menu.Update(kUp, -1);
  menu.Update(kUp, -1);  // wraps to Title
  EXPECT_EQ(menu.selected(), 2);
  EXPECT_EQ(menu.Update(kConfirm, -1), Action::kTitle);
  menu.Open(After::kEnding);
  EXPECT_EQ(menu.selected(), 0) << "opened again on the first item";
  EXPECT_EQ(menu.Update(kConfirm, -1), Action::kEnding);
}

TEST(CompleteMenu, AClickChoosesAndThePointerSelects) {
  CompleteMenu menu;
  menu.Open(After::kNothing);
  EXPECT_EQ(menu.Update(kNothing, 1), Action::kTitle);
  menu.Select(1);
  EXPECT_EQ(menu.selected(), 1);
  menu.Select(2);  // out of range: no change
  EXPECT_EQ(menu.selected(), 1);
  EXPECT_EQ(menu.Update(kNothing, 5), Action::kNone);
  CompleteMenu unopened;
  EXPECT_EQ(unopened.Update(kConfirm, 0), Action::kNone);
}

}  // namespace
}  // namespace knights::ui
