// Key bindings: names resolved to scancodes, unknown names reported, and a
// rebinding honoured by the event mapping.

#include "platform/input_mapper.h"

#include <gtest/gtest.h>

#include <SDL.h>

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

}  // namespace
}  // namespace knights::platform
