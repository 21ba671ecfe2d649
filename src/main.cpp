// Knights: the executable. Reads like a small example program:
//   Init     options, assets (character, level), window, renderer, UI, game
//   Loop     input -> fixed-step game update -> draw (scene, overlay, menus)
//   Shutdown settings; the GL side is released; the last frame's screenshot
//            and the metrics are written; RAII releases the rest.

#include <SDL.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "asset/character_desc_loader.h"
#include "asset/character_model.h"
#include "asset/image.h"
#include "asset/level_loader.h"
#include "asset/settings_file.h"
#include "core/file_io.h"
#include "core/fixed_step_clock.h"
#include "core/input_state.h"
#include "core/log.h"
#include "core/process_memory.h"
#include "game/app_options.h"
#include "game/game_session.h"
#include "game/rig.h"
#include "game/settings.h"
#include "platform/input_mapper.h"
#include "platform/window.h"
#include "render/frame_capture.h"
#include "render/frame_view.h"
#include "render/scene_renderer.h"
#include "ui/debug_overlay.h"
#include "ui/game_menus.h"
#include "ui/imgui_layer.h"
#include "world/world.h"

namespace {

using namespace knights;

constexpr int kExitBadInput = 2;
constexpr int kExitNoGl = 3;

// Shaders and assets are found in the working directory when it is the
// repository, else in the source tree the binary was built from, unless
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

int Fail(const core::Status& status, int code) {
  std::fprintf(stderr, "knights: %s\n", status.message().c_str());
  return code;
}

// The window's framebuffer as an opaque image (the pixels are read straight
// into the image that is encoded).
asset::Image CaptureScreenshot(int width_px, int height_px) {
  asset::Image image;
  image.width = width_px;
  image.height = height_px;
  image.rgba = render::ReadPixelsTopDown(width_px, height_px);
  for (size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;  // opaque PNG
  return image;
}

bool WriteScreenshot(const std::string& path, const asset::Image& image) {
  if (core::Status s = asset::WritePng(path, image); !s.ok()) {
    std::fprintf(stderr, "knights: %s\n", s.message().c_str());
    return false;
  }
  KNIGHTS_LOG_INFO("RENDER", "screenshot written to %s (%dx%d)", path.c_str(), image.width, image.height);
  return true;
}

std::string TimestampedScreenshotName() {
  char name[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(name, sizeof(name), "knights_%Y%m%d_%H%M%S.png", std::localtime(&now));
  return name;
}

// Everything loaded from disk, and the scene's static geometry built from it
// (CPU only). Loaded on a worker thread while the main thread opens the
// window and compiles the shader programs; a bad file still ends the program
// with one line and exit code 2 before anything is shown (the window opens
// hidden and is shown once this has loaded).
struct LoadedAssets {
  game::CharacterDesc character;
  asset::CharacterModel model;
  std::vector<asset::CharacterModel> variant_models;  // mesh looks of the same rig
  game::Rig rig;
  std::unique_ptr<world::World> world;
  render::SceneGeometry scene_geometry;  // uploaded, then freed
};

core::Expected<LoadedAssets> LoadAssets(const game::AppOptions& options) {
  LoadedAssets a;
  auto desc = asset::LoadCharacterDesc(core::DataPath(options.character_path));
  if (!desc) return desc.status();
  a.character = std::move(*desc);
  auto model = asset::LoadCharacterModel(core::DataPath(a.character.model_path));
  if (!model) return model.status();
  a.model = std::move(*model);
  if (core::Status s = asset::CheckCharacterDesc(a.character, a.model); !s.ok()) return s;
  for (const auto& [name, path] : a.character.variants) {
    auto variant = asset::LoadCharacterModel(core::DataPath(path));
    if (!variant) return variant.status();
    if (variant->skeleton.JointCount() != a.model.skeleton.JointCount()) {
      return core::Status::Error(a.character.file + ": variants." + name + ": " + path +
                                 " has a different skeleton than " + a.character.model_path);
    }
    a.variant_models.push_back(std::move(*variant));
  }
  auto rig = game::ResolveRig(a.character, a.model.skeleton);
  if (!rig) return rig.status();
  a.rig = *rig;
  auto level = asset::LoadLevel(core::DataPath(options.level_path));
  if (!level) return level.status();
  a.world = std::make_unique<world::World>(std::move(*level));
  a.scene_geometry = render::BuildSceneGeometry(*a.world);
  return a;
}

// Gives the pages of freed heap memory back to the system (glibc keeps them
// otherwise, and they count as resident).
void ReturnFreedHeapMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

// Drops what the GL now holds its own copy of (vertices, indices, texture
// pixels of each look; the static geometry), so those bytes are not resident
// when the first frame allocates the render targets.
void FreeUploadedCopies(LoadedAssets& assets) {
  auto free_mesh = [](anim::SkinnedMesh& mesh) {
    mesh.vertices = {};
    mesh.indices = {};
    mesh.textures = {};
  };
  free_mesh(assets.model.mesh);
  for (asset::CharacterModel& v : assets.variant_models) free_mesh(v.mesh);
  assets.scene_geometry = {};
  // Import (assimp), the collision and render mesh builds leave free pages in
  // the heap; they go back before the first frame's peak.
  ReturnFreedHeapMemory();
}

}  // namespace

int main(int argc, char** argv) {
  // Start-up is measured from here to the first frame on screen (logged).
  const auto main_start = std::chrono::steady_clock::now();
  // --- Init: options and assets ---------------------------------------------
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
  // Assets load on a worker while this thread opens the window and compiles
  // the shader programs (neither needs the other; two cores overlap them).
  // A bad file still wins over any later error: it is reported first, as
  // when the assets loaded before the window opened.
  std::future<core::Expected<LoadedAssets>> assets_future =
      std::async(std::launch::async, [&options] { return LoadAssets(options); });

  // --- Init: settings (saved between runs; the command line overrides) ------
  // Headless runs (tests, CI) neither read nor write the user's settings
  // unless --config names a file.
  const bool headless_run = options.headless || platform::NoDisplayAvailable();
  const std::string settings_path = !options.config_path.empty()
                                        ? options.config_path
                                        : (headless_run ? std::string() : asset::DefaultSettingsPath());
  asset::LoadedSettings loaded = asset::LoadSettingsFile(settings_path);
  if (!loaded.warning.empty()) KNIGHTS_LOG_WARN("SETTINGS", "%s", loaded.warning.c_str());
  game::Settings settings = loaded.settings;
  if (options.size_given || settings_path.empty()) {
    settings.window_width = options.width;
    settings.window_height = options.height;
  }
  if (options.vsync_given || settings_path.empty()) settings.vsync = options.vsync;
  if (options.ik_given || settings_path.empty()) settings.ik.master = options.ik;

  // --- Init: window, renderer, UI -------------------------------------------
  platform::WindowDesc window_desc;
  window_desc.width = settings.window_width;
  window_desc.height = settings.window_height;
  window_desc.headless = options.headless;
  window_desc.vsync = settings.vsync;
  window_desc.start_hidden = true;  // shown once the assets have loaded
  // A headless run draws a handful of frames: on a software rasteriser,
  // compiling the shaders fully optimised costs more than it saves.
  window_desc.quick_shader_compile = options.headless;
  platform::WindowError window_error = platform::WindowError::kNone;
  auto window_or = platform::Window::Create(window_desc, &window_error);
  if (!window_or) {
    if (auto assets = assets_future.get(); !assets) return Fail(assets.status(), kExitBadInput);
    return Fail(window_or.status(), window_error == platform::WindowError::kNoGl ? kExitNoGl : kExitBadInput);
  }
  platform::Window& window = **window_or;
  auto scene_or = render::SceneRenderer::Create();
  auto assets_or = assets_future.get();
  if (!assets_or) return Fail(assets_or.status(), kExitBadInput);
  if (!scene_or) return Fail(scene_or.status(), kExitBadInput);
  LoadedAssets& assets = *assets_or;
  // Optional so the GL side can be released before the last screenshot is
  // encoded (see Shutdown).
  std::optional<render::SceneRenderer> scene_holder(std::move(*scene_or));
  render::SceneRenderer& scene = *scene_holder;
  std::vector<const anim::SkinnedMesh*> looks = {&assets.model.mesh};
  for (const asset::CharacterModel& v : assets.variant_models) looks.push_back(&v.mesh);
  scene.UploadGeometry(assets.scene_geometry, looks);
  FreeUploadedCopies(assets);
  window.Show();
  std::optional<ui::ImGuiLayer> imgui_holder(std::in_place, window);
  ui::ImGuiLayer& imgui = *imgui_holder;
  ui::DebugOverlayState overlay;
  // Rendering quality: the options, else full quality, lighter on a
  // software rasteriser (Mesa llvmpipe draws on the CPU) when playing in a
  // window; headless runs draw single frames and keep full quality.
  render::SceneSettings scene_settings;
  const std::string renderer_name = window.gl_renderer();
  const bool software_raster =
      renderer_name.find("llvmpipe") != std::string::npos || renderer_name.find("softpipe") != std::string::npos;
  if (software_raster && !window.headless()) {
    scene_settings.anti_aliasing = render::AntiAliasing::kFxaa;
    scene_settings.render_scale = 0.75f;
  }
  if (!options.shadows.empty()) scene_settings.shadows = options.shadows == "on";
  if (options.anti_aliasing == "msaa") scene_settings.anti_aliasing = render::AntiAliasing::kMsaa;
  if (options.anti_aliasing == "fxaa") scene_settings.anti_aliasing = render::AntiAliasing::kFxaa;
  if (options.anti_aliasing == "off") scene_settings.anti_aliasing = render::AntiAliasing::kOff;
  if (options.render_scale > 0.0f) scene_settings.render_scale = options.render_scale;
  overlay.scene_settings = &scene_settings;

  // --- Init: the game -------------------------------------------------------
  game::SessionDesc session_desc;
  session_desc.world = assets.world.get();
  session_desc.skeleton = &assets.model.skeleton;
  for (int role = 0; role < game::kClipRoleCount; ++role) {
    session_desc.clips[role] = &assets.model.clips[assets.model.FindClip(assets.character.clips[role])];
  }
  session_desc.rig = &assets.rig;
  session_desc.npc_look_red = assets.variant_models.size() >= 1 ? 1 : 0;
  session_desc.npc_look_green = assets.variant_models.size() >= 2 ? 2 : session_desc.npc_look_red;
  // Headless runs have no player at the keyboard: the autopilot plays.
  session_desc.autoplay = options.autoplay || window.headless();
  session_desc.skip_title = options.autoplay || options.level_given || window.headless();
  session_desc.seed = options.seed;
  session_desc.soak = options.soak;
  game::GameSession session(session_desc);
  session.ik = settings.ik;
  if (settings.fullscreen) window.ToggleFullscreen();

  platform::InputMapper input_mapper;
  if (const std::string warning = input_mapper.SetBindings(settings.keys); !warning.empty()) {
    KNIGHTS_LOG_WARN("SETTINGS", "%s: %s", settings_path.c_str(), warning.c_str());
  }
  core::InputState input;
  core::FixedStepClock clock;
  bool first_frame_shown = false;
  core::DebugLines frame_lines;
  std::vector<render::KnightInstance> instances;
  instances.reserve(session.knights().size());
  Uint64 last_counter = SDL_GetPerformanceCounter();
  // Memory after warm-up (caches sized, first frames drawn), for the soak
  // test's "no growth" check (reported with --metrics).
  constexpr int kWarmUpSteps = 600;
  uint64_t rss_after_warm_up = 0;
  uint64_t rss_end_of_sim = 0;                  // at the end of the sim, before the last frame is drawn
  std::optional<asset::Image> last_screenshot;  // --screenshot: the last frame, written at shutdown

  // --- Loop -----------------------------------------------------------------
  for (;;) {
    // 1. Input.
    input.ClearEdges();
    platform::PollEvents(input_mapper, input, &ui::ImGuiLayer::HandleEvent, &imgui);
    input_mapper.UpdateHeld(input, !imgui.WantsKeyboard());
    if (input.quit_requested || session.quit_requested()) break;
    if (input.toggle_overlay_pressed) overlay.visible = !overlay.visible;
    if (input.toggle_fullscreen_pressed) window.ToggleFullscreen();
    // Per-pass timings only for the overlay and the metrics file.
    session.time_passes = overlay.visible || !options.metrics_path.empty();

    // 2. Fixed-step update. Headless runs advance exactly one step a frame
    // (reproducible); windowed runs follow real time, scaled for slow motion.
    const Uint64 counter = SDL_GetPerformanceCounter();
    const double real_elapsed_s = double(counter - last_counter) / double(SDL_GetPerformanceFrequency());
    last_counter = counter;
    int steps = clock.Advance(window.headless() ? clock.StepSeconds() : real_elapsed_s * overlay.time_scale);
    if (overlay.sim_paused) steps = overlay.step_once ? 1 : 0;
    overlay.step_once = false;
    core::InputState step_input = input;
    for (int i = 0; i < steps; ++i) {
      session.Step(step_input);
      step_input.ClearEdges();  // a press counts once, not once per step
      if (options.max_frames > 0 && session.steps() >= options.max_frames) break;
    }
    const bool last_frame = options.max_frames > 0 && session.steps() >= options.max_frames;
    // Measured before the last frame is drawn: the driver allocates on the
    // frames it draws, and this is about the sim.
    const bool sim_done = options.max_frames > 0 && session.steps() >= options.max_frames - 1;
    if (sim_done && rss_end_of_sim == 0) rss_end_of_sim = core::ResidentMemoryBytes();

    // 3. Draw. Headless runs draw only the frame that is looked at (the last
    // one, for --screenshot): nobody sees the others, and skipping them lets
    // long autoplay and metrics runs go at sim speed. With --metrics the
    // warm-up frame is drawn too, so the memory measured after warm-up
    // includes the driver's first-draw allocations.
    const bool warm_up_frame = session.steps() == kWarmUpSteps && !options.metrics_path.empty();
    if (window.headless() && !last_frame && !warm_up_frame) continue;
    const auto render_start = SDL_GetPerformanceCounter();
    int width_px = 0, height_px = 0;
    window.DrawableSize(&width_px, &height_px);
    glViewport(0, 0, width_px, height_px);
    const float alpha = window.headless() || overlay.sim_paused ? 1.0f : static_cast<float>(clock.Alpha());
    const game::FollowCamera& cam = session.camera();
    const game::FollowCamera& prev = session.previous_camera();
    const render::FrameView view = render::MakeFrameView(glm::mix(prev.EyeWs(), cam.EyeWs(), alpha),
                                                         glm::mix(prev.TargetWs(), cam.TargetWs(), alpha),
                                                         cam.tuning.fov_y_deg, width_px, height_px);
    instances.clear();
    for (size_t i = 0; i < session.knights().size(); ++i) {
      const game::KnightDrawState d = session.knights()[i].DrawState();
      const bool inspected = overlay.visible && static_cast<int>(i) == session.inspected_knight;
      instances.push_back({d.palette_ms, d.previous_palette_ms, d.model_to_world, d.previous_model_to_world, d.look,
                           inspected && overlay.bind_pose, glm::vec3(0.0f)});
    }
    frame_lines.Clear();
    for (const core::DebugLine& line : session.debug_lines().lines())
      frame_lines.Add(line.from_ws, line.to_ws, line.color);
    if (overlay.visible && overlay.draw_skeleton) {
      ui::AddSkeletonLines(session.knights()[session.inspected_knight], frame_lines);
    }
    scene.Draw(view, instances, alpha, frame_lines, scene_settings);
    overlay.scene_stats = scene.stats();

    // Dear ImGui shows an auto-sized window (the HUD, menus) from the frame
    // after the one it appears in: a headless run, which draws no frame
    // before its last, lays the UI out once (nothing drawn) first, with no
    // input so no menu acts twice.
    const auto build_ui = [&](const core::InputState& ui_input) {
      imgui.BeginFrame();
      ui::DrawGameScreens(session, ui_input, width_px, height_px);
      ui::DrawDebugOverlay(session, assets.model.clips, overlay, window, static_cast<float>(real_elapsed_s));
    };
    if (window.headless() && last_frame) {
      build_ui(core::InputState{});
      imgui.EndFrameLayoutOnly();
    }
    build_ui(input);
    imgui.EndFrame();
    overlay.render_s = double(SDL_GetPerformanceCounter() - render_start) / double(SDL_GetPerformanceFrequency());
    if (warm_up_frame) rss_after_warm_up = core::ResidentMemoryBytes();

    if (last_frame || input.screenshot_pressed) {
      const std::string path = last_frame && !options.screenshot_path.empty() ? options.screenshot_path
                               : input.screenshot_pressed                     ? TimestampedScreenshotName()
                                                                              : std::string();
      if (last_frame && !options.screenshot_path.empty()) {
        // Encoded at shutdown, once the driver's memory is released: the
        // encoder's buffers do not stack on the render targets and JIT code.
        // The driver's shader compiler leaves megabytes of freed working
        // memory in the heap on a first frame: returned before the image's
        // buffer is taken (-6 MB of peak with a cold shader cache).
        ReturnFreedHeapMemory();
        last_screenshot = CaptureScreenshot(width_px, height_px);
      } else if (!path.empty() && !WriteScreenshot(path, CaptureScreenshot(width_px, height_px))) {
        return kExitBadInput;
      }
    }
    window.SwapBuffers();
    if (!first_frame_shown) {
      first_frame_shown = true;
      KNIGHTS_LOG_INFO("FRAME", "first frame on screen %.2f s after start",
                       std::chrono::duration<double>(std::chrono::steady_clock::now() - main_start).count());
    }
    if (last_frame) break;
  }

  // --- Shutdown ---------------------------------------------------------------
  if (!settings_path.empty()) {
    settings.ik = session.ik;
    settings.vsync = window.vsync() || (headless_run && settings.vsync);
    settings.fullscreen = window.fullscreen();
    if (!window.fullscreen() && !headless_run) window.WindowSize(&settings.window_width, &settings.window_height);
    if (core::Status s = asset::SaveSettingsFile(settings_path, settings); !s.ok()) {
      KNIGHTS_LOG_WARN("SETTINGS", "%s", s.message().c_str());
    }
  }
  // The GL side goes first (UI, renderer, then the context with everything
  // the driver holds), so the screenshot is encoded in the memory it frees.
  imgui_holder.reset();
  scene_holder.reset();
  window_or->reset();
  if (last_screenshot && !WriteScreenshot(options.screenshot_path, *last_screenshot)) return kExitBadInput;
  last_screenshot.reset();
  if (!options.metrics_path.empty()) {
    const double mb = 1.0 / (1024.0 * 1024.0);
    char memory[160];
    std::snprintf(memory, sizeof(memory),
                  "  \"memory_mb\": {\"after_warm_up\": %.2f, \"end_of_sim\": %.2f, \"peak\": %.2f},\n",
                  rss_after_warm_up * mb, rss_end_of_sim * mb, core::PeakResidentMemoryBytes() * mb);
    const std::string extra =
        std::string("  \"reached_goal\": ") + (session.reached_goal() ? "true" : "false") +
        ",\n  \"goal_frame\": " + (session.reached_goal() ? std::to_string(session.goal_step()) : "null") + ",\n" +
        "  \"respawns\": " + std::to_string(session.player().controller.Respawns()) + ",\n" + memory;
    std::ofstream out(options.metrics_path);
    out << session.metrics().ToJson(session.ik.master, extra);
    if (!out) return Fail(core::Status::Error(options.metrics_path + ": cannot write the metrics file"), kExitBadInput);
    KNIGHTS_LOG_INFO("METRICS", "written to %s", options.metrics_path.c_str());
  }
  return 0;
}
