// Knights: the executable. Reads like a small example program:
// Init (options, window, renderer, UI), the loop (input, fixed-step update,
// draw), Shutdown (everything is RAII, so it is the end of main).

#include <SDL.h>
#include <imgui.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "asset/image.h"
#include "core/file_io.h"
#include "core/fixed_step_clock.h"
#include "core/input_state.h"
#include "core/log.h"
#include "game/app_options.h"
#include "platform/input_mapper.h"
#include "platform/window.h"
#include "render/frame_capture.h"
#include "render/sky_pass.h"
#include "ui/imgui_layer.h"

namespace {

using namespace knights;

constexpr int kExitBadInput = 2;
constexpr int kExitNoGl = 3;

// Shaders and assets are found next to the working directory when run from
// the repository, else in the source tree the binary was built from, unless
// KNIGHTS_DATA_DIR says otherwise.
void ChooseDataDir() {
  if (const char* env = std::getenv("KNIGHTS_DATA_DIR"); env != nullptr && *env != '\0') {
    core::SetDataDir(env);
  } else if (std::filesystem::exists("shaders/sky.vert")) {
    core::SetDataDir(".");
  } else {
    core::SetDataDir(KNIGHTS_SOURCE_DIR);
  }
}

bool SaveScreenshot(const std::string& path, int width_px, int height_px) {
  asset::Image image;
  image.width = width_px;
  image.height = height_px;
  image.rgba = render::ReadPixelsTopDown(width_px, height_px);
  for (size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;  // opaque PNG
  if (core::Status s = asset::WritePng(path, image); !s.ok()) {
    std::fprintf(stderr, "knights: %s\n", s.message().c_str());
    return false;
  }
  KNIGHTS_LOG_INFO("RENDER", "screenshot written to %s (%dx%d)", path.c_str(), width_px, height_px);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  // --- Init ---------------------------------------------------------------
  std::vector<std::string_view> args(argv + 1, argv + argc);
  const game::ParseResult parsed = game::ParseAppOptions(args);
  if (!parsed.ok()) {
    std::fprintf(stderr, "knights: %s\n%s\n", parsed.error.c_str(), game::UsageLine().c_str());
    return kExitBadInput;
  }
  const game::AppOptions& options = parsed.options;
  if (options.show_help) {
    std::fputs(game::HelpText().c_str(), stdout);
    return 0;
  }
  ChooseDataDir();

  platform::WindowDesc window_desc;
  window_desc.width = options.width;
  window_desc.height = options.height;
  window_desc.headless = options.headless;
  window_desc.vsync = options.vsync;
  platform::WindowError window_error = platform::WindowError::kNone;
  auto window_or = platform::Window::Create(window_desc, &window_error);
  if (!window_or) {
    std::fprintf(stderr, "knights: %s\n", window_or.status().message().c_str());
    return window_error == platform::WindowError::kNoGl ? kExitNoGl : kExitBadInput;
  }
  platform::Window& window = **window_or;

  auto sky_or = render::SkyPass::Create();
  if (!sky_or) {
    std::fprintf(stderr, "knights: %s\n", sky_or.status().message().c_str());
    return kExitBadInput;
  }
  const render::SkyPass& sky = *sky_or;
  ui::ImGuiLayer imgui(window);
  platform::InputMapper input_mapper;
  core::InputState input;
  core::FixedStepClock clock;
  bool show_overlay = false;
  int sim_steps = 0;
  Uint64 last_counter = SDL_GetPerformanceCounter();

  // --- Loop ---------------------------------------------------------------
  for (;;) {
    // 1. Input.
    input.ClearEdges();
    platform::PollEvents(input_mapper, input, &ui::ImGuiLayer::HandleEvent, &imgui);
    input_mapper.UpdateHeld(input, !imgui.WantsKeyboard());
    if (input.quit_requested) break;
    if (input.toggle_overlay_pressed) show_overlay = !show_overlay;
    if (input.toggle_fullscreen_pressed) window.ToggleFullscreen();

    // 2. Fixed-step update. Headless runs advance exactly one step a frame so
    // a run of N frames is deterministic; windowed runs follow real time.
    const Uint64 counter = SDL_GetPerformanceCounter();
    const double real_elapsed_s = double(counter - last_counter) / double(SDL_GetPerformanceFrequency());
    last_counter = counter;
    const int steps = clock.Advance(window.headless() ? clock.StepSeconds() : real_elapsed_s);
    for (int i = 0; i < steps; ++i) ++sim_steps;
    const bool last_frame = options.max_frames > 0 && sim_steps >= options.max_frames;

    // 3. Draw.
    int width_px = 0, height_px = 0;
    window.DrawableSize(&width_px, &height_px);
    glViewport(0, 0, width_px, height_px);
    glEnable(GL_FRAMEBUFFER_SRGB);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    sky.Draw(glm::vec3(0.85f, 0.80f, 0.70f), glm::vec3(0.18f, 0.35f, 0.70f), glm::vec2(0.55f, 0.45f));
    glDisable(GL_FRAMEBUFFER_SRGB);

    imgui.BeginFrame();
    if (show_overlay) {
      ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
      ImGui::Begin("Knights debug (F1)");
      ImGui::Text("OpenGL %d.%d  %s", window.gl_version() / 10, window.gl_version() % 10,
                  window.gl_renderer().c_str());
      ImGui::Text("sim steps %d   %.1f fps", sim_steps, ImGui::GetIO().Framerate);
      bool vsync = window.vsync();
      if (ImGui::Checkbox("vsync", &vsync)) window.SetVsync(vsync);
      ImGui::End();
    }
    imgui.EndFrame();

    if (last_frame || input.screenshot_pressed) {
      std::string path = options.screenshot_path;
      if (input.screenshot_pressed && !last_frame) path = "knights_screenshot.png";
      if (!path.empty() && !SaveScreenshot(path, width_px, height_px)) return kExitBadInput;
    }
    window.SwapBuffers();
    if (last_frame) break;
  }

  // --- Shutdown: RAII releases the UI, GL objects and the window. -----------
  return 0;
}
