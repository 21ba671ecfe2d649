#pragma once
// The decisions App::Init makes from the command line, the saved settings
// and the machine, each a plain function of its inputs (unit-tested in
// tests/app_layer): where the data lives, which settings win, how well to
// render, and what the game session starts with.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include "knights/app/loaded_assets.h"
#include "knights/app/app_options.h"
#include "knights/game/session/game_session.h"
#include "knights/game/session/settings.h"
#include "knights/render/scene_renderer.h"

namespace knights::app {

// Where shaders/ and assets/ are, the first of: `env_data_dir`
// (KNIGHTS_DATA_DIR) when not empty; the installed layout beside the
// executable in `exe_dir`, ../share/knights (cmake --install, the .deb),
// when that folder exists (an install missing a file then names the file
// there, not in some build's source tree); the working directory when it is
// the repository; else the source tree the binary was built from.
std::string DataDirFor(std::string_view env_data_dir, const std::filesystem::path& exe_dir);

// Sets core::SetDataDir to DataDirFor(KNIGHTS_DATA_DIR, the folder of the
// running executable).
void ChooseDataDir();

// The settings file to read and write: --config, else none for a headless
// run (tests and CI never touch the user's settings), else the user's.
std::string SettingsPathFor(const app::AppOptions& options, bool headless_run);

// The loaded settings with the command line on top: the window size, vsync
// and the IK switch from the options when given, or always when there is no
// settings file (the options' defaults are then the settings).
game::Settings MergeSettings(const game::Settings& loaded, const app::AppOptions& options, bool no_settings_file);

// Rendering quality: full, lighter on a software rasteriser (Mesa llvmpipe
// or softpipe, named by gl_renderer) when playing in a window (headless
// runs draw single frames and keep full quality); what the player chose
// in Options (`saved`; a choice not made keeps that default) overrides it,
// and the command line overrides both.
render::SceneSettings ChooseSceneSettings(const app::AppOptions& options, std::string_view gl_renderer,
                                          bool headless_window, const game::GraphicsChoices& saved = {});

// Whether the render scale follows the frame time (render::DynamicResolution):
// --dynamic-resolution, else on a software rasteriser in a window (a
// headless run draws single frames: nothing to hold).
bool ChoosesDynamicResolution(const app::AppOptions& options, std::string_view gl_renderer, bool headless_window);

// The Hero and Patrols saved in the settings, on the title screen, where
// the session has characters of those names (each name on its own).
void ChooseSavedCast(game::GameSession& session, const game::Settings& settings);

// The list of levels the title screen offers (knights/asset/level_list.h) and the
// folder its names are files of, data paths.
inline constexpr const char* kTitleLevelsPath = "assets/levels/title_levels.txt";
inline constexpr const char* kLevelsDir = "assets/levels/";

// The level the title starts on: the index in `levels` of the one saved in
// the settings (`saved`, a file name), else of `default_path`'s file name
// (the options' level), else 0; -1 when `levels` is empty.
int ChooseTitleLevel(std::span<const std::string> levels, const std::string& saved, const std::string& default_path);

// Whether the game opens on the title screen: a person at a window who
// did not ask to start at once (--level, --autoplay, --campaign).
bool ShowsTitleScreen(const app::AppOptions& options, bool headless_window);

// The session over the loaded assets: each character's clips by role and
// its looks (CharacterLooks' order), the NPCs' character; headless runs are
// played by the autopilot and skip the title.
game::SessionDesc MakeSessionDesc(const LoadedAssets& assets, const app::AppOptions& options, bool headless_window);

}  // namespace knights::app
