#pragma once
// The game window and its OpenGL 3.3 core context (SDL2 + glad).
//
// Headless mode runs the same code on SDL's "offscreen" video driver, which
// creates a real GL context through EGL with no display (Mesa llvmpipe on a
// machine without a GPU). It is chosen by WindowDesc::headless or
// automatically when neither DISPLAY nor WAYLAND_DISPLAY is set.

#include <memory>
#include <string>

#include "knights/core/status.h"

struct SDL_Window;

namespace knights::platform {

// Descriptor: zero-initialised fields mean defaults.
struct WindowDesc {
  std::string title = "Knights";
  int width = 1280;  // in screen coordinates (points)
  int height = 720;
  bool headless = false;  // force the offscreen driver
  bool vsync = true;
  // Open the window hidden; Show() reveals it (the game shows it once its
  // files have loaded, so a bad file ends the program with nothing shown).
  bool start_hidden = false;
  // A run that draws a few frames (headless: tests, screenshots, metrics):
  // ask a software rasteriser (Mesa llvmpipe) to JIT shaders without LLVM's
  // optimisation passes (GALLIVM_PERF=nopt, unless the user set
  // GALLIVM_PERF). Compiling the game's shaders with them takes longer than
  // the few frames gain: cold start-up 1.5 -> 0.8 s, each frame 10-40%
  // slower. Other drivers ignore the variable.
  bool quick_shader_compile = false;

  // An offscreen window of width x height with vsync off: the tests',
  // benchmarks' and headless runs' GL context.
  static WindowDesc Headless(int width, int height) {
    WindowDesc desc;
    desc.width = width;
    desc.height = height;
    desc.headless = true;
    desc.vsync = false;
    return desc;
  }
};

// Why Create() failed; kNoGl maps to exit code 3, kFailed to 2.
enum class WindowError { kNone, kNoVideo, kNoGl };

class Window {
 public:
  // Opens the window and makes a GL 3.3 core context current, or returns an
  // error line naming what was tried. `error_kind` says which failure it was.
  static core::Expected<std::unique_ptr<Window>> Create(const WindowDesc& desc, WindowError* error_kind);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  SDL_Window* sdl_window() const { return window_; }
  void* gl_context() const { return gl_context_; }
  bool headless() const { return headless_; }
  // GL version loaded by glad, e.g. 45 for 4.5.
  int gl_version() const { return gl_version_major_ * 10 + gl_version_minor_; }
  std::string gl_renderer() const;

  // Size of the default framebuffer in pixels (differs from the window size
  // on high-DPI displays).
  void DrawableSize(int* width_px, int* height_px) const;
  // Size of the window in screen coordinates (what WindowDesc asks for).
  void WindowSize(int* width, int* height) const;
  void SetVsync(bool on);
  bool vsync() const { return vsync_; }
  // Reveals a window opened with WindowDesc::start_hidden (no-op headless).
  void Show();
  void ToggleFullscreen();
  bool fullscreen() const { return fullscreen_; }
  void SwapBuffers();

 private:
  Window() = default;
  SDL_Window* window_ = nullptr;
  void* gl_context_ = nullptr;
  bool headless_ = false;
  bool quick_shader_compile_ = false;  // GALLIVM_PERF=nopt was set for this run
  bool vsync_ = true;
  bool fullscreen_ = false;
  int gl_version_major_ = 0;
  int gl_version_minor_ = 0;
};

// True when the process has no display to open a window on.
bool NoDisplayAvailable();

}  // namespace knights::platform
