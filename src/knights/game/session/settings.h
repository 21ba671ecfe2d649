#pragma once
// The player's settings, kept between runs in the user's config directory
// (knights/asset/settings_file.h reads and writes them).

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "knights/core/key_bindings.h"
#include "knights/core/pad_bindings.h"
#include "knights/ik/ik_switches.h"

namespace knights::game {

// Sound volumes, 0..1.
struct SoundVolumes {
  float master = 0.8f;    // all sound
  float effects = 1.0f;   // the effects
  float music = 0.6f;     // the music loop
  float ambience = 1.0f;  // the ambient loop (the wind and the birds)

  bool operator==(const SoundVolumes&) const = default;
};

// The render scales a player may choose (--render-scale's range).
inline constexpr float kMinRenderScale = 0.25f;
inline constexpr float kMaxRenderScale = 2.0f;

// The anti-aliasing a player can choose (render::AntiAliasing's values,
// which this layer cannot name).
enum class AntiAliasingChoice { kOff, kFxaa, kMsaa };

// The graphics a player chose in Options. Each stays empty until chosen:
// the machine's own default then applies (full quality, or lighter on a
// software rasteriser in a window), and the file keeps nothing for it, so
// a better machine or driver later still gets its own default.
struct GraphicsChoices {
  std::optional<AntiAliasingChoice> anti_aliasing;
  std::optional<bool> shadows;
  std::optional<float> render_scale;  // the 3D resolution over the window's, 0.25..2

  bool operator==(const GraphicsChoices&) const = default;
};

struct Settings {
  int window_width = 1280;  // windowed size, screen coordinates
  int window_height = 720;
  bool fullscreen = false;
  bool vsync = true;
  ik::IkSwitches ik;  // the IK switches of the overlay, the pause menu and Options
  core::KeyBindings keys = core::KeyBindings::Defaults();
  core::PadBindings pad = core::PadBindings::Defaults();  // the gamepad's buttons
  GraphicsChoices graphics;  // anti-aliasing, shadows, render scale (fullscreen and vsync above)
  // The character names last chosen on the title screen as Hero and
  // Patrols ("": the run's own; a name no loaded character has is ignored).
  std::string hero;
  std::string patrols;
  // The level last chosen on the title screen: a file name of the title's
  // list (assets/levels/title_levels.txt), e.g. "castle.json" ("": the
  // default level; a name the list does not have is ignored).
  std::string level;
  // The best time to the goal of each level, by the level's name, seconds
  // of play (at most kMaxBestTimes levels; the reader drops bad entries).
  std::map<std::string, double> best_times_s;
  // The most gems taken in one run that reached the goal, by the level's
  // name (at most kMaxBestTimes levels; the reader drops bad entries).
  std::map<std::string, int> best_gems;
  // The levels played to the goal by the player (not the autopilot): file
  // names of the title's list, e.g. "demo.json". The title's level select
  // offers these and each level after one (game::LevelsReached); at most
  // kMaxLevelsCompleted.
  std::set<std::string> levels_completed;
  SoundVolumes volumes;
};

inline constexpr size_t kMaxBestTimes = 256;
// As many as the title's list may name (asset::kMaxTitleLevels).
inline constexpr size_t kMaxLevelsCompleted = 64;

// Records `time_s` for `level` when it beats the best so far (or is the
// first); true when it did.
inline bool RecordBestTime(Settings& settings, const std::string& level, double time_s) {
  const auto it = settings.best_times_s.find(level);
  if (it != settings.best_times_s.end() ? time_s >= it->second : settings.best_times_s.size() >= kMaxBestTimes) {
    return false;
  }
  settings.best_times_s[level] = time_s;
  return true;
}

// Records `gems` for `level` when it is more than the best so far (or the
// first); true when it did.
inline bool RecordBestGems(Settings& settings, const std::string& level, int gems) {
  const auto it = settings.best_gems.find(level);
  if (it != settings.best_gems.end() ? gems <= it->second : settings.best_gems.size() >= kMaxBestTimes) return false;
  settings.best_gems[level] = gems;
  return true;
}

// Records `level` (a file name) as completed; false when it already was or
// the list is full.
inline bool RecordLevelCompleted(Settings& settings, const std::string& level) {
  if (settings.levels_completed.size() >= kMaxLevelsCompleted) return false;
  return settings.levels_completed.insert(level).second;
}

}  // namespace knights::game
