#include "knights/platform/window.h"

#include <cstdlib>

#include <SDL.h>
#include <glad/gl.h>

#include "knights/core/log.h"

namespace knights::platform {
namespace {

GLADapiproc LoadGlFunction(const char* name) { return reinterpret_cast<GLADapiproc>(SDL_GL_GetProcAddress(name)); }

}  // namespace

bool NoDisplayAvailable() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 == nullptr || *x11 == '\0') && (wayland == nullptr || *wayland == '\0');
}

core::Expected<std::unique_ptr<Window>> Window::Create(const WindowDesc& desc, WindowError* error_kind) {
  *error_kind = WindowError::kNone;
  std::unique_ptr<Window> w(new Window());
  w->headless_ = desc.headless || NoDisplayAvailable();
  const char* driver = w->headless_ ? "offscreen" : nullptr;
  if (driver != nullptr) SDL_SetHint(SDL_HINT_VIDEODRIVER, driver);
  // Read by Mesa when the GL driver loads, i.e. at context creation below.
  w->quick_shader_compile_ = desc.quick_shader_compile && std::getenv("GALLIVM_PERF") == nullptr;
  if (w->quick_shader_compile_) setenv("GALLIVM_PERF", "nopt", 0);
  // The game controller subsystem is optional: a machine without one still plays.
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
    *error_kind = WindowError::kNoGl;
    return core::Status::Error(std::string("no usable OpenGL 3.3 context: SDL video driver '") +
                               (driver ? driver : "default") + "' failed to start: " + SDL_GetError());
  }
  if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0) {
    KNIGHTS_LOG_WARN("PLATFORM", "game controllers unavailable: %s", SDL_GetError());
  }

  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  // No depth or stencil buffer in the window's framebuffer: the scene is
  // drawn into its own offscreen target (render::SceneTarget) with its own
  // depth, and what is drawn into the window afterwards (the post pass,
  // debug lines, ImGui) tests no depth. Saves 4 bytes a pixel (3.7 MB at
  // 1280x720, held by a software rasteriser in system memory).
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_FRAMEBUFFER_SRGB_CAPABLE, 1);

  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  if (w->headless_ || desc.start_hidden) flags |= SDL_WINDOW_HIDDEN;
  w->window_ = SDL_CreateWindow(desc.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, desc.width,
                                desc.height, flags);
  const std::string tried = std::string("SDL video driver '") + SDL_GetCurrentVideoDriver() + "', GL 3.3 core profile";
  if (w->window_ == nullptr) {
    *error_kind = WindowError::kNoGl;
    return core::Status::Error("no usable OpenGL 3.3 context: " + tried +
                               ": window creation failed: " + SDL_GetError());
  }
  w->gl_context_ = SDL_GL_CreateContext(w->window_);
  if (w->gl_context_ == nullptr) {
    *error_kind = WindowError::kNoGl;
    return core::Status::Error("no usable OpenGL 3.3 context: " + tried + ": " + SDL_GetError());
  }
  const int version = gladLoadGL(LoadGlFunction);
  if (version == 0) {
    *error_kind = WindowError::kNoGl;
    return core::Status::Error("no usable OpenGL 3.3 context: " + tried +
                               ": the context does not provide OpenGL 3.3 functions");
  }
  w->gl_version_major_ = GLAD_VERSION_MAJOR(version);
  w->gl_version_minor_ = GLAD_VERSION_MINOR(version);
  if (w->gl_version() < 33) {
    *error_kind = WindowError::kNoGl;
    return core::Status::Error("no usable OpenGL 3.3 context: " + tried + ": got OpenGL " +
                               std::to_string(w->gl_version_major_) + "." + std::to_string(w->gl_version_minor_));
  }
  w->SetVsync(desc.vsync && !w->headless_);
  const bool software = w->gl_renderer().find("llvmpipe") != std::string::npos;
  KNIGHTS_LOG_INFO("GL", "OpenGL %d.%d core on %s (%s driver%s%s)", w->gl_version_major_, w->gl_version_minor_,
                   w->gl_renderer().c_str(), SDL_GetCurrentVideoDriver(), w->headless_ ? ", headless" : "",
                   software && w->quick_shader_compile_ ? ", shaders JIT-ed without optimisation" : "");
  return w;
}

Window::~Window() {
  if (gl_context_ != nullptr) SDL_GL_DeleteContext(gl_context_);
  if (window_ != nullptr) SDL_DestroyWindow(window_);
  SDL_Quit();
}

std::string Window::gl_renderer() const {
  const GLubyte* renderer = glGetString(GL_RENDERER);
  return renderer ? reinterpret_cast<const char*>(renderer) : "unknown renderer";
}

void Window::DrawableSize(int* width_px, int* height_px) const { SDL_GL_GetDrawableSize(window_, width_px, height_px); }

void Window::WindowSize(int* width, int* height) const { SDL_GetWindowSize(window_, width, height); }

void Window::SetVsync(bool on) {
  // Adaptive vsync first (tears instead of stalling when a frame is late).
  if (on && SDL_GL_SetSwapInterval(-1) == 0) {
    vsync_ = true;
    return;
  }
  vsync_ = SDL_GL_SetSwapInterval(on ? 1 : 0) == 0 ? on : false;
}

void Window::Show() {
  if (!headless_) SDL_ShowWindow(window_);
}

void Window::ToggleFullscreen() {
  if (headless_) return;
  fullscreen_ = !fullscreen_;
  SDL_SetWindowFullscreen(window_, fullscreen_ ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

void Window::SwapBuffers() { SDL_GL_SwapWindow(window_); }

}  // namespace knights::platform
