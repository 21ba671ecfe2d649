#pragma once
// The knights executable's command line: every option, its parsing and its
// help text in one table, so --help always lists exactly what is accepted.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace knights::app {

struct AppOptions {
  bool show_help = false;
  bool show_version = false;           // --version: print the version and git revision and exit
  std::string inspect_character_path;  // --inspect-character: print what the game finds in it and exit
  bool headless = false;               // offscreen video driver, no window shown
  int max_frames = 0;                  // stop after this many sim steps (0: run until quit)
  std::string screenshot_path;         // write a PNG of the last frame here ("" = none)
  // --menu title|options|pause: the title screen (with Options open), or
  // the pause menu over the last frame ("": as the run goes).
  std::string menu;
  int width = 1280;  // window / framebuffer size in pixels
  int height = 720;
  bool vsync = true;
  // --audio on|off: sound (unset: on in a window, off headless). A headless
  // run with sound follows the audio device's clock, so SDL's disk driver
  // records the mix as it would be heard.
  std::optional<bool> audio;
  std::string level_path = "assets/levels/demo.json";            // --level
  std::string character_path = "assets/characters/knight.json";  // --character: the player's
  std::string npc_character_path;                                // --npc-character: the NPCs' ("" = the player's)
  bool cast_given = false;   // --character or --npc-character was passed (the saved cast is not used)
  bool level_given = false;  // --level was passed: skip the title screen
  // --campaign: the title's levels in order from the first, then the
  // credits (each level's result printed); starts at once.
  bool campaign = false;
  bool autoplay = false;     // the scripted player drives the knight
  bool ik = true;            // --ik on|off: the IK pass
  uint32_t seed = 1;         // --seed: autoplay's small random choices
  std::string metrics_path;  // --metrics: write IK metrics JSON here
  bool soak = false;         // --soak: random input bursts mixed into autoplay
  // --realtime: a headless run draws every frame and follows the wall
  // clock as a window does (timing checks), instead of one sim step a frame.
  bool realtime = false;
  int fps_cap = 0;          // --fps-cap: at most this many frames a second (0: no cap)
  std::string config_path;  // --config: settings file ("" = the user's, windowed runs only)
  // Rendering: "" / 0 = automatic (full quality, or lighter on a software
  // rasteriser in a window).
  std::string shadows;        // --shadows on|off
  std::string anti_aliasing;  // --aa msaa|fxaa|off
  std::string shading;        // --shading full|fast
  float render_scale = 0.0f;  // --render-scale 0.25..2
  // --dynamic-resolution on|off: the render scale lowered (to half the
  // chosen one at most) to hold 30 fps ("": on for a software rasteriser
  // in a window).
  std::string dynamic_resolution;
  // Which options were given (they override the saved settings).
  bool size_given = false;
  bool vsync_given = false;
  bool ik_given = false;
};

// Result of parsing: options, or one line saying what is wrong (the caller
// prints it with the usage line and exits with code 2).
struct ParseResult {
  AppOptions options;
  std::string error;  // empty when parsing succeeded
  bool ok() const { return error.empty(); }
};

ParseResult ParseAppOptions(const std::vector<std::string_view>& args);

// "usage: knights [options]" line and the full option list for --help.
std::string UsageLine();
std::string HelpText();

}  // namespace knights::app
