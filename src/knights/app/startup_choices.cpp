#include "knights/app/startup_choices.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "knights/asset/settings_file.h"
#include "knights/core/file_io.h"
#include "knights/render/graphics_choices.h"

namespace knights::app {

namespace {

// The folder of the running executable ("" when the system does not say):
// symbolic links resolved, so a link to an installed game finds its data.
std::filesystem::path ExecutableDir() {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::path() : exe.parent_path();
}

}  // namespace

std::string DataDirFor(std::string_view env_data_dir, const std::filesystem::path& exe_dir) {
  if (!env_data_dir.empty()) return std::string(env_data_dir);
  if (!exe_dir.empty()) {
    const std::filesystem::path installed = (exe_dir / KNIGHTS_DATA_FROM_BINDIR).lexically_normal();
    std::error_code error;
    if (std::filesystem::is_directory(installed, error)) return installed.string();
  }
  if (std::filesystem::exists("shaders/sky.vert")) return ".";
  return KNIGHTS_SOURCE_DIR;
}

void ChooseDataDir() {
  const char* env = std::getenv("KNIGHTS_DATA_DIR");
  core::SetDataDir(DataDirFor(env != nullptr ? env : "", ExecutableDir()));
}

std::string SettingsPathFor(const app::AppOptions& options, bool headless_run) {
  if (!options.config_path.empty()) return options.config_path;
  return headless_run ? std::string() : asset::DefaultSettingsPath();
}

game::Settings MergeSettings(const game::Settings& loaded, const app::AppOptions& options, bool no_settings_file) {
  game::Settings settings = loaded;
  if (options.size_given || no_settings_file) {
    settings.window_width = options.width;
    settings.window_height = options.height;
  }
  if (options.vsync_given || no_settings_file) settings.vsync = options.vsync;
  if (options.ik_given || no_settings_file) settings.ik.master = options.ik;
  return settings;
}

namespace {

bool IsSoftwareRasteriser(std::string_view gl_renderer) {
  return gl_renderer.find("llvmpipe") != std::string_view::npos ||
         gl_renderer.find("softpipe") != std::string_view::npos;
}

}  // namespace

// A software rasteriser's shadow map: a quarter of the texels of the
// default 2048, so its depth pass costs a quarter (the whole map is
// rasterised every frame, on the CPU).
constexpr int kSoftwareShadowMapPx = 1024;

render::SceneSettings ChooseSceneSettings(const app::AppOptions& options, std::string_view gl_renderer,
                                          bool headless_window, const game::GraphicsChoices& saved) {
  render::SceneSettings scene;
  if (IsSoftwareRasteriser(gl_renderer) && !headless_window) {
    // No anti-aliasing: FXAA runs at the window's size and tone maps nine
    // taps a pixel, a quarter of a frame on llvmpipe; the upscale from the
    // render scale softens the edges instead.
    scene.anti_aliasing = render::AntiAliasing::kOff;
    scene.render_scale = 0.75f;
    scene.fast_shading = true;
    scene.shadow_map_size_px = kSoftwareShadowMapPx;
  }
  render::ApplyGraphicsChoices(saved, scene);
  if (!options.shading.empty()) scene.fast_shading = options.shading == "fast";
  if (!options.shadows.empty()) scene.shadows = options.shadows == "on";
  if (options.anti_aliasing == "msaa") scene.anti_aliasing = render::AntiAliasing::kMsaa;
  if (options.anti_aliasing == "fxaa") scene.anti_aliasing = render::AntiAliasing::kFxaa;
  if (options.anti_aliasing == "off") scene.anti_aliasing = render::AntiAliasing::kOff;
  if (options.render_scale > 0.0f) scene.render_scale = options.render_scale;
  return scene;
}

bool ChoosesDynamicResolution(const app::AppOptions& options, std::string_view gl_renderer, bool headless_window) {
  if (!options.dynamic_resolution.empty()) return options.dynamic_resolution == "on";
  return IsSoftwareRasteriser(gl_renderer) && !headless_window;
}

void ChooseSavedCast(game::GameSession& session, const game::Settings& settings) {
  auto index_of = [&](const std::string& name, int otherwise) {
    for (size_t i = 0; i < session.cast().size(); ++i) {
      if (!name.empty() && session.cast()[i].name == name) return static_cast<int>(i);
    }
    return otherwise;
  };
  session.ChooseCast(index_of(settings.hero, session.player_cast()), index_of(settings.patrols, session.npc_cast()));
}

int ChooseTitleLevel(std::span<const std::string> levels, const std::string& saved, const std::string& default_path) {
  if (levels.empty()) return -1;
  const std::string default_name = std::filesystem::path(default_path).filename().string();
  for (const std::string& wanted : {saved, default_name}) {
    for (size_t i = 0; i < levels.size(); ++i) {
      if (!wanted.empty() && levels[i] == wanted) return static_cast<int>(i);
    }
  }
  return 0;
}

bool ShowsTitleScreen(const app::AppOptions& options, bool headless_window) {
  if (options.menu == "title" || options.menu == "options") return true;
  return !(options.autoplay || options.level_given || options.campaign || headless_window);
}

namespace {

// The look (1 + variant index; 0: the character's own mesh) of the NPCs a
// level calls `name` ("red", "green"): the variant of that name, else the
// `fallback`-th variant in file order, else the last, else the own mesh.
int VariantLook(const character::CharacterDesc& character, const char* name, int fallback) {
  const auto& variants = character.variants;
  for (size_t i = 0; i < variants.size(); ++i) {
    if (variants[i].first == name) return static_cast<int>(i) + 1;
  }
  return std::min(fallback, static_cast<int>(variants.size()) - 1) + 1;
}

}  // namespace

game::SessionDesc MakeSessionDesc(const LoadedAssets& assets, const app::AppOptions& options, bool headless_window) {
  game::SessionDesc desc;
  desc.world = assets.world.get();
  int first_look = 0;  // CharacterLooks' order
  for (const LoadedCharacter& c : assets.characters) {
    game::CastMember member;
    member.name = c.character.name;
    member.skeleton = &c.model.skeleton;
    for (int role = 0; role < character::kClipRoleCount; ++role) {
      const int index = c.roles.clip[role];  // -1: a fight role not mapped
      member.clips[role] = index >= 0 ? &c.model.clips[index] : nullptr;
    }
    member.sources = c.roles.source;
    member.rig = &c.rig;
    const int variants = static_cast<int>(c.variant_models.size());
    member.look = first_look;
    member.look_red = first_look + VariantLook(c.character, "red", 0);
    member.look_green = first_look + VariantLook(c.character, "green", 1);
    first_look += 1 + variants;
    desc.cast.push_back(member);
  }
  desc.player_cast = 0;
  desc.npc_cast = assets.npc_character;
  // Headless runs have no player at the keyboard: the autopilot plays.
  desc.autoplay = options.autoplay || headless_window;
  desc.skip_title = !ShowsTitleScreen(options, headless_window);
  desc.seed = options.seed;
  desc.soak = options.soak;
  return desc;
}

}  // namespace knights::app
