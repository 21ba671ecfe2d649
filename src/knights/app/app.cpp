#include "knights/app/app.h"

#include <SDL.h>

#include <algorithm>
#include <cstdio>
#include <future>
#include <string_view>

#include "knights/app/character_inspection.h"
#include "knights/app/output_guard.h"
#include "knights/app/startup_choices.h"
#include "knights/app/version.h"
#include "knights/asset/level_list.h"
#include "knights/asset/settings_file.h"
#include "knights/core/file_io.h"
#include "knights/core/log.h"
#include "knights/core/one_line.h"
#include "knights/core/process_memory.h"
#include "knights/render/frame_view.h"
#include "knights/render/gpu_skinned_mesh.h"

namespace knights::app {
namespace {

// The glow a knight hit by a blow flashes, added to its lit colour at the
// flash's start (linear RGB): a hot white-red that reads on any armour.
const glm::vec3 kHitFlashTint(0.62f, 0.26f, 0.18f);

int Fail(const core::Status& status, int code) {
  core::PrintError(status.message());
  return code;
}

double SecondsBetween(uint64_t from, uint64_t to) { return double(to - from) / double(SDL_GetPerformanceFrequency()); }

// --campaign's line for a level reached: "level 1/2 Name: goal in 1:32.50,
// gems 5/7, gold medal".
std::string CampaignLevelLine(const game::LevelResult& result, int index, int count) {
  std::string line = "level " + std::to_string(index + 1) + "/" + std::to_string(count) + " " + result.name +
                     ": goal in " + game::RunTimeText(result.time_s) + ", gems " + std::to_string(result.gems_taken) +
                     "/" + std::to_string(result.gems_total);
  if (result.medal != game::Medal::kNone) line += std::string(", ") + game::ToString(result.medal) + " medal";
  return line;
}

// --campaign's last line, after the credits.
std::string CampaignTotalLine(const game::Campaign& campaign) {
  std::string line = "campaign: " + std::to_string(campaign.results().size()) + " levels in " +
                     game::RunTimeText(campaign.TotalTimeS()) + ", gems " + std::to_string(campaign.GemsTaken()) + "/" +
                     std::to_string(campaign.GemsTotal()) + ", medals";
  for (game::Medal medal : {game::Medal::kGold, game::Medal::kSilver, game::Medal::kBronze}) {
    line += std::string(" ") + game::ToString(medal) + " " + std::to_string(campaign.MedalCount(medal));
  }
  return line + "; the credits rolled";
}

}  // namespace

std::optional<int> App::Init(int argc, char** argv) {
  start_ = std::chrono::steady_clock::now();
  platform::InstallStopSignals();
  std::vector<std::string_view> args(argv + 1, argv + argc);
  const app::ParseResult parsed = app::ParseAppOptions(args);
  if (!parsed.ok()) {
    core::PrintError(parsed.error);
    std::fprintf(stderr, "%s\n", app::UsageLine().c_str());
    return kExitBadInput;
  }
  options_ = parsed.options;
  if (options_.show_help) {
    std::printf("%s\n%s\n", app::HelpText().c_str(), VersionLine().c_str());
    return 0;
  }
  if (options_.show_version) {
    std::printf("%s\n", VersionLine().c_str());
    return 0;
  }
  ChooseDataDir();
  if (!options_.inspect_character_path.empty()) return InspectCharacter(options_.inspect_character_path);
  if (const std::optional<int> failed = OpenWindowAndLoad()) return failed;
  InitRendering();
  InitSession();
  platform::SetStopEndsProcess(false);  // from here the frame loop ends the run
  return std::nullopt;
}

// Assets load on a worker while this thread reads the settings, opens the
// window and compiles the shader programs (neither needs the other; two
// cores overlap them). A bad file still wins over any later error: it is
// reported first, as when the assets loaded before the window opened.
std::optional<int> App::OpenWindowAndLoad() {
  headless_ = options_.headless || platform::NoDisplayAvailable();
  if (headless_ && options_.max_frames == 0) {
    options_.max_frames = kHeadlessStepCap;
    run_to_goal_ = true;
    KNIGHTS_LOG_INFO("HEADLESS", "no --frames: runs to the goal, or %d steps at most", kHeadlessStepCap);
  }
  // The settings first (a small file): they say which level the title
  // starts on.
  settings_path_ = SettingsPathFor(options_, headless_);
  asset::LoadedSettings loaded = asset::LoadSettingsFile(settings_path_);
  if (!loaded.warning.empty()) KNIGHTS_LOG_WARN("SETTINGS", "%s", loaded.warning.c_str());
  for (const std::string& temp : loaded.removed_temps) {
    KNIGHTS_LOG_WARN("SETTINGS", "%s: removed (left by a save that was cut off)", temp.c_str());
  }
  settings_ = MergeSettings(loaded.settings, options_, settings_path_.empty());
  keep_settings_file_ = loaded.keep_file;
  const app::AppOptions default_level_options = options_;
  if (const std::optional<int> failed = ChooseStartLevel()) return failed;
  std::future<core::Expected<LoadedAssets>> assets_future =
      std::async(std::launch::async, [this] { return LoadAssets(options_, ShowsTitleScreen(options_, headless_)); });

  platform::WindowDesc window_desc;
  window_desc.width = settings_.window_width;
  window_desc.height = settings_.window_height;
  window_desc.headless = headless_;
  window_desc.vsync = settings_.vsync;
  window_desc.start_hidden = true;  // shown once the assets have loaded
  // A headless run draws a handful of frames: on a software rasteriser,
  // compiling the shaders fully optimised costs more than it saves.
  window_desc.quick_shader_compile = headless_;
  platform::WindowError window_error = platform::WindowError::kNone;
  auto window_or = platform::Window::Create(window_desc, &window_error);
  if (!window_or) {
    if (auto assets = assets_future.get(); !assets) return Fail(assets.status(), kExitBadInput);
    return Fail(window_or.status(), window_error == platform::WindowError::kNoGl ? kExitNoGl : kExitBadInput);
  }
  window_ = std::move(*window_or);
  auto scene_or = render::SceneRenderer::Create();
  auto assets_or = assets_future.get();
  if (!assets_or && saved_level_chosen_) {
    // The level saved from the title is broken: the title opens on the default one.
    KNIGHTS_LOG_WARN("LEVEL", "%s (opening %s instead)", assets_or.status().message().c_str(),
                     default_level_options.level_path.c_str());
    options_.level_path = default_level_options.level_path;
    title_level_ = ChooseTitleLevel(title_levels_, "", options_.level_path);
    settings_.level.clear();
    assets_or = LoadAssets(options_, ShowsTitleScreen(options_, headless_));
  }
  if (!assets_or) return Fail(assets_or.status(), kExitBadInput);
  if (!scene_or) return Fail(scene_or.status(), kExitBadInput);
  // Before the run, not at its end: the outputs are written at shutdown.
  const std::vector<RunInput> inputs = RunInputs(*assets_or, options_.level_path, settings_path_);
  if (core::Status s = CheckOutputsSpareInputs(options_, inputs); !s.ok()) return Fail(s, kExitBadInput);
  assets_.emplace(std::move(*assets_or));
  scene_.emplace(std::move(*scene_or));
  // The asset caps allow 8192 px a side; this GL may allow less.
  const int max_texture_side_px = render::MaxTextureSidePx();
  for (const anim::SkinnedMesh* look : CharacterLooks(*assets_)) {
    if (core::Status fit = render::CheckTexturesFit(*look, max_texture_side_px); !fit.ok()) {
      return Fail(fit, kExitBadInput);
    }
  }
  return std::nullopt;
}

// The loaded geometry to the GL (and the CPU copies freed), the window
// shown, the UI, and the rendering quality.
void App::InitRendering() {
  scene_->UploadGeometry(assets_->scene_geometry, CharacterLooks(*assets_));
  scenery_pieces_ = assets_->scene_geometry.moving.pieces;
  scenery_placements_.assign(scenery_pieces_.size(), render::ChunkPlacement{});
  eased_flags_.assign(assets_->world->level().checkpoints.size(), 0.0f);
  const bool wants_sound = options_.audio.value_or(!headless_);
  mixer_ = audio::AudioMixer::Open(assets_->sounds, wants_sound);
  if (mixer_->silent() && wants_sound) KNIGHTS_LOG_WARN("AUDIO", "%s: playing silently", mixer_->why_silent().c_str());
  follows_audio_clock_ = headless_ && !options_.realtime && !mixer_->silent();
  assets_->sounds = {};  // the mixer holds its own copies
  FreeUploadedCopies(*assets_);
  window_->Show();
  imgui_.emplace(*window_, std::move(assets_->text_font.bytes), std::move(assets_->display_font.bytes));
  scene_settings_ = ChooseSceneSettings(options_, window_->gl_renderer(), headless_, settings_.graphics);
  overlay_.scene_settings = &scene_settings_;
  if (ChoosesDynamicResolution(options_, window_->gl_renderer(), headless_)) {
    render::DynamicResolutionSettings dynamic;
    dynamic.max_scale = scene_settings_.render_scale;
    dynamic.min_scale = 0.5f * scene_settings_.render_scale;
    dynamic_resolution_.emplace(dynamic);
    KNIGHTS_LOG_INFO("RENDER", "dynamic resolution: render scale %.2f..%.2f for %.0f fps", dynamic.min_scale,
                     dynamic.max_scale, 1000.0f / dynamic.target_frame_ms);
  }
}

std::optional<int> App::ChooseStartLevel() {
  if (!ShowsTitleScreen(options_, headless_) && !options_.campaign) return std::nullopt;
  const auto list_path = core::ReadableDataPath(kTitleLevelsPath);
  auto levels =
      list_path ? asset::LoadLevelList(*list_path) : core::Expected<std::vector<std::string>>(list_path.status());
  if (!levels && options_.campaign) return Fail(levels.status(), kExitBadInput);
  if (!levels) {
    KNIGHTS_LOG_WARN("LEVEL", "%s: the title offers %s only", levels.status().message().c_str(),
                     options_.level_path.c_str());
    return std::nullopt;
  }
  title_levels_ = std::move(*levels);
  campaign_ = game::Campaign(title_levels_);
  // The saved level, when the player has reached it.
  const std::vector<int> reached = game::LevelsReached(title_levels_, settings_.levels_completed);
  const int saved = ChooseTitleLevel(title_levels_, settings_.level, "");
  const bool saved_reached = std::find(reached.begin(), reached.end(), saved) != reached.end();
  title_level_ = options_.campaign
                     ? 0
                     : ChooseTitleLevel(title_levels_, saved_reached ? settings_.level : "", options_.level_path);
  const std::string chosen = std::string(kLevelsDir) + title_levels_[title_level_];
  saved_level_chosen_ = chosen != options_.level_path;
  options_.level_path = chosen;
  return std::nullopt;
}

void App::SwitchLevel(int step) {
  if (title_level_ < 0 || session_->screen() != game::Screen::kTitle) return;
  const std::vector<int> reached = game::LevelsReached(title_levels_, settings_.levels_completed);
  const int count = static_cast<int>(reached.size());
  if (count < 2) return;
  const int at = static_cast<int>(std::find(reached.begin(), reached.end(), title_level_) - reached.begin());
  LoadTitleLevel(reached[((at + step) % count + count) % count]);
}

bool App::LoadTitleLevel(int index) {
  const std::string path = std::string(kLevelsDir) + title_levels_[index];
  const uint64_t start = SDL_GetPerformanceCounter();
  // The load blocks the frame loop (a level file may be slow to read, or
  // never end): the settings are saved first, so that a stop signal
  // meanwhile ends the process at once and loses nothing.
  SaveSettings();
  platform::SetStopEndsProcess(true);
  auto level = PrepareLevel(path);
  platform::SetStopEndsProcess(false);
  if (!level) {
    KNIGHTS_LOG_WARN("LEVEL", "%s (staying on %s)", level.status().message().c_str(),
                     session_->world().level().name.c_str());
    if (options_.campaign) core::PrintError(level.status().message());
    menus_.Notify("That level did not load (the log says why)");
    return false;
  }
  UseLevel(std::move(*level));
  title_level_ = index;
  options_.level_path = path;
  settings_.level = title_levels_[index];
  KNIGHTS_LOG_INFO("LEVEL", "%s: %s, loaded in %.0f ms", path.c_str(), session_->world().level().name.c_str(),
                   1000.0 * SecondsBetween(start, SDL_GetPerformanceCounter()));
  return true;
}

void App::BeginRun(ui::GameMenus::RunRequest request) {
  using Request = ui::GameMenus::RunRequest;
  switch (request) {
    case Request::kNone:
      return;
    case Request::kNewGame:
      if (title_level_ > 0 && !LoadTitleLevel(0)) return;
      campaign_.Begin(title_level_ >= 0 ? 0 : -1);
      break;
    case Request::kPlayLevel:
      campaign_.Begin(title_level_);
      break;
    case Request::kNextLevel:
      if (campaign_.Next() < 0 || !LoadTitleLevel(campaign_.Next())) return;
      campaign_.Advance();
      break;
  }
  session_->Start();
}

bool App::AdvanceUnattendedCampaign() {
  if (session_->screen() != game::Screen::kComplete) return true;
  if (campaign_.Next() < 0) {
    session_->ShowCredits();
    return true;
  }
  const int next = campaign_.Next();
  BeginRun(ui::GameMenus::RunRequest::kNextLevel);
  return campaign_.current() == next;
}

bool App::CreditsOver() const {
  constexpr double kClosingCardHoldS = 1.0;  // the closing card stays this long before the run ends
  return session_->screen() == game::Screen::kCredits &&
         session_->credits_time_s() >= ui::kCreditsRollS + kClosingCardHoldS;
}

void App::OfferLevelsReached() {
  menus_.SetLevelChoice(title_level_ >= 0 && game::LevelsReached(title_levels_, settings_.levels_completed).size() > 1);
}

// The prepared level's geometry to the GL, and a session on its world with
// the same cast (the old session, which points into the
// old world, goes first).
void App::UseLevel(PreparedLevel level) {
  scene_->UploadScene(level.scene_geometry);
  scenery_pieces_ = level.scene_geometry.moving.pieces;
  scenery_placements_.assign(scenery_pieces_.size(), render::ChunkPlacement{});
  const int player_cast = session_->player_cast(), npc_cast = session_->npc_cast();
  session_.reset();
  assets_->world = std::move(level.world);
  level.scene_geometry = {};
  eased_flags_.assign(assets_->world->level().checkpoints.size(), 0.0f);
  session_ = std::make_unique<game::GameSession>(MakeSessionDesc(*assets_, options_, headless_));
  session_->ChooseCast(player_cast, npc_cast);
  instances_.reserve(session_->knights().size());
  best_time_noted_ = false;
  core::ReturnFreedHeapMemory();
}

void App::InitSession() {
  session_ = std::make_unique<game::GameSession>(MakeSessionDesc(*assets_, options_, headless_));
  menus_.SetVolumes(settings_.volumes);
  menus_.SetCampaign(&campaign_);
  OfferLevelsReached();
  if (options_.campaign) campaign_.Begin(0);
  menus_.ConnectOptions({&settings_, &scene_settings_, ChooseSceneSettings(options_, window_->gl_renderer(), headless_),
                         dynamic_resolution_ ? &*dynamic_resolution_ : nullptr, window_.get(), &input_mapper_});
  if (!options_.cast_given) ChooseSavedCast(*session_, settings_);
  if (options_.menu == "options") menus_.OpenOptions();
  if (settings_.fullscreen) window_->ToggleFullscreen();
  for (const std::string& warning :
       {input_mapper_.SetBindings(settings_.keys), input_mapper_.SetPadBindings(settings_.pad)}) {
    if (!warning.empty()) KNIGHTS_LOG_WARN("SETTINGS", "%s: %s", settings_path_.c_str(), warning.c_str());
  }
  instances_.reserve(session_->knights().size());
  last_counter_ = SDL_GetPerformanceCounter();
  report_.NoteLoopStart();
}

bool App::Frame() {
  // 1. Input.
  input_.ClearEdges();
  platform::PollEvents(input_mapper_, input_, &ui::ImGuiLayer::HandleEvent, &*imgui_);
  input_mapper_.UpdateHeld(input_, !imgui_->WantsKeyboard());
  if (input_.quit_requested || session_->quit_requested()) return false;
  if (const int signal_number = platform::StopSignal(); signal_number != 0) {
    stop_exit_code_ = 128 + signal_number;
    KNIGHTS_LOG_INFO("RUN", "stopped by signal %d", signal_number);
    return false;
  }
  if (input_.toggle_overlay_pressed) overlay_.visible = !overlay_.visible;
  if (input_.toggle_fullscreen_pressed) window_->ToggleFullscreen();
  // Away from the window, or the pad unplugged: the game waits in the pause
  // menu (an autopilot run, which nobody plays, goes on).
  if (input_.focus_lost && !options_.autoplay) session_->Pause();
  // Per-pass timings only for the overlay and the metrics file.
  session_->time_passes = overlay_.visible || !options_.metrics_path.empty();

  // 2. Fixed-step update.
  const uint64_t counter = SDL_GetPerformanceCounter();
  const double real_elapsed_s = SecondsBetween(last_counter_, counter);
  last_counter_ = counter;
  WaitForAudioClock();
  steps_advanced_ += AdvanceSim(real_elapsed_s);
  PlaySounds();
  NoteGoal();
  if (options_.campaign && headless_ && !AdvanceUnattendedCampaign()) {
    exit_code_ = kExitBadInput;
    return false;
  }
  const bool at_goal = run_to_goal_ && (options_.campaign ? CreditsOver() : session_->reached_goal());
  const bool last_frame = at_goal || (options_.max_frames > 0 && session_->steps() >= options_.max_frames);
  if (at_goal || (options_.max_frames > 0 && session_->steps() >= options_.max_frames - 1)) report_.NoteEndOfSim();

  if (last_frame && options_.menu == "pause") session_->Pause();

  // 3. Draw. Headless runs draw only the frame that is looked at (the last
  // one, for --screenshot): nobody sees the others, and skipping them lets
  // long autoplay and metrics runs go at sim speed. With --metrics the
  // warm-up frame is drawn too, so the memory measured after warm-up
  // includes the driver's first-draw allocations.
  const bool warm_up_frame = session_->steps() == RunReport::kWarmUpSteps && !options_.metrics_path.empty();
  if (headless_ && !options_.realtime && !last_frame && !warm_up_frame) {
    report_.NoteFrame(/*drawn=*/false);
    return true;
  }
  const uint64_t render_start = SDL_GetPerformanceCounter();
  int width_px = 0, height_px = 0;
  window_->DrawableSize(&width_px, &height_px);
  DrawScene(width_px, height_px);
  DrawUi(width_px, height_px, last_frame, real_elapsed_s);
  if (const int level_step = menus_.TakeLevelStep(); level_step != 0) SwitchLevel(level_step);
  BeginRun(menus_.TakeRunRequest());
  overlay_.render_s = SecondsBetween(render_start, SDL_GetPerformanceCounter());
  if (warm_up_frame) report_.NoteWarmedUp();
  if (!TakeScreenshot(width_px, height_px, last_frame)) {
    exit_code_ = kExitBadInput;
    return false;
  }

  // 4. Present, and the next frame's render scale from this one's time
  // (the sim, the draw and the swap; not the --fps-cap wait).
  window_->SwapBuffers();
  if (dynamic_resolution_) {
    const double frame_ms = 1000.0 * SecondsBetween(counter, SDL_GetPerformanceCounter());
    scene_settings_.render_scale = dynamic_resolution_->AddFrame(static_cast<float>(frame_ms));
  }
  if (!first_frame_shown_) {
    first_frame_shown_ = true;
    KNIGHTS_LOG_INFO("FRAME", "first frame on screen %.2f s after start",
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
  }
  WaitForFpsCap(counter);
  report_.NoteFrame(/*drawn=*/true);
  return !last_frame;
}

// With --fps-cap, the frame that started at frame_start_counter is made
// to last at least 1 / cap seconds (the sim catches up by real time).
void App::WaitForFpsCap(uint64_t frame_start_counter) const {
  if (options_.fps_cap <= 0) return;
  const double period_s = 1.0 / options_.fps_cap;
  const double spent_s = SecondsBetween(frame_start_counter, SDL_GetPerformanceCounter());
  if (spent_s < period_s) SDL_Delay(static_cast<uint32_t>((period_s - spent_s) * 1000.0));
}

// A headless run with sound takes its next step only once the device has
// played up to it, so each sound starts when its event happens, as in a
// window (SDL's disk driver, which records the mix, sets the pace). A
// device that stops taking sound for a second is no longer followed.
void App::WaitForAudioClock() {
  if (!follows_audio_clock_) return;
  if (audio_clock_origin_s_ < 0.0) audio_clock_origin_s_ = mixer_->SecondsMixed();
  const double due_s = audio_clock_origin_s_ + static_cast<double>(steps_advanced_) * clock_.StepSeconds();
  const uint64_t start = SDL_GetPerformanceCounter();
  while (mixer_->SecondsMixed() < due_s) {
    if (SecondsBetween(start, SDL_GetPerformanceCounter()) > 1.0) {
      KNIGHTS_LOG_WARN("AUDIO", "the audio device stopped taking sound: the run goes on at sim speed");
      follows_audio_clock_ = false;
      return;
    }
    SDL_Delay(1);
  }
}

// Headless runs advance exactly one step a frame (reproducible); windowed
// and --realtime runs follow real time, scaled for slow motion. Returns
// the steps taken.
int App::AdvanceSim(double real_elapsed_s) {
  const bool one_step_a_frame = headless_ && !options_.realtime;
  int steps = clock_.Advance(one_step_a_frame ? clock_.StepSeconds() : real_elapsed_s * overlay_.time_scale);
  if (overlay_.sim_paused) steps = overlay_.step_once ? 1 : 0;
  overlay_.step_once = false;
  core::InputState step_input = menus_.InputForGame(input_);  // none while Options is open
  int taken = 0;
  for (; taken < steps; ++taken) {
    session_->Step(step_input, settings_.ik);
    step_input.ClearEdges();  // a press counts once, not once per step
    if (options_.max_frames > 0 && session_->steps() >= options_.max_frames) return taken + 1;
  }
  return taken;
}

void App::DrawScene(int width_px, int height_px) {
  const float alpha = headless_ || overlay_.sim_paused ? 1.0f : static_cast<float>(clock_.Alpha());
  const game::FollowCamera& cam = session_->camera();
  const game::FollowCamera& prev = session_->previous_camera();
  render::FrameView view = render::MakeFrameView(glm::mix(prev.EyeWs(), cam.EyeWs(), alpha),
                                                 glm::mix(prev.TargetWs(), cam.TargetWs(), alpha), cam.tuning.fov_y_deg,
                                                 width_px, height_px);
  view.light = render::SkyLightFor(session_->world().level().mood.sky);
  instances_.clear();
  for (size_t i = 0; i < session_->knights().size(); ++i) {
    if (!session_->Shown(i)) continue;  // a fallen enemy, gone
    const game::KnightDrawState d = session_->knights()[i].DrawState();
    const bool inspected = overlay_.visible && static_cast<int>(i) == session_->inspected_knight;
    instances_.push_back({d.palette_ms, d.previous_palette_ms, d.model_to_world, d.previous_model_to_world, d.look,
                          inspected && overlay_.bind_pose, kHitFlashTint * d.hit_flash});
  }
  frame_lines_.Clear();
  for (const core::DebugLine& line : session_->debug_lines().lines())
    frame_lines_.Add(line.from_ws, line.to_ws, line.color);
  if (overlay_.visible && overlay_.draw_skeleton) {
    ui::AddSkeletonLines(session_->knights()[session_->inspected_knight], frame_lines_);
  }
  PlaceScenery();
  scene_->Draw(view, instances_, alpha, frame_lines_, scene_settings_);
  overlay_.scene_stats = scene_->stats();
}

// This frame's sound events, heard from the camera's target, at the
// settings' volumes; effects stop while paused.
void App::PlaySounds() {
  mixer_->SetVolumes(menus_.volumes());
  mixer_->SetPaused(session_->screen() == game::Screen::kPaused);
  mixer_->Play(session_->sounds().Events(), session_->camera().TargetWs());
  session_->ClearSounds();
}

// The flags and the portcullis posed from the session's course markers,
// eased in and out.
void App::PlaceScenery() {
  const game::CourseMarkers& markers = session_->markers();
  const std::span<const float> raise = markers.FlagRaise();
  for (size_t i = 0; i < eased_flags_.size(); ++i)
    eased_flags_[i] = i < raise.size() ? game::EaseInOut(raise[i]) : 0.0f;
  render::PlaceMovingScenery(scenery_pieces_,
                             {eased_flags_, game::EaseInOut(markers.GateOpen()), session_->collectibles().TakenFlags(),
                              static_cast<float>(session_->steps()) * session_->step_s()},
                             scenery_placements_);
  scene_->PlaceScenery(scenery_placements_);
}

// Dear ImGui shows an auto-sized window (the HUD, menus) from the frame
// after the one it appears in: a headless run, which draws no frame before
// its last, lays the UI out once (nothing drawn) first, with no input so no
// menu acts twice.
void App::DrawUi(int width_px, int height_px, bool last_frame, double real_elapsed_s) {
  imgui_->SetScale(height_px / 720.0f);
  const auto build_ui = [&](const core::InputState& ui_input) {
    imgui_->BeginFrame();
    menus_.Draw(*session_, settings_.ik, ui_input, width_px, height_px);
    ui::DrawDebugOverlay(*session_, settings_.ik, InspectedKnightClips(), overlay_, *window_,
                         static_cast<float>(real_elapsed_s));
  };
  if (headless_ && last_frame) {
    build_ui(core::InputState{});
    imgui_->EndFrameLayoutOnly();
  }
  build_ui(input_);
  imgui_->EndFrame();
}

// Every clip of the inspected knight's character, for the overlay's clip
// viewer.
std::span<const anim::Clip> App::InspectedKnightClips() const {
  const anim::Skeleton* skeleton = &session_->knights()[session_->inspected_knight].skeleton();
  for (const LoadedCharacter& c : assets_->characters) {
    if (&c.model.skeleton == skeleton) return c.model.clips;
  }
  return {};
}

// --screenshot's last frame is kept and encoded at shutdown, once the
// driver's memory is released (the encoder's buffers do not stack on the
// render targets and JIT code); the screenshot key writes at once. False
// when a screenshot cannot be written.
bool App::TakeScreenshot(int width_px, int height_px, bool last_frame) {
  if (last_frame && !options_.screenshot_path.empty()) {
    report_.KeepScreenshot(width_px, height_px);
  } else if (input_.screenshot_pressed) {
    // The key's screenshot never ends the game: a notice says how it went
    // (a failure's reason is in the log).
    const std::string name = RunReport::TimestampedScreenshotName();
    const bool saved = RunReport::WriteScreenshotNow(name, width_px, height_px);
    menus_.Notify(saved ? "Screenshot saved: " + name : "Screenshot not saved (the log says why)");
  }
  return true;
}

int App::Shutdown() {
  if (exit_code_ != 0) return exit_code_;
  report_.LogFrameTimes();
  SaveSettings();
  if (stop_exit_code_ != 0) return stop_exit_code_;
  if (run_to_goal_ && options_.campaign && CreditsOver()) {
    std::printf("%s\n", CampaignTotalLine(campaign_).c_str());
  } else if (run_to_goal_) {
    if (session_->reached_goal()) {
      KNIGHTS_LOG_INFO("HEADLESS", "the goal was reached at step %d", session_->steps());
    } else {
      KNIGHTS_LOG_INFO("HEADLESS", "stopped after %d steps without reaching the goal", kHeadlessStepCap);
    }
  }
  // The sound stops first; then the GL side (UI, renderer, then the
  // context with everything the driver holds), so the screenshot is
  // encoded in the memory it frees.
  mixer_.reset();
  imgui_.reset();
  scene_.reset();
  window_.reset();
  if (!report_.WriteKeptScreenshot(options_.screenshot_path)) return kExitBadInput;
  if (!options_.metrics_path.empty()) {
    if (core::Status s =
            report_.WriteMetrics(options_.metrics_path, *session_, settings_.ik.master, clock_.DroppedSeconds());
        !s.ok()) {
      return Fail(s, kExitBadInput);
    }
  }
  return 0;
}

// A player's run that reaches the goal (not the autopilot's) is kept as the
// level's best time when it beats it, and the level as completed; the level
// complete screen shows the time and the best, and offers what comes next.
void App::NoteGoal() {
  if (!session_->reached_goal()) {
    best_time_noted_ = false;  // a restart: the next goal counts again
    return;
  }
  if (best_time_noted_) return;
  best_time_noted_ = true;
  const std::string& level = session_->world().level().name;
  const bool new_best = !session_->autoplay && game::RecordBestTime(settings_, level, session_->goal_time_s());
  const auto best = settings_.best_times_s.find(level);
  menus_.SetBestTime(best != settings_.best_times_s.end() ? best->second : -1.0, new_best);
  if (!session_->autoplay) game::RecordBestGems(settings_, level, session_->collectibles().Taken());
  const auto gems = settings_.best_gems.find(level);
  menus_.SetBestGems(gems != settings_.best_gems.end() ? gems->second : -1);
  RecordRunResult();
}

// The level's result in the run (printed for --campaign), the level
// completed in the settings (a person's run), and the complete panel's
// next step.
void App::RecordRunResult() {
  using After = ui::CompleteMenu::After;
  if (!campaign_.Running()) {
    menus_.SetAfterLevel(After::kNothing);
    return;
  }
  const game::LevelResult result{session_->world().level().name, session_->goal_time_s(),
                                 session_->collectibles().Taken(), session_->collectibles().Total(),
                                 session_->EarnedMedal()};
  campaign_.Record(result);
  if (!session_->autoplay && game::RecordLevelCompleted(settings_, title_levels_[campaign_.current()])) {
    OfferLevelsReached();
  }
  menus_.SetAfterLevel(campaign_.Next() >= 0 ? After::kNextLevel : After::kEnding);
  if (options_.campaign) {
    std::printf("%s\n", CampaignLevelLine(result, campaign_.current(), static_cast<int>(title_levels_.size())).c_str());
    std::fflush(stdout);
  }
}

void App::SaveSettings() {
  if (settings_path_.empty() || keep_settings_file_) return;
  settings_.volumes = menus_.volumes();
  if (ShowsTitleScreen(options_, headless_)) {
    settings_.hero = session_->cast()[session_->player_cast()].name;
    settings_.patrols = session_->cast()[session_->npc_cast()].name;
  }
  settings_.vsync = window_->vsync() || (headless_ && settings_.vsync);
  settings_.fullscreen = window_->fullscreen();
  if (!window_->fullscreen() && !headless_) window_->WindowSize(&settings_.window_width, &settings_.window_height);
  if (core::Status s = asset::SaveSettingsFile(settings_path_, settings_); !s.ok()) {
    KNIGHTS_LOG_WARN("SETTINGS", "%s", s.message().c_str());
  }
}

}  // namespace knights::app
