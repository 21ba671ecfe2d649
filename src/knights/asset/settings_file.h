#pragma once
// Reads and writes the settings file (JSON). Reading never fails the game:
// a missing file gives the defaults; a bad field gives the default for that
// field; a file that cannot be read as a whole gives the defaults and is
// kept as it is, never saved over (LoadedSettings::keep_file); each with one
// warning line naming the file and the problem. Writing is atomic: a
// temporary file in the same directory, then a rename, so a crash mid-write
// never leaves a half-written file.
//
// {
//   "window": {"width": 1280, "height": 720, "fullscreen": false, "vsync": true},
//   "ik": {"master": true, "leg_l": true, ..., "foot_lock": true},
//   "keys": {"left": ["Left", "A"], "jump": ["Space"], ...},
//   "pad": {"jump": ["a"], "run": ["rightshoulder", "righttrigger"], "fullscreen": [], ...},
//   "graphics": {"anti_aliasing": "fxaa", "shadows": true, "render_scale": 0.75},
//       (each only when the player chose it in Options)
//   "audio": {"master": 0.8, "effects": 1.0, "music": 0.6},
//   "cast": {"hero": "knight", "patrols": "squire"},
//   "best_times": {"Demo: the road to the castle": 74.2, ...}   (seconds)
// }

#include <string>

#include <vector>

#include "knights/core/status.h"
#include "knights/game/session/settings.h"

namespace knights::asset {

struct LoadedSettings {
  game::Settings settings;
  std::string warning;  // empty when the file was read cleanly (or absent)
  // The file could not be read as a whole (not JSON, a duplicate key, an
  // overflowing number, too large, too deep, not a regular file): the run
  // uses the defaults and must never save over it, so the player's file is
  // kept as it is to be mended (the warning says so).
  bool keep_file = false;
  // Temp files that saves cut off by a kill left beside the file, removed
  // (each line names one).
  std::vector<std::string> removed_temps;
};

// Also removes the stale "<file>.tmp.<pid>" files of saves that never
// finished (their process is gone).
LoadedSettings LoadSettingsFile(const std::string& path);
LoadedSettings ParseSettings(const std::string& json_text, const std::string& path);
std::string SettingsToJson(const game::Settings& settings);

// Writes atomically and durably (core::WriteFileAtomically: temp file,
// fsync, rename, fsync of the folder), creating the directory if needed.
// Refuses a path that exists and is not a regular file (a device, a FIFO, a
// directory): the rename would replace it. What it writes always reads
// back: SettingsToJson keeps only what ParseSettings accepts, whose caps
// bound the text under core::kSettingsFileCap (a text over it is refused,
// never written).
core::Status SaveSettingsFile(const std::string& path, const game::Settings& settings);

// $XDG_CONFIG_HOME/knights/settings.json, else ~/.config/knights/settings.json;
// empty when neither variable is set.
std::string DefaultSettingsPath();

}  // namespace knights::asset
