// knights/app/startup_choices.h: which settings win over which, how well a machine
// renders, and where settings are kept, as plain functions of their inputs.

#include "knights/app/startup_choices.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace knights::app {
namespace {

game::Settings SavedSettings() {
  game::Settings saved;
  saved.window_width = 1920;
  saved.window_height = 1080;
  saved.vsync = false;
  saved.ik.master = false;
  return saved;
}

// A saved setting stands unless the command line names it.
TEST(StartupChoices, TheCommandLineOverridesOnlyWhatItNames) {
  app::AppOptions options;  // defaults: 1280x720, vsync on, IK on, nothing given
  game::Settings merged = MergeSettings(SavedSettings(), options, /*no_settings_file=*/false);
  EXPECT_EQ(merged.window_width, 1920);
  EXPECT_FALSE(merged.vsync);
  EXPECT_FALSE(merged.ik.master);
  options.size_given = options.ik_given = true;
  options.width = 800;
  options.height = 600;
  merged = MergeSettings(SavedSettings(), options, false);
  EXPECT_EQ(merged.window_width, 800);
  EXPECT_EQ(merged.window_height, 600);
  EXPECT_TRUE(merged.ik.master);
  EXPECT_FALSE(merged.vsync);  // not named: the saved value
}

// Without a settings file the options' values are the settings.
TEST(StartupChoices, WithoutASettingsFileTheOptionsAreTheSettings) {
  const app::AppOptions options;
  const game::Settings merged = MergeSettings(SavedSettings(), options, /*no_settings_file=*/true);
  EXPECT_EQ(merged.window_width, options.width);
  EXPECT_EQ(merged.window_height, options.height);
  EXPECT_EQ(merged.vsync, options.vsync);
  EXPECT_EQ(merged.ik.master, options.ik);
}

// A software rasteriser in a window renders lighter; headless, or on a GPU,
// at full quality; the options win over both.
TEST(StartupChoices, SceneQualityFollowsTheRasteriserAndTheOptions) {
  const app::AppOptions defaults;
  const render::SceneSettings full;
  const render::SceneSettings gpu = ChooseSceneSettings(defaults, "NVIDIA GeForce", /*headless_window=*/false);
  EXPECT_EQ(gpu.anti_aliasing, full.anti_aliasing);
  EXPECT_EQ(gpu.render_scale, full.render_scale);
  EXPECT_FALSE(gpu.fast_shading);
  EXPECT_EQ(gpu.shadow_map_size_px, full.shadow_map_size_px);
  const render::SceneSettings soft = ChooseSceneSettings(defaults, "llvmpipe (LLVM 15.0.6, 256 bits)", false);
  EXPECT_EQ(soft.anti_aliasing, render::AntiAliasing::kOff);
  EXPECT_EQ(soft.render_scale, 0.75f);
  EXPECT_TRUE(soft.fast_shading);
  EXPECT_EQ(soft.shadow_map_size_px, 1024);
  const render::SceneSettings soft_headless = ChooseSceneSettings(defaults, "llvmpipe", true);
  EXPECT_EQ(soft_headless.render_scale, full.render_scale);
  EXPECT_FALSE(soft_headless.fast_shading);
  app::AppOptions options;
  options.anti_aliasing = "off";
  options.shadows = "off";
  options.render_scale = 1.5f;
  options.shading = "full";
  const render::SceneSettings chosen = ChooseSceneSettings(options, "softpipe", false);
  EXPECT_EQ(chosen.anti_aliasing, render::AntiAliasing::kOff);
  EXPECT_FALSE(chosen.shadows);
  EXPECT_EQ(chosen.render_scale, 1.5f);
  EXPECT_FALSE(chosen.fast_shading);
  options.shading = "fast";
  EXPECT_TRUE(ChooseSceneSettings(options, "NVIDIA GeForce", false).fast_shading);
}

// What the player chose in Options replaces the machine's default, only
// where a choice was made (llvmpipe keeps its lighter render scale when
// only anti-aliasing was chosen); the command line still wins.
TEST(StartupChoices, SavedGraphicsChoicesOverrideOnlyWhatWasChosen) {
  const app::AppOptions defaults;
  game::GraphicsChoices saved;
  saved.anti_aliasing = game::AntiAliasingChoice::kFxaa;
  const render::SceneSettings soft = ChooseSceneSettings(defaults, "llvmpipe (LLVM 15.0.6)", false, saved);
  EXPECT_EQ(soft.anti_aliasing, render::AntiAliasing::kFxaa);
  EXPECT_EQ(soft.render_scale, 0.75f) << "not chosen: the software default";
  EXPECT_TRUE(soft.shadows);
  saved.shadows = false;
  saved.render_scale = 1.25f;
  const render::SceneSettings gpu = ChooseSceneSettings(defaults, "NVIDIA GeForce", false, saved);
  EXPECT_EQ(gpu.anti_aliasing, render::AntiAliasing::kFxaa);
  EXPECT_FALSE(gpu.shadows);
  EXPECT_EQ(gpu.render_scale, 1.25f);
  EXPECT_EQ(ChooseSceneSettings(defaults, "NVIDIA GeForce", false, {}).anti_aliasing, render::AntiAliasing::kMsaa);
  app::AppOptions options;
  options.anti_aliasing = "msaa";
  options.render_scale = 0.5f;
  const render::SceneSettings flagged = ChooseSceneSettings(options, "NVIDIA GeForce", false, saved);
  EXPECT_EQ(flagged.anti_aliasing, render::AntiAliasing::kMsaa);
  EXPECT_EQ(flagged.render_scale, 0.5f);
  EXPECT_FALSE(flagged.shadows) << "no --shadows: the saved choice";
}

// The render scale follows the frame time on a software rasteriser in a
// window, unless told; never by itself on a GPU or headless.
TEST(StartupChoices, DynamicResolutionOnASoftwareRasteriserInAWindow) {
  app::AppOptions defaults;
  EXPECT_TRUE(ChoosesDynamicResolution(defaults, "llvmpipe (LLVM 15.0.6, 256 bits)", /*headless_window=*/false));
  EXPECT_FALSE(ChoosesDynamicResolution(defaults, "llvmpipe (LLVM 15.0.6, 256 bits)", /*headless_window=*/true));
  EXPECT_FALSE(ChoosesDynamicResolution(defaults, "NVIDIA GeForce", false));
  app::AppOptions on, off;
  on.dynamic_resolution = "on";
  off.dynamic_resolution = "off";
  EXPECT_TRUE(ChoosesDynamicResolution(on, "NVIDIA GeForce", true));
  EXPECT_FALSE(ChoosesDynamicResolution(off, "softpipe", false));
}

// --config names the file; otherwise a headless run keeps none and a
// windowed run the user's.
TEST(StartupChoices, HeadlessRunsKeepNoSettingsUnlessToldWhere) {
  app::AppOptions options;
  EXPECT_EQ(SettingsPathFor(options, /*headless_run=*/true), "");
  EXPECT_NE(SettingsPathFor(options, /*headless_run=*/false), "");
  options.config_path = "my_settings.json";
  EXPECT_EQ(SettingsPathFor(options, true), "my_settings.json");
  EXPECT_EQ(SettingsPathFor(options, false), "my_settings.json");
}

// The title starts on the level saved in the settings when the list has
// it, else on the options' level, else on the list's first.
TEST(StartupChoices, TheTitleStartsOnTheSavedLevelIfListed) {
  const std::vector<std::string> levels = {"demo.json", "castle.json"};
  EXPECT_EQ(ChooseTitleLevel(levels, "castle.json", "assets/levels/demo.json"), 1);
  EXPECT_EQ(ChooseTitleLevel(levels, "", "assets/levels/demo.json"), 0);
  EXPECT_EQ(ChooseTitleLevel(levels, "gone.json", "assets/levels/castle.json"), 1);
  EXPECT_EQ(ChooseTitleLevel(levels, "gone.json", "/somewhere/else.json"), 0);
  EXPECT_EQ(ChooseTitleLevel({}, "castle.json", "assets/levels/demo.json"), -1);
}

}  // namespace
}  // namespace knights::app
