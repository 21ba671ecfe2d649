// ui::ControlName and ui::ControlsHint: the bound key and pad button as
// people read them, following a rebinding, and the title's line naming
// attack and block.

#include "knights/ui/control_names.h"

#include <gtest/gtest.h>

namespace knights::ui {
namespace {

using core::KeyAction;

std::vector<std::string>& Keys(game::Settings& settings, KeyAction action) {
  return settings.keys.keys[static_cast<size_t>(action)];
}
std::vector<std::string>& Buttons(game::Settings& settings, KeyAction action) {
  return settings.pad.buttons[static_cast<size_t>(action)];
}

TEST(ControlNames, NameTheFirstKeyAndButtonAsPeopleReadThem) {
  game::Settings settings;
  Keys(settings, KeyAction::kBlock) = {"K", "L"};
  Buttons(settings, KeyAction::kBlock) = {"leftshoulder", "b"};
  EXPECT_EQ(ControlName(settings, KeyAction::kBlock), "K or Left shoulder");
  Buttons(settings, KeyAction::kBlock).clear();
  EXPECT_EQ(ControlName(settings, KeyAction::kBlock), "K");
  Keys(settings, KeyAction::kBlock).clear();
  Buttons(settings, KeyAction::kBlock) = {"dpup"};
  EXPECT_EQ(ControlName(settings, KeyAction::kBlock), "D-pad up");
  Buttons(settings, KeyAction::kBlock).clear();
  EXPECT_EQ(ControlName(settings, KeyAction::kBlock), "-");
  EXPECT_STREQ(PadButtonLabel("not a button"), "?");
}

TEST(ControlNames, TheTitleLineFollowsRebindingAndNamesAttackAndBlock) {
  game::Settings settings;
  Keys(settings, KeyAction::kJump) = {"Space"};
  Keys(settings, KeyAction::kAttack) = {"J"};
  Keys(settings, KeyAction::kBlock) = {"K"};
  const std::string before = ControlsHint(settings);
  EXPECT_NE(before.find("Space jump"), std::string::npos) << before;
  EXPECT_NE(before.find("J attack"), std::string::npos) << before;
  EXPECT_NE(before.find("K block"), std::string::npos) << before;
  Keys(settings, KeyAction::kJump) = {"Return"};
  const std::string after = ControlsHint(settings);
  EXPECT_NE(after.find("Return jump"), std::string::npos) << after;
  EXPECT_EQ(after.find("Space"), std::string::npos) << after;
}

}  // namespace
}  // namespace knights::ui
