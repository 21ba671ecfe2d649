#pragma once
// The headless window (SDL's offscreen driver, an OpenGL 3.3 core context on
// Mesa llvmpipe) a render test draws into.

#include <memory>
#include <string>

#include "knights/platform/window.h"

namespace knights::render::test {

// A width x height headless window, or null with the reason in *why.
inline std::unique_ptr<platform::Window> OpenHeadlessWindow(int width, int height, std::string* why) {
  platform::WindowError error = platform::WindowError::kNone;
  auto window = platform::Window::Create(platform::WindowDesc::Headless(width, height), &error);
  if (!window.ok()) {
    *why = window.status().message();
    return nullptr;
  }
  return std::move(*window);
}

}  // namespace knights::render::test
