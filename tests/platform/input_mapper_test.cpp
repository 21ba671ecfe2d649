// Key and pad bindings: names resolved to scancodes and SDL buttons, unknown
// names reported, a rebinding honoured by the event mapping and the held
// state (from made-up pad states: no device needed), the stick stepping
// menus, and the capture that catches one key or button for Options
// without letting it act.

#include "knights/platform/input_mapper.h"

#include <gtest/gtest.h>

#include <SDL.h>

#include <string>

namespace knights::platform {
namespace {

SDL_Event KeyDown(SDL_Scancode code) {
  SDL_Event e{};
  e.type = SDL_KEYDOWN;
  e.key.keysym.scancode = code;
  e.key.repeat = 0;
  return e;
}

TEST(InputMapper, DefaultBindingsMapSpaceToJumpAndEscapeToPause) {
  InputMapper mapper;
  core::InputState input;
  mapper.HandleEvent(KeyDown(SDL_SCANCODE_SPACE), input);
  EXPECT_TRUE(input.jump_pressed);
  EXPECT_FALSE(input.pause_pressed);
  mapper.HandleEvent(KeyDown(SDL_SCANCODE_ESCAPE), input);
  EXPECT_TRUE(input.pause_pressed);
}

// Leaving the window, or unplugging a pad, is an edge the game pauses on.
TEST(InputMapper, LosingTheFocusOrAPadIsAnEdge) {
  InputMapper mapper;
  core::InputState input;
  SDL_Event focus{};
  focus.type = SDL_WINDOWEVENT;
  focus.window.event = SDL_WINDOWEVENT_FOCUS_GAINED;
  mapper.HandleEvent(focus, input);
  EXPECT_FALSE(input.focus_lost);
  focus.window.event = SDL_WINDOWEVENT_FOCUS_LOST;
  mapper.HandleEvent(focus, input);
  EXPECT_TRUE(input.focus_lost);
  input.ClearEdges();
  EXPECT_FALSE(input.focus_lost) << "once";
  SDL_Event unplugged{};
  unplugged.type = SDL_CONTROLLERDEVICEREMOVED;
  unplugged.cdevice.which = 12345;
  mapper.HandleEvent(unplugged, input);
  EXPECT_TRUE(input.focus_lost);
}

TEST(InputMapper, ReboundJumpFollowsTheSettings) {
  InputMapper mapper;
  core::KeyBindings bindings = core::KeyBindings::Defaults();
  bindings.keys[static_cast<int>(core::KeyAction::kJump)] = {"J"};
  EXPECT_TRUE(mapper.SetBindings(bindings).empty());
  core::InputState input;
  mapper.HandleEvent(KeyDown(SDL_SCANCODE_SPACE), input);
  EXPECT_FALSE(input.jump_pressed);
  mapper.HandleEvent(KeyDown(SDL_SCANCODE_J), input);
  EXPECT_TRUE(input.jump_pressed);
}

TEST(InputMapper, UnknownKeyNamesAreReportedAndTheActionKeepsItsDefaults) {
  InputMapper mapper;
  core::KeyBindings bindings = core::KeyBindings::Defaults();
  bindings.keys[static_cast<int>(core::KeyAction::kJump)] = {"NoSuchKey"};
  const std::string warning = mapper.SetBindings(bindings);
  EXPECT_NE(warning.find("jump 'NoSuchKey'"), std::string::npos) << warning;
  core::InputState input;
  mapper.HandleEvent(KeyDown(SDL_SCANCODE_SPACE), input);
  EXPECT_TRUE(input.jump_pressed);
}

TEST(InputMapper, KeyRepeatsAreNotNewPresses) {
  InputMapper mapper;
  core::InputState input;
  SDL_Event e = KeyDown(SDL_SCANCODE_SPACE);
  e.key.repeat = 1;
  mapper.HandleEvent(e, input);
  EXPECT_FALSE(input.jump_pressed);
}

SDL_Event PadButton(SDL_GameControllerButton button) {
  SDL_Event e{};
  e.type = SDL_CONTROLLERBUTTONDOWN;
  e.cbutton.which = 1;
  e.cbutton.button = static_cast<Uint8>(button);
  e.cbutton.state = SDL_PRESSED;
  return e;
}

SDL_Event PadAxis(SDL_GameControllerAxis axis, int value) {
  SDL_Event e{};
  e.type = SDL_CONTROLLERAXISMOTION;
  e.caxis.which = 1;
  e.caxis.axis = static_cast<Uint8>(axis);
  e.caxis.value = static_cast<Sint16>(value);
  return e;
}

core::PadBindings PadWith(core::KeyAction action, std::vector<std::string> buttons) {
  core::PadBindings pad = core::PadBindings::Defaults();
  pad.buttons[static_cast<int>(action)] = std::move(buttons);
  return pad;
}

// core::kPadButtonNames are SDL's own names, in SDL's order, so a saved
// name means the button SDL means.
TEST(InputMapper, PadButtonNamesAreSdls) {
  for (int b = 0; b < SDL_CONTROLLER_BUTTON_MAX; ++b) {
    EXPECT_STREQ(core::kPadButtonNames[b],
                 SDL_GameControllerGetStringForButton(static_cast<SDL_GameControllerButton>(b)));
  }
  EXPECT_STREQ(core::kPadButtonNames[core::kPadLeftTrigger],
               SDL_GameControllerGetStringForAxis(SDL_CONTROLLER_AXIS_TRIGGERLEFT));
  EXPECT_STREQ(core::kPadButtonNames[core::kPadRightTrigger],
               SDL_GameControllerGetStringForAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT));
  EXPECT_EQ(core::PadButtonIndex("leftshoulder"), SDL_CONTROLLER_BUTTON_LEFTSHOULDER);
  EXPECT_EQ(core::PadButtonIndex("nosuchbutton"), -1);
}

// The default pad is the pad as it was: A jumps and confirms, X attacks,
// Start pauses, Back opens the overlay, the d-pad steps menus; B only
// goes back.
TEST(InputMapper, DefaultPadButtonsKeepTodaysMapping) {
  InputMapper mapper;
  core::InputState a, x, start, back, up, b;
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_A), a);
  EXPECT_TRUE(a.jump_pressed && a.confirm_pressed);
  EXPECT_FALSE(a.attack_pressed || a.back_pressed);
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_X), x);
  EXPECT_TRUE(x.attack_pressed);
  EXPECT_FALSE(x.jump_pressed);
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_START), start);
  EXPECT_TRUE(start.pause_pressed);
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_BACK), back);
  EXPECT_TRUE(back.toggle_overlay_pressed);
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_DPAD_UP), up);
  EXPECT_TRUE(up.menu_up_pressed);
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_B), b);
  EXPECT_TRUE(b.back_pressed);
  EXPECT_FALSE(b.jump_pressed || b.confirm_pressed || b.pause_pressed || b.attack_pressed);
}

TEST(InputMapper, ReboundPadButtonsFollowTheSettings) {
  InputMapper mapper;
  EXPECT_TRUE(mapper.SetPadBindings(PadWith(core::KeyAction::kJump, {"y"})).empty());
  core::InputState a, y;
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_A), a);
  EXPECT_FALSE(a.jump_pressed);
  EXPECT_TRUE(a.confirm_pressed) << "confirm keeps A";
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_Y), y);
  EXPECT_TRUE(y.jump_pressed);
  // An action may be left off the pad.
  mapper.SetPadBindings(PadWith(core::KeyAction::kPause, {}));
  core::InputState start;
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_START), start);
  EXPECT_FALSE(start.pause_pressed);
}

// A trigger bound as a button presses once as it passes half-way, and
// again only after it was let go.
TEST(InputMapper, ATriggerBoundToAnActionPressesOncePerPull) {
  InputMapper mapper;
  mapper.SetPadBindings(PadWith(core::KeyAction::kAttack, {"righttrigger"}));
  core::InputState pulled, still, released, again;
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 30000), pulled);
  EXPECT_TRUE(pulled.attack_pressed);
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32000), still);
  EXPECT_FALSE(still.attack_pressed);
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 0), released);
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 30000), again);
  EXPECT_FALSE(released.attack_pressed);
  EXPECT_TRUE(again.attack_pressed);
}

// Held state from pad states: the bound buttons move, run, jump and
// block; the stick always moves.
TEST(InputMapper, HeldStateFollowsReboundPadButtons) {
  InputMapper mapper;
  InputMapper::PadState pad;
  pad.down[core::kPadRightTrigger] = true;  // run, by default
  pad.down[core::PadButtonIndex("dpleft")] = true;
  core::InputState input;
  mapper.UpdateHeldFrom(std::span(&pad, 1), input, /*keyboard_enabled=*/false);
  EXPECT_TRUE(input.run_held);
  EXPECT_FLOAT_EQ(input.move_x, -1.0f);
  EXPECT_FALSE(input.jump_held);

  core::PadBindings rebound = core::PadBindings::Defaults();
  rebound.buttons[static_cast<int>(core::KeyAction::kRun)] = {"b"};
  rebound.buttons[static_cast<int>(core::KeyAction::kLeft)] = {"y"};
  rebound.buttons[static_cast<int>(core::KeyAction::kJump)] = {"dpleft"};
  mapper.SetPadBindings(rebound);
  mapper.UpdateHeldFrom(std::span(&pad, 1), input, false);
  EXPECT_FALSE(input.run_held) << "the trigger no longer runs";
  EXPECT_FLOAT_EQ(input.move_x, 0.0f) << "the d-pad no longer moves left";
  EXPECT_TRUE(input.jump_held);
  pad = {};
  pad.down[core::PadButtonIndex("b")] = true;
  pad.down[core::PadButtonIndex("y")] = true;
  pad.stick_y = 0.5f;
  mapper.UpdateHeldFrom(std::span(&pad, 1), input, false);
  EXPECT_TRUE(input.run_held);
  EXPECT_FLOAT_EQ(input.move_x, -1.0f);
  EXPECT_FLOAT_EQ(input.move_y, 0.5f) << "the stick is fixed";
  EXPECT_FALSE(input.block_held);
}

// The left stick steps menus once per push past half-way.
TEST(InputMapper, TheStickStepsMenusOncePerPush) {
  InputMapper mapper;
  core::InputState pushed, held, centred, again, right;
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_LEFTY, -30000), pushed);  // SDL's y points down
  EXPECT_TRUE(pushed.menu_up_pressed);
  EXPECT_FALSE(pushed.menu_down_pressed);
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_LEFTY, -25000), held);
  EXPECT_FALSE(held.menu_up_pressed);
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_LEFTY, 0), centred);
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_LEFTY, 30000), again);
  EXPECT_TRUE(again.menu_down_pressed);
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_LEFTX, 30000), right);
  EXPECT_TRUE(right.menu_right_pressed);
}

// Capturing: the first key or button is caught by name and does nothing
// else (no press, nothing held); afterwards input acts again.
TEST(InputMapper, CaptureCatchesOneKeyOrButtonWithoutActing) {
  InputMapper mapper;
  mapper.SetCapturing(true);
  core::InputState input;
  mapper.HandleEvent(KeyDown(SDL_SCANCODE_SPACE), input);
  mapper.HandleEvent(KeyDown(SDL_SCANCODE_ESCAPE), input);
  EXPECT_FALSE(input.jump_pressed || input.pause_pressed);
  InputMapper::Captured caught = mapper.TakeCaptured();
  EXPECT_FALSE(caught.pad);
  ASSERT_NE(caught.name, nullptr);
  EXPECT_STREQ(caught.name, "Space") << "the first key, by the name the bindings use";
  EXPECT_EQ(mapper.TakeCaptured().name, nullptr) << "taken once";

  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_X), input);
  EXPECT_FALSE(input.attack_pressed);
  caught = mapper.TakeCaptured();
  EXPECT_TRUE(caught.pad);
  EXPECT_STREQ(caught.name, "x");
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_B), input);
  EXPECT_FALSE(input.back_pressed);
  EXPECT_STREQ(mapper.TakeCaptured().name, "b");
  mapper.HandleEvent(PadAxis(SDL_CONTROLLER_AXIS_TRIGGERLEFT, 30000), input);
  EXPECT_STREQ(mapper.TakeCaptured().name, "lefttrigger");

  InputMapper::PadState pad;
  pad.down[core::kPadRightTrigger] = true;
  pad.stick_x = 1.0f;
  mapper.UpdateHeldFrom(std::span(&pad, 1), input, false);
  EXPECT_FALSE(input.run_held);
  EXPECT_EQ(input.move_x, 0.0f);

  mapper.SetCapturing(false);
  mapper.HandleEvent(KeyDown(SDL_SCANCODE_SPACE), input);
  EXPECT_TRUE(input.jump_pressed);
  EXPECT_EQ(mapper.TakeCaptured().name, nullptr);
  mapper.UpdateHeldFrom(std::span(&pad, 1), input, false);
  EXPECT_TRUE(input.run_held);
}

TEST(InputMapper, UnknownPadButtonsAreReported) {
  InputMapper mapper;
  const std::string warning = mapper.SetPadBindings(PadWith(core::KeyAction::kJump, {"y", "z"}));
  EXPECT_NE(warning.find("jump 'z'"), std::string::npos) << warning;
  core::InputState input;
  mapper.HandleEvent(PadButton(SDL_CONTROLLER_BUTTON_Y), input);
  EXPECT_TRUE(input.jump_pressed) << "the known one is kept";
}

}  // namespace
}  // namespace knights::platform
