// WindowDesc::quick_shader_compile: a headless run asks llvmpipe to JIT its
// shaders without LLVM's optimisation passes (GALLIVM_PERF=nopt) before the
// GL context is created, never overriding a GALLIVM_PERF the user set, and
// leaves the driver alone when not asked. The context still works.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <glad/gl.h>

#include "knights/platform/window.h"

namespace knights::platform {
namespace {

std::string Env(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "<unset>";
}

// Opens and closes a headless window with the given setting.
void OpenWindow(bool quick_shader_compile) {
  WindowDesc desc = WindowDesc::Headless(32, 32);
  desc.quick_shader_compile = quick_shader_compile;
  WindowError error = WindowError::kNone;
  auto window = Window::Create(desc, &error);
  ASSERT_TRUE(window.ok()) << window.status().message();
  // The context is usable: the clear colour reads back.
  glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  unsigned char pixel[4] = {};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  EXPECT_EQ(pixel[1], 255);
  EXPECT_EQ(pixel[0], 0);
}

TEST(QuickShaderCompile, NotAskedLeavesTheDriverAlone) {
  unsetenv("GALLIVM_PERF");
  OpenWindow(false);
  EXPECT_EQ(Env("GALLIVM_PERF"), "<unset>");
}

TEST(QuickShaderCompile, AskedSetsNoOptBeforeTheContext) {
  unsetenv("GALLIVM_PERF");
  OpenWindow(true);
  EXPECT_EQ(Env("GALLIVM_PERF"), "nopt");
}

TEST(QuickShaderCompile, TheUsersSettingWins) {
  setenv("GALLIVM_PERF", "no_quad_lod", 1);
  OpenWindow(true);
  EXPECT_EQ(Env("GALLIVM_PERF"), "no_quad_lod");
  unsetenv("GALLIVM_PERF");
}

}  // namespace
}  // namespace knights::platform
