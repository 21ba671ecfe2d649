// ui::OptionsMenu: pages and their navigation (keys, pad and clicks), the
// values each row changes, and rebinding keys and pad buttons: a capture,
// its cancelling, conflicts refused with a message, the pairs that may
// share, and reset to the defaults.

#include "knights/ui/options_menu.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace knights::ui {
namespace {

using Page = OptionsMenu::Page;
using Column = OptionsMenu::Column;
using Press = OptionsMenu::Press;
using Click = OptionsMenu::Click;
using core::KeyAction;

core::InputState Edges(bool up, bool down, bool left, bool right, bool confirm, bool back) {
  core::InputState input;
  input.menu_up_pressed = up;
  input.menu_down_pressed = down;
  input.menu_left_pressed = left;
  input.menu_right_pressed = right;
  input.confirm_pressed = confirm;
  input.back_pressed = back;
  return input;
}
const core::InputState kUp = Edges(true, false, false, false, false, false);
const core::InputState kDown = Edges(false, true, false, false, false, false);
const core::InputState kLeft = Edges(false, false, true, false, false, false);
const core::InputState kRight = Edges(false, false, false, true, false, false);
const core::InputState kConfirm = Edges(false, false, false, false, true, false);
const core::InputState kBack = Edges(false, false, false, false, false, true);  // the pad's B
const core::InputState kNothing;

int Index(KeyAction action) { return static_cast<int>(action); }

// A menu open on `page`'s first row (the main page's rows are the pages in
// order).
struct Fixture {
  OptionsMenu menu;
  game::Settings settings;

  unsigned Do(const core::InputState& input, Click click = {}, std::optional<Press> press = std::nullopt) {
    return menu.Update(input, click, press, settings);
  }
  void OpenOn(Page page) {
    menu.Open();
    for (int i = 1; i < static_cast<int>(page); ++i) Do(kDown);
    Do(kConfirm);
    ASSERT_EQ(menu.page(), page);
  }
  // On Controls: the row of `action`, in `column`, capture started.
  void Capture(KeyAction action, Column column) {
    OpenOn(Page::kControls);
    for (int i = 0; i < Index(action); ++i) Do(kDown);
    Do(column == Column::kPad ? kRight : kLeft);
    Do(kConfirm);
    ASSERT_TRUE(menu.Capturing());
  }
  std::string Value(int row) { return menu.Rows(settings)[row].value; }
  std::string PadValue(int row) { return menu.Rows(settings)[row].pad; }
};

TEST(OptionsMenu, OpensOnTheFirstPageAndBackGoesUpThenCloses) {
  Fixture f;
  f.menu.Open();
  EXPECT_TRUE(f.menu.IsOpen());
  EXPECT_EQ(f.menu.page(), Page::kMain);
  EXPECT_STREQ(f.menu.Title(), "OPTIONS");
  ASSERT_EQ(f.menu.Rows(f.settings).size(), 5u);
  EXPECT_STREQ(f.menu.Rows(f.settings)[3].label, "Controls");
  f.Do(kUp);
  EXPECT_EQ(f.menu.selected(), 4) << "wraps to Back";
  f.Do(kDown);
  f.Do(kDown);
  f.Do(kDown);
  EXPECT_EQ(f.Do(kConfirm), OptionsMenu::kNoChange);
  EXPECT_EQ(f.menu.page(), Page::kIk);
  EXPECT_EQ(f.menu.selected(), 0);
  f.Do(kBack);  // the pad's B
  EXPECT_EQ(f.menu.page(), Page::kMain);
  EXPECT_EQ(f.menu.selected(), 2) << "back on the page's own row";
  core::InputState pause;  // the pause key (Esc) goes back too
  pause.pause_pressed = true;
  EXPECT_EQ(f.Do(pause), OptionsMenu::kClosed);
  EXPECT_FALSE(f.menu.IsOpen());
  EXPECT_EQ(f.Do(kConfirm), OptionsMenu::kNoChange) << "closed: does nothing";
}

TEST(OptionsMenu, TheBackRowAndClicksNavigate) {
  Fixture f;
  f.menu.Open();
  f.Do(kNothing, Click{1});  // a click on Graphics
  EXPECT_EQ(f.menu.page(), Page::kGraphics);
  const int back_row = static_cast<int>(f.menu.Rows(f.settings).size()) - 1;
  EXPECT_STREQ(f.menu.Rows(f.settings)[back_row].label, "Back");
  f.Do(kNothing, Click{back_row});
  EXPECT_EQ(f.menu.page(), Page::kMain);
  EXPECT_EQ(f.menu.selected(), 1);
  f.Do(kUp);
  f.Do(kUp);  // wraps to Back
  EXPECT_EQ(f.Do(kConfirm), OptionsMenu::kClosed);
}

// The volumes moved here from the pause menu: left and right step by 10%
// within 0..100%, confirm and clicks step up and wrap.
TEST(OptionsMenu, SoundRowsStepTheVolumes) {
  Fixture f;
  f.settings.volumes = {0.8f, 1.0f, 0.0f};
  f.OpenOn(Page::kSound);
  EXPECT_EQ(f.Value(0), "80%");
  EXPECT_EQ(f.Do(kLeft), OptionsMenu::kVolumesChanged);
  EXPECT_FLOAT_EQ(f.settings.volumes.master, 0.7f);
  f.Do(kDown);
  f.Do(kRight);
  EXPECT_FLOAT_EQ(f.settings.volumes.effects, 1.0f) << "at most 100%";
  f.Do(kDown);
  f.Do(kLeft);
  EXPECT_FLOAT_EQ(f.settings.volumes.music, 0.0f) << "at least 0%";
  EXPECT_EQ(f.Do(kConfirm), OptionsMenu::kVolumesChanged);
  EXPECT_FLOAT_EQ(f.settings.volumes.music, 0.1f);
  EXPECT_EQ(f.Value(2), "10%");
  f.Do(kNothing, Click{1});  // Effects at 100%
  EXPECT_FLOAT_EQ(f.settings.volumes.effects, 0.0f) << "wraps";
  EXPECT_FLOAT_EQ(f.settings.volumes.master, 0.7f);
  EXPECT_EQ(f.Value(3), "100%") << "the ambience, at its default";
  f.Do(kNothing, Click{3});
  EXPECT_FLOAT_EQ(f.settings.volumes.ambience, 0.0f) << "the ambience row sets the ambience";
  EXPECT_FLOAT_EQ(f.settings.volumes.music, 0.1f);
}

// Anti-aliasing and shadows cycle through auto (the machine's default,
// shown beside it); the render scale steps by a quarter from where auto
// stands and goes back to auto past either end.
TEST(OptionsMenu, GraphicsChoicesCycleThroughAuto) {
  Fixture f;
  f.menu.SetAutomatic(game::AntiAliasingChoice::kOff, true, 0.75f);
  f.OpenOn(Page::kGraphics);
  EXPECT_EQ(f.Value(0), "auto (off)");
  EXPECT_EQ(f.Value(1), "auto (on)");
  EXPECT_EQ(f.Value(2), "auto (75%)");
  EXPECT_EQ(f.Do(kRight), OptionsMenu::kGraphicsChanged);
  EXPECT_EQ(f.settings.graphics.anti_aliasing, game::AntiAliasingChoice::kOff) << "chosen, not auto";
  EXPECT_EQ(f.Value(0), "off");
  f.Do(kRight);
  EXPECT_EQ(f.settings.graphics.anti_aliasing, game::AntiAliasingChoice::kFxaa);
  f.Do(kConfirm);
  EXPECT_EQ(f.Value(0), "MSAA 4x");
  f.Do(kRight);
  EXPECT_FALSE(f.settings.graphics.anti_aliasing.has_value()) << "back to auto";
  f.Do(kLeft);
  EXPECT_EQ(f.settings.graphics.anti_aliasing, game::AntiAliasingChoice::kMsaa) << "wraps the other way";

  f.Do(kDown);
  f.Do(kLeft);
  EXPECT_EQ(f.settings.graphics.shadows, std::optional<bool>(false));
  f.Do(kRight);
  f.Do(kRight);
  EXPECT_EQ(f.settings.graphics.shadows, std::optional<bool>(true));

  f.Do(kDown);
  f.Do(kRight);
  EXPECT_EQ(f.settings.graphics.render_scale, std::optional<float>(1.0f)) << "one step above auto's 75%";
  f.settings.graphics.render_scale.reset();
  f.Do(kLeft);
  EXPECT_EQ(f.settings.graphics.render_scale, std::optional<float>(0.5f));
  f.settings.graphics.render_scale = 0.6f;  // from the file, off the steps
  f.Do(kRight);
  EXPECT_EQ(f.settings.graphics.render_scale, std::optional<float>(0.75f));
  f.settings.graphics.render_scale = 2.0f;
  f.Do(kConfirm);
  EXPECT_FALSE(f.settings.graphics.render_scale.has_value()) << "past the top: auto";
  f.settings.graphics.render_scale = 0.25f;
  f.Do(kLeft);
  EXPECT_FALSE(f.settings.graphics.render_scale.has_value()) << "past the bottom: auto";
}

TEST(OptionsMenu, FullscreenAndVsyncToggle) {
  Fixture f;
  f.OpenOn(Page::kGraphics);
  f.Do(kDown);
  f.Do(kDown);
  f.Do(kDown);
  EXPECT_EQ(f.Value(3), "off");
  EXPECT_EQ(f.Do(kConfirm), OptionsMenu::kFullscreenChanged);
  EXPECT_TRUE(f.settings.fullscreen);
  EXPECT_EQ(f.Value(3), "on");
  f.Do(kDown);
  EXPECT_EQ(f.Do(kLeft), OptionsMenu::kVsyncChanged);
  EXPECT_FALSE(f.settings.vsync);
  EXPECT_TRUE(f.settings.fullscreen);
}

TEST(OptionsMenu, IkRowsFlipEachSwitch) {
  Fixture f;
  f.OpenOn(Page::kIk);
  ASSERT_EQ(f.menu.Rows(f.settings).size(), 9u);
  EXPECT_EQ(f.Do(kConfirm), OptionsMenu::kIkChanged);
  EXPECT_FALSE(f.settings.ik.master);
  EXPECT_EQ(f.Value(0), "off");
  for (int i = 0; i < 7; ++i) f.Do(kDown);
  EXPECT_STREQ(f.menu.Rows(f.settings)[7].label, "Foot lock");
  f.Do(kRight);
  EXPECT_FALSE(f.settings.ik.foot_lock);
  EXPECT_TRUE(f.settings.ik.pelvis) << "only the row's own switch";
  f.Do(kNothing, Click{5});
  EXPECT_FALSE(f.settings.ik.pelvis);
}

// Controls shows each action's keys and pad buttons by name.
TEST(OptionsMenu, ControlsShowEveryActionsKeysAndButtons) {
  Fixture f;
  f.OpenOn(Page::kControls);
  const auto rows = f.menu.Rows(f.settings);
  ASSERT_EQ(rows.size(), static_cast<size_t>(core::kKeyActionCount + 2));
  EXPECT_STREQ(rows[Index(KeyAction::kJump)].label, "Jump");
  EXPECT_STREQ(rows[Index(KeyAction::kJump)].value, "Space");
  EXPECT_STREQ(rows[Index(KeyAction::kJump)].pad, "A");
  EXPECT_STREQ(rows[Index(KeyAction::kLeft)].value, "Left, A");
  EXPECT_STREQ(rows[Index(KeyAction::kBlock)].pad, "Left shoulder, Left trigger");
  EXPECT_STREQ(rows[Index(KeyAction::kFullscreen)].pad, "none");
  EXPECT_STREQ(rows[core::kKeyActionCount].label, "Reset to defaults");
}

// Rebinding jump: the capture, then the key caught is jump's only key.
TEST(OptionsMenu, AKeyCaughtBecomesTheActionsKey) {
  Fixture f;
  f.Capture(KeyAction::kJump, Column::kKeyboard);
  EXPECT_NE(f.menu.Message().find("Press a key for Jump"), std::string::npos) << f.menu.Message();
  EXPECT_EQ(f.Value(Index(KeyAction::kJump)), "press a key...");
  // Navigation meanwhile does nothing (the input layer sends none; it is
  // not acted on if it does).
  EXPECT_EQ(f.Do(kDown), OptionsMenu::kNoChange);
  EXPECT_EQ(f.Do(kBack), OptionsMenu::kNoChange);
  EXPECT_EQ(f.menu.page(), Page::kControls);
  EXPECT_TRUE(f.menu.Capturing());
  EXPECT_EQ(f.Do(kNothing, {}, Press{Column::kKeyboard, "Q"}), OptionsMenu::kKeysChanged);
  EXPECT_FALSE(f.menu.Capturing());
  EXPECT_EQ(f.settings.keys.keys[Index(KeyAction::kJump)], std::vector<std::string>{"Q"});
  EXPECT_EQ(f.menu.Message(), "Jump is now Q");
  EXPECT_EQ(f.Value(Index(KeyAction::kJump)), "Q");
  EXPECT_EQ(f.settings.pad.buttons[Index(KeyAction::kJump)], std::vector<std::string>{"a"}) << "the pad's untouched";
}

// Esc, a click, or (for a key) the pad's B: nothing changes. A key while
// a pad button is asked for is ignored.
TEST(OptionsMenu, EscapeAClickOrBCancelTheCapture) {
  const game::Settings defaults;
  for (int how = 0; how < 3; ++how) {
    Fixture f;
    f.Capture(KeyAction::kAttack, Column::kKeyboard);
    if (how == 0) f.Do(kNothing, {}, Press{Column::kKeyboard, "Escape"});
    if (how == 1) f.Do(kNothing, Click{3});
    if (how == 2) f.Do(kNothing, {}, Press{Column::kPad, "b"});
    EXPECT_FALSE(f.menu.Capturing()) << how;
    EXPECT_EQ(f.settings.keys.keys, defaults.keys.keys) << how;
    EXPECT_EQ(f.menu.Message(), "Attack: not changed") << how;
    EXPECT_EQ(f.menu.page(), Page::kControls) << "still on Controls: " << how;
  }
  Fixture f;
  f.Capture(KeyAction::kAttack, Column::kPad);
  EXPECT_EQ(f.Do(kNothing, {}, Press{Column::kKeyboard, "Q"}), OptionsMenu::kNoChange);
  EXPECT_TRUE(f.menu.Capturing()) << "a key does not answer a pad capture";
  f.Do(kNothing, {}, Press{Column::kKeyboard, "Escape"});
  EXPECT_FALSE(f.menu.Capturing());
  EXPECT_EQ(f.settings.pad.buttons, defaults.pad.buttons);
}

// A key another action uses at the same time is refused, naming it; the
// capture ends and nothing changes.
TEST(OptionsMenu, AKeyInUseIsRefusedWithAMessage) {
  Fixture f;
  const game::Settings defaults;
  f.Capture(KeyAction::kJump, Column::kKeyboard);
  EXPECT_EQ(f.Do(kNothing, {}, Press{Column::kKeyboard, "J"}), OptionsMenu::kNoChange);
  EXPECT_FALSE(f.menu.Capturing());
  EXPECT_EQ(f.settings.keys.keys, defaults.keys.keys);
  EXPECT_EQ(f.menu.Message(), "J is already bound to Attack: Jump not changed");
  f.Do(kConfirm);  // again, on the same row
  f.Do(kNothing, {}, Press{Column::kKeyboard, "F1"});
  EXPECT_NE(f.menu.Message().find("Debug overlay"), std::string::npos) << f.menu.Message();
  EXPECT_EQ(f.settings.keys.keys, defaults.keys.keys);
  f.Do(kConfirm);
  f.Do(kNothing, {}, Press{Column::kKeyboard, "Space"});  // its own key: fine
  EXPECT_EQ(f.settings.keys.keys[Index(KeyAction::kJump)], std::vector<std::string>{"Space"});
}

// Confirm counts only in menus and jump, run, attack, block only in play:
// they may share (A does both by default).
TEST(OptionsMenu, ConfirmMayShareWithPlayOnlyActions) {
  Fixture f;
  f.Capture(KeyAction::kConfirm, Column::kKeyboard);
  EXPECT_EQ(f.Do(kNothing, {}, Press{Column::kKeyboard, "Space"}), OptionsMenu::kKeysChanged);
  EXPECT_EQ(f.settings.keys.keys[Index(KeyAction::kConfirm)], std::vector<std::string>{"Space"});
  EXPECT_EQ(f.settings.keys.keys[Index(KeyAction::kJump)], std::vector<std::string>{"Space"});
  f.Do(kConfirm);  // confirm again: Escape is pause's, which counts in menus too
  f.Do(kNothing, {}, Press{Column::kKeyboard, "Up"});
  EXPECT_EQ(f.menu.Message(), "Up is already bound to Up / climb: Confirm not changed");
}

// The pad column: a button caught becomes the action's only button there;
// a key meanwhile is ignored; B is the menus' back button, so only play
// actions may take it.
TEST(OptionsMenu, PadButtonsRebindTooAndBStaysTheMenusBack) {
  Fixture f;
  f.Capture(KeyAction::kRun, Column::kPad);
  EXPECT_EQ(f.menu.capture_device(), Column::kPad);
  EXPECT_EQ(f.PadValue(Index(KeyAction::kRun)), "press a button...");
  EXPECT_EQ(f.Do(kNothing, {}, Press{Column::kPad, "b"}), OptionsMenu::kPadChanged);
  EXPECT_EQ(f.settings.pad.buttons[Index(KeyAction::kRun)], std::vector<std::string>{"b"});
  EXPECT_EQ(f.menu.Message(), "Run is now B");
  EXPECT_EQ(f.settings.keys.keys, game::Settings{}.keys.keys) << "the keyboard's untouched";

  f.Do(kDown);
  f.Do(kDown);
  f.Do(kDown);
  f.Do(kDown);  // Confirm
  ASSERT_EQ(f.menu.selected(), Index(KeyAction::kConfirm));
  f.Do(kConfirm);
  ASSERT_TRUE(f.menu.Capturing());
  EXPECT_EQ(f.Do(kNothing, {}, Press{Column::kPad, "b"}), OptionsMenu::kNoChange);
  EXPECT_NE(f.menu.Message().find("B goes back in menus"), std::string::npos) << f.menu.Message();
  EXPECT_EQ(f.settings.pad.buttons[Index(KeyAction::kConfirm)], std::vector<std::string>{"a"});
  // Start pauses, in play and in menus: not for jump.
  f.Do(kUp);
  f.Do(kUp);
  f.Do(kUp);
  f.Do(kConfirm);  // Jump
  f.Do(kNothing, {}, Press{Column::kPad, "start"});
  EXPECT_EQ(f.menu.Message(), "Start is already bound to Pause / back: Jump not changed");
  f.Do(kConfirm);
  f.Do(kNothing, {}, Press{Column::kPad, "righttrigger"});  // run's other button, given up above
  EXPECT_EQ(f.settings.pad.buttons[Index(KeyAction::kJump)], std::vector<std::string>{"righttrigger"});
}

// A click on a row's pad cell captures a button for that row.
TEST(OptionsMenu, AClickOnACellCapturesForItsColumn) {
  Fixture f;
  f.OpenOn(Page::kControls);
  f.Do(kNothing, Click{Index(KeyAction::kAttack), Column::kPad});
  ASSERT_TRUE(f.menu.Capturing());
  EXPECT_EQ(f.menu.capture_device(), Column::kPad);
  EXPECT_EQ(f.menu.selected(), Index(KeyAction::kAttack));
  f.Do(kNothing, {}, Press{Column::kPad, "y"});
  EXPECT_EQ(f.settings.pad.buttons[Index(KeyAction::kAttack)], std::vector<std::string>{"y"});
}

TEST(OptionsMenu, ResetBringsBackTheDefaultKeysAndButtons) {
  Fixture f;
  f.settings.keys.keys[Index(KeyAction::kJump)] = {"Q"};
  f.settings.pad.buttons[Index(KeyAction::kJump)] = {"y"};
  f.settings.volumes.music = 0.1f;
  f.OpenOn(Page::kControls);
  EXPECT_EQ(f.Do(kNothing, Click{core::kKeyActionCount}),
            static_cast<unsigned>(OptionsMenu::kKeysChanged | OptionsMenu::kPadChanged));
  const game::Settings defaults;
  EXPECT_EQ(f.settings.keys.keys, defaults.keys.keys);
  EXPECT_EQ(f.settings.pad.buttons, defaults.pad.buttons);
  EXPECT_FLOAT_EQ(f.settings.volumes.music, 0.1f) << "only the controls";
  EXPECT_NE(f.menu.Message().find("reset"), std::string::npos);
  EXPECT_FALSE(f.menu.Capturing());
}

TEST(OptionsMenu, PadButtonLabels) {
  EXPECT_STREQ(PadButtonLabel("a"), "A");
  EXPECT_STREQ(PadButtonLabel("dpup"), "D-pad up");
  EXPECT_STREQ(PadButtonLabel("righttrigger"), "Right trigger");
  EXPECT_STREQ(PadButtonLabel("nosuch"), "?");
  EXPECT_STREQ(ActionLabel(KeyAction::kOverlay), "Debug overlay");
}

}  // namespace
}  // namespace knights::ui
