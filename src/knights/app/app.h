#pragma once
// The game as a program, in raylib's example shape:
//
//   int main(int argc, char** argv) {
//     knights::app::App app;
//     if (const std::optional<int> exit_code = app.Init(argc, argv)) return *exit_code;
//     while (app.Frame()) {}
//     return app.Shutdown();
//   }
//
//   Init      options; assets on a worker while the window opens and the
//             shaders compile; settings, rendering quality, the session
//   Frame     input -> fixed-step game update -> draw (scene, overlay,
//             menus) -> screenshot -> present
//   Shutdown  settings saved; the GL side released; the kept screenshot
//             encoded and the metrics written

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "knights/app/loaded_assets.h"
#include "knights/app/run_report.h"
#include "knights/core/debug_lines.h"
#include "knights/core/fixed_step_clock.h"
#include "knights/core/input_state.h"
#include "knights/audio/audio_mixer.h"
#include "knights/app/app_options.h"
#include "knights/game/session/campaign.h"
#include "knights/game/session/game_session.h"
#include "knights/game/session/settings.h"
#include "knights/platform/input_mapper.h"
#include "knights/platform/stop_signal.h"
#include "knights/platform/window.h"
#include "knights/render/dynamic_resolution.h"
#include "knights/render/scene_renderer.h"
#include "knights/ui/debug_overlay.h"
#include "knights/ui/game_menus.h"
#include "knights/ui/imgui_layer.h"

namespace knights::app {

inline constexpr int kExitBadInput = 2;  // a bad option, file or setting (one line on stderr)
inline constexpr int kExitNoGl = 3;      // no OpenGL 3.3 context

// A headless run given no --frames stops at the goal or after this many
// sim steps (10 minutes of game time at 60 steps a second): the autopilot
// finishes every shipped level in under 2 minutes.
inline constexpr int kHeadlessStepCap = 36000;

class App {
 public:
  // Empty while the game runs; else the exit code (0 after --help, 2 or 3
  // after the one-line error).
  std::optional<int> Init(int argc, char** argv);
  // One frame; false when the game ends (quit, the last --frames frame, or a
  // screenshot that cannot be written).
  bool Frame();
  // The exit code.
  int Shutdown();

 private:
  std::optional<int> OpenWindowAndLoad();
  void InitRendering();
  void InitSession();
  // The title's levels (knights/asset/level_list.h) and the one to start on, from
  // the settings (a level reached) or the first for --campaign; before the
  // assets load. An exit code when --campaign has no list to play.
  std::optional<int> ChooseStartLevel();
  // The title's level `step` places on among the levels reached.
  void SwitchLevel(int step);
  // Level `index` of the title's list (App::title_levels_): loaded, then the
  // world, its collision, the static geometry, the moving scenery and the
  // session rebuilt; a level that does not load leaves one line in the log,
  // a notice, and the old one playing (false).
  bool LoadTitleLevel(int index);
  // New Game, the title's level played, or the run's next level
  // (ui::GameMenus::RunRequest): loaded where needed, the run begun or
  // moved on, and play started.
  void BeginRun(ui::GameMenus::RunRequest request);
  // Headless --campaign: at each goal the next level starts at once, and
  // after the last the credits roll. False when a level did not load.
  bool AdvanceUnattendedCampaign();
  // Headless --campaign's end: the credits have rolled and held.
  bool CreditsOver() const;
  // The title's level row: shown when more than one level is reached.
  void OfferLevelsReached();
  void UseLevel(PreparedLevel level);
  int AdvanceSim(double real_elapsed_s);
  void DrawScene(int width_px, int height_px);
  void PlaceScenery();
  void PlaySounds();
  void WaitForFpsCap(uint64_t frame_start_counter) const;
  void WaitForAudioClock();
  void DrawUi(int width_px, int height_px, bool last_frame, double real_elapsed_s);
  std::span<const anim::Clip> InspectedKnightClips() const;
  bool TakeScreenshot(int width_px, int height_px, bool last_frame);
  // At the goal: the best time and gems, the run's result, the level
  // completed, and what the complete panel offers next.
  void NoteGoal();
  void RecordRunResult();
  void SaveSettings();

  std::chrono::steady_clock::time_point start_;  // start-up is measured to the first frame on screen
  app::AppOptions options_;
  // --headless, or no display (decided once): the offscreen driver, quick
  // shader compiles, the autopilot, one sim step a frame, only the looked-at
  // frame drawn, and no user settings read or written.
  bool headless_ = false;
  std::string settings_path_;  // empty: none read or written
  // The settings file could not be read as a whole: kept as it is, never
  // saved over (asset::LoadedSettings::keep_file).
  bool keep_settings_file_ = false;
  game::Settings settings_;
  std::optional<LoadedAssets> assets_;
  std::unique_ptr<platform::Window> window_;
  std::optional<render::SceneRenderer> scene_;  // released before the kept screenshot is encoded
  std::optional<ui::ImGuiLayer> imgui_;
  ui::DebugOverlayState overlay_;
  ui::GameMenus menus_;
  render::SceneSettings scene_settings_;
  std::optional<render::DynamicResolution> dynamic_resolution_;  // ChoosesDynamicResolution
  std::unique_ptr<game::GameSession> session_;
  std::unique_ptr<audio::AudioMixer> mixer_;  // silent when headless or without a device
  platform::InputMapper input_mapper_;
  core::InputState input_;
  core::FixedStepClock clock_;
  // A headless run with sound: the sim steps taken in all and the audio
  // clock's reading when the first was taken (< 0: not yet, or not followed).
  long long steps_advanced_ = 0;
  double audio_clock_origin_s_ = -1.0;
  bool follows_audio_clock_ = false;
  uint64_t last_counter_ = 0;  // SDL performance counter at the last frame
  bool first_frame_shown_ = false;
  bool best_time_noted_ = false;  // this goal was noted (NoteGoal)
  core::DebugLines frame_lines_;
  std::vector<render::KnightInstance> instances_;
  // The moving scenery's pieces (flags, portcullis), their eased flag
  // states and placements: sized at load, refilled each frame.
  std::vector<render::SceneryPiece> scenery_pieces_;
  std::vector<float> eased_flags_;
  std::vector<render::ChunkPlacement> scenery_placements_;
  // The title's levels, file names in kLevelsDir, and the one playing
  // (-1: one not in the list, --level).
  std::vector<std::string> title_levels_;
  int title_level_ = -1;
  // The play-through of the title's levels under way (New Game, a level
  // chosen on the title, --campaign), for the complete panel and credits.
  game::Campaign campaign_;
  bool saved_level_chosen_ = false;  // the starting level came from the settings, not the options
  RunReport report_;
  int exit_code_ = 0;
  // Headless with no --frames: the run ends at the goal, or after
  // kHeadlessStepCap steps without it.
  bool run_to_goal_ = false;
  int stop_exit_code_ = 0;  // 128 + the SIGINT or SIGTERM that ended the run, else 0
};

}  // namespace knights::app
