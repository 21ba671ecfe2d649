// Render benchmark: median and p95 frame time (and the median's frames a
// second) of the demo level at 1280x720 with 1, 12, 50 and 200 animated
// knights, shadows on and off (and, for 12 knights, each anti-aliasing mode,
// a 0.5 render scale, and the window's default on a software rasteriser:
// app::ChooseSceneSettings for llvmpipe, fast shading with a 1024 px shadow
// map and no anti-aliasing at a 0.75 scale; also at the dynamic
// resolution's floor, with full shading, and a breakdown of its cost). Every frame ends
// with glFinish, so a frame's time covers all of its GPU (llvmpipe: CPU)
// work. The knights run the "run" clip at different phases, spread over the
// visible part of the play strip, so all of them are drawn.
//
//   knights_render_bench [--frames N] [--warmup N] [--json FILE]

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>

#include "knights/anim/local_to_model_job.h"
#include "knights/anim/sampling_job.h"
#include "knights/anim/skinning_palette_job.h"
#include "knights/app/startup_choices.h"
#include "knights/asset/character_model.h"
#include "knights/asset/level_loader.h"
#include "knights/core/file_io.h"
#include "knights/platform/window.h"
#include "knights/render/dynamic_resolution.h"
#include "knights/render/frame_view.h"
#include "knights/render/scene_renderer.h"
#include "knights/world/world.h"

namespace {

using namespace knights;

constexpr int kWidth = 1280;
constexpr int kHeight = 720;
constexpr int kPhases = 24;  // precomputed poses of the run cycle

struct Result {
  std::string label;
  int knights = 0;
  bool shadows = true;
  double median_ms = 0.0;
  double p95_ms = 0.0;
  double cpu_median_ms = 0.0;  // process CPU time (all llvmpipe threads), robust to other load on the machine
};

// CPU time of this process (all threads), milliseconds.
double ProcessCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

double Percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const size_t i = static_cast<size_t>(pos);
  const double f = pos - static_cast<double>(i);
  return i + 1 < v.size() ? v[i] * (1.0 - f) + v[i + 1] * f : v[i];
}

// Model-space palettes of `clip` at kPhases evenly spaced times.
std::vector<std::vector<glm::mat4>> RunCyclePalettes(const asset::CharacterModel& model, const anim::Clip& clip) {
  const int n = model.skeleton.JointCount();
  std::vector<math::Transform> locals(model.skeleton.RestPose().begin(), model.skeleton.RestPose().end());
  std::vector<glm::mat4> models(n);
  std::vector<std::vector<glm::mat4>> palettes(kPhases, std::vector<glm::mat4>(n));
  for (int p = 0; p < kPhases; ++p) {
    anim::SamplingJob sampling;
    sampling.clip = &clip;
    sampling.time_s = clip.DurationS() * p / kPhases;
    sampling.rest_pose_ls = model.skeleton.RestPose();
    sampling.output_ls = locals;
    sampling.Run();
    anim::LocalToModelJob ltm;
    ltm.parents = model.skeleton.Parents();
    ltm.locals_ls = locals;
    ltm.models_ms = models;
    ltm.Run();
    anim::SkinningPaletteJob palette;
    palette.models_ms = models;
    palette.inverse_bind_ms = model.skeleton.InverseBind();
    palette.palette_ms = palettes[p];
    palette.Run();
  }
  return palettes;
}

}  // namespace

int main(int argc, char** argv) {
  int frames = 60;
  int warmup = 8;
  std::string json_path;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--frames") && i + 1 < argc)
      frames = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--warmup") && i + 1 < argc)
      warmup = std::max(0, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--json") && i + 1 < argc)
      json_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: knights_render_bench [--frames N] [--warmup N] [--json FILE]\n");
      return 2;
    }
  }
  core::SetDataDir(KNIGHTS_SOURCE_DIR);

  // 1. Context, level, knights.
  const platform::WindowDesc desc = platform::WindowDesc::Headless(kWidth, kHeight);
  platform::WindowError error = platform::WindowError::kNone;
  auto window = platform::Window::Create(desc, &error);
  if (!window) {
    std::fprintf(stderr, "render_bench: %s\n", window.status().message().c_str());
    return 3;
  }
  auto level = asset::LoadLevel(core::DataPath("assets/levels/demo.json"));
  if (!level) {
    std::fprintf(stderr, "render_bench: %s\n", level.status().message().c_str());
    return 2;
  }
  world::World world(std::move(*level));
  std::vector<asset::CharacterModel> models;
  for (const char* path : {"assets/knights/knight_player.glb", "assets/knights/knight_npc_red.glb",
                           "assets/knights/knight_npc_green.glb"}) {
    auto model = asset::LoadCharacterModel(core::DataPath(path));
    if (!model) {
      std::fprintf(stderr, "render_bench: %s\n", model.status().message().c_str());
      return 2;
    }
    models.push_back(std::move(*model));
  }
  std::vector<const anim::SkinnedMesh*> looks;
  for (const asset::CharacterModel& m : models) looks.push_back(&m.mesh);
  auto scene = render::SceneRenderer::Create(world, looks);
  if (!scene) {
    std::fprintf(stderr, "render_bench: %s\n", scene.status().message().c_str());
    return 2;
  }
  const int run_clip = models[0].FindClip("run");
  const auto palettes = RunCyclePalettes(models[0], models[0].clips[std::max(run_clip, 0)]);

  // 2. Camera on the meadow at the start of the level (trees, rocks, slope).
  const float cam_x = 20.0f;
  const float ground_y = world.GroundHeightOr(cam_x, 0.0f);
  const render::FrameView view = render::MakeFrameView(glm::vec3(cam_x, ground_y + 2.7f, 9.0f),
                                                       glm::vec3(cam_x, ground_y + 1.1f, 0.0f), 40.0f, kWidth, kHeight);
  std::printf("GL renderer: %s\n", (*window)->gl_renderer().c_str());
  std::printf("%-28s %8s %8s %10s %10s %8s %12s\n", "config", "knights", "shadows", "median_ms", "p95_ms", "fps",
              "cpu_median_ms");

  struct Config {
    std::string label;
    int knights;
    render::SceneSettings settings;
    bool dynamic = false;  // the render scale follows render::DynamicResolution as in the game's window
  };
  auto make = [](bool shadows, render::AntiAliasing aa, float scale) {
    render::SceneSettings settings;
    settings.shadows = shadows;
    settings.anti_aliasing = aa;
    settings.render_scale = scale;
    return settings;
  };
  std::vector<Config> configs;
  // KNIGHTS_BENCH_QUICK=1: only the 12-knight rows (for quick comparisons);
  // KNIGHTS_BENCH_ONLY=TEXT: only the rows whose label contains TEXT.
  const bool quick = std::getenv("KNIGHTS_BENCH_QUICK") != nullptr;
  for (int n : {1, 12, 50, 200}) {
    if (quick && n != 12) continue;
    for (bool shadows : {true, false})
      configs.push_back({"msaa4", n, make(shadows, render::AntiAliasing::kMsaa, 1.0f)});
  }
  configs.push_back({"fxaa", 12, make(true, render::AntiAliasing::kFxaa, 1.0f)});
  configs.push_back({"no_aa", 12, make(true, render::AntiAliasing::kOff, 1.0f)});
  configs.push_back({"msaa4_scale0.5", 12, make(true, render::AntiAliasing::kMsaa, 0.5f)});
  configs.push_back({"no_aa_scale0.25", 12, make(true, render::AntiAliasing::kOff, 0.25f)});
  configs.push_back({"no_aa_scale0.25", 12, make(false, render::AntiAliasing::kOff, 0.25f)});
  configs.push_back({"no_aa", 12, make(false, render::AntiAliasing::kOff, 1.0f)});
  // What a window on Mesa's llvmpipe starts with when nothing is asked for
  // (fast shading, a 1024 px shadow map, no anti-aliasing, a 0.75 scale), then the
  // same at the dynamic resolution's floor, and with full shading.
  const render::SceneSettings software =
      app::ChooseSceneSettings(app::AppOptions{}, "llvmpipe", /*headless_window=*/false);
  configs.push_back({"software_default", 12, software});
  render::SceneSettings software_floor = software;
  software_floor.render_scale = 0.5f * software.render_scale;
  configs.push_back({"software_default_scale0.375", 12, software_floor});
  render::SceneSettings software_full = software;
  software_full.fast_shading = false;
  configs.push_back({"software_full_shading", 12, software_full});
  // The game's window: the default with the dynamic resolution on (from half
  // the chosen scale to it), the frames timed once it has settled.
  configs.push_back({"software_default_dynamic", 12, software, true});
  // ... with the demo's own knights (the player and its NPCs), all in view.
  const int demo_knights = 1 + static_cast<int>(world.level().npcs.size());
  configs.push_back({"software_default_dynamic_demo_cast", demo_knights, software, true});
  // Where a software frame's time goes: the software default with one more
  // thing taken away on each row (with FXAA, then without it, shadows, the
  // background layers, most of the pixels, the knights).
  render::SceneSettings less = software;
  less.anti_aliasing = render::AntiAliasing::kFxaa;
  configs.push_back({"software_less_0_with_fxaa", 12, less});
  less.anti_aliasing = render::AntiAliasing::kOff;
  less.shadows = false;
  configs.push_back({"software_less_1_shadows", 12, less});
  less.background = false;
  configs.push_back({"software_less_2_background", 12, less});
  less.render_scale = 0.25f;
  configs.push_back({"software_less_3_scale0.25", 12, less});
  configs.push_back({"software_less_4_knights", 0, less});
  if (const char* only = std::getenv("KNIGHTS_BENCH_ONLY")) {
    std::erase_if(configs, [&](const Config& c) { return c.label.find(only) == std::string::npos; });
  }

  std::vector<Result> results;
  core::DebugLines no_lines;
  std::vector<render::KnightInstance> instances;
  for (const Config& config : configs) {
    // Knights in a grid over the visible strip: 8 per row along x, rows in z.
    instances.clear();
    for (int i = 0; i < config.knights; ++i) {
      const float x = cam_x - 6.0f + 12.0f * static_cast<float>(i % 8) / 7.0f + 0.37f * static_cast<float>(i / 8 % 3);
      const float z = 1.5f - 3.0f * static_cast<float>(i / 8) / std::max(1.0f, std::ceil(config.knights / 8.0f));
      const float y = world.GroundHeightOr(x, z);
      const glm::mat4 placement =
          glm::rotate(glm::translate(glm::mat4(1.0f), glm::vec3(x, y, z)), glm::radians(90.0f), glm::vec3(0, 1, 0));
      render::KnightInstance k;
      k.model_to_world = k.previous_model_to_world = placement;
      k.look = i % 3;
      instances.push_back(k);
    }
    render::SceneSettings settings = config.settings;
    render::DynamicResolutionSettings dynamic_settings;
    dynamic_settings.max_scale = settings.render_scale;
    dynamic_settings.min_scale = 0.5f * settings.render_scale;
    render::DynamicResolution dynamic(dynamic_settings);
    // Settling: three of its decisions (it starts at the top and scales down
    // at once by what the median asks).
    const int row_warmup = config.dynamic ? std::max(warmup, 3 * dynamic_settings.window_frames) : warmup;
    std::vector<double> times_ms, cpu_ms;
    for (int f = 0; f < row_warmup + frames; ++f) {
      if (config.dynamic) settings.render_scale = dynamic.scale();
      for (size_t i = 0; i < instances.size(); ++i) {
        const auto& p = palettes[(f + i * 5) % kPhases];
        instances[i].palette_ms = p;
        instances[i].previous_palette_ms = p;
      }
      const double c0 = ProcessCpuMs();
      const auto t0 = std::chrono::steady_clock::now();
      scene->Draw(view, instances, 1.0f, no_lines, settings);
      glFinish();
      const auto t1 = std::chrono::steady_clock::now();
      const double c1 = ProcessCpuMs();
      (*window)->SwapBuffers();
      if (config.dynamic)
        dynamic.AddFrame(static_cast<float>(std::chrono::duration<double, std::milli>(t1 - t0).count()));
      if (f >= row_warmup) {
        times_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        cpu_ms.push_back(c1 - c0);
      }
    }
    Result r{config.label,
             config.knights,
             config.settings.shadows,
             Percentile(times_ms, 0.5),
             Percentile(times_ms, 0.95),
             Percentile(cpu_ms, 0.5)};
    std::printf("%-28s %8d %8s %10.2f %10.2f %8.1f %12.2f", r.label.c_str(), r.knights, r.shadows ? "on" : "off",
                r.median_ms, r.p95_ms, 1000.0 / r.median_ms, r.cpu_median_ms);
    if (config.dynamic) std::printf("   (settled at render scale %.2f)", settings.render_scale);
    std::printf("\n");
    std::fflush(stdout);
    results.push_back(r);
  }
  if (!json_path.empty()) {
    std::ofstream out(json_path);
    out << "{\n  \"renderer\": \"" << (*window)->gl_renderer() << "\",\n  \"width\": " << kWidth
        << ",\n  \"height\": " << kHeight << ",\n  \"frames\": " << frames << ",\n  \"results\": [\n";
    for (size_t i = 0; i < results.size(); ++i) {
      const Result& r = results[i];
      out << "    {\"config\": \"" << r.label << "\", \"knights\": " << r.knights
          << ", \"shadows\": " << (r.shadows ? "true" : "false") << ", \"median_ms\": " << r.median_ms
          << ", \"p95_ms\": " << r.p95_ms << ", \"fps\": " << 1000.0 / r.median_ms
          << ", \"cpu_median_ms\": " << r.cpu_median_ms << "}" << (i + 1 < results.size() ? "," : "") << "\n";
    }
    out << "  ]\n}\n";
  }
  return 0;
}
