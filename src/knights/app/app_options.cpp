#include "knights/app/app_options.h"

#include <charconv>
#include <functional>

namespace knights::app {
namespace {

// One accepted option: its name, value placeholder ("" for flags), help text,
// and how a value is stored (returns an error line, or "" on success).
struct OptionSpec {
  std::string_view name;
  std::string_view value_name;
  std::string_view help;
  std::function<std::string(AppOptions&, std::string_view)> apply;
};

bool ParseInt(std::string_view text, int& out) {
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end;
}

std::string ParseOnOff(std::string_view name, std::string_view value, bool& out) {
  if (value == "on") {
    out = true;
  } else if (value == "off") {
    out = false;
  } else {
    return std::string(name) + ": expected on or off, got '" + std::string(value) + "'";
  }
  return {};
}

// How the program runs: help, version, inspection, headless, frames, screenshot, window.
std::vector<OptionSpec> RunOptions() {
  return {
      {"--help", "", "print this help and exit",
       [](AppOptions& o, std::string_view) {
         o.show_help = true;
         return std::string();
       }},
      {"--version", "", "print the version and git revision and exit",
       [](AppOptions& o, std::string_view) {
         o.show_version = true;
         return std::string();
       }},
      {"--inspect-character", "FILE.json",
       "print what the game finds in a character file (facing, ground, clips' loop, speed and contacts) and exit",
       [](AppOptions& o, std::string_view v) {
         o.inspect_character_path = std::string(v);
         return std::string();
       }},
      {"--headless", "", "render offscreen with no window (automatic with no display); implies --autoplay",
       [](AppOptions& o, std::string_view) {
         o.headless = true;
         return std::string();
       }},
      {"--frames", "N", "stop after N sim steps (N >= 1)",
       [](AppOptions& o, std::string_view v) {
         if (!ParseInt(v, o.max_frames) || o.max_frames < 1) {
           return "--frames: expected a whole number >= 1, got '" + std::string(v) + "'";
         }
         return std::string();
       }},
      {"--screenshot", "FILE.png", "write a PNG of the last rendered frame to FILE.png",
       [](AppOptions& o, std::string_view v) {
         if (v.size() < 5 || v.substr(v.size() - 4) != ".png") {
           return "--screenshot: expected a file name ending in .png, got '" + std::string(v) + "'";
         }
         o.screenshot_path = std::string(v);
         return std::string();
       }},
      {"--menu", "title|options|pause",
       "show this screen (the title, its Options, or the pause menu on the last frame): menu screenshots",
       [](AppOptions& o, std::string_view v) {
         if (v != "title" && v != "options" && v != "pause") {
           return "--menu: expected title, options or pause, got '" + std::string(v) + "'";
         }
         o.menu = std::string(v);
         return std::string();
       }},
      {"--size", "WxH", "window size in pixels, e.g. 1280x720 (each 64..8192)",
       [](AppOptions& o, std::string_view v) {
         const size_t x = v.find('x');
         int w = 0, h = 0;
         if (x == std::string_view::npos || !ParseInt(v.substr(0, x), w) || !ParseInt(v.substr(x + 1), h) || w < 64 ||
             h < 64 || w > 8192 || h > 8192) {
           return "--size: expected WxH with each side 64..8192, got '" + std::string(v) + "'";
         }
         o.width = w;
         o.height = h;
         o.size_given = true;
         return std::string();
       }},
      {"--vsync", "on|off", "wait for the display's refresh (default on)",
       [](AppOptions& o, std::string_view v) {
         o.vsync_given = true;
         return ParseOnOff("--vsync", v, o.vsync);
       }},
      {"--audio", "on|off",
       "sound (default on in a window, off headless); headless with sound keeps to the audio device's clock, "
       "so SDL_AUDIODRIVER=disk records the mix",
       [](AppOptions& o, std::string_view v) {
         bool on = false;
         std::string error = ParseOnOff("--audio", v, on);
         o.audio = on;
         return error;
       }},
  };
}

// What is played and by whom: the level, the characters, the autopilot, the IK.
std::vector<OptionSpec> PlayOptions() {
  return {
      {"--level", "FILE", "play this level (default assets/levels/demo.json); starts at once",
       [](AppOptions& o, std::string_view v) {
         if (v.empty()) return std::string("--level: expected a file name");
         o.level_path = std::string(v);
         o.level_given = true;
         return std::string();
       }},
      {"--character", "FILE", "play with this character file (default assets/characters/knight.json)",
       [](AppOptions& o, std::string_view v) {
         if (v.empty()) return std::string("--character: expected a file name");
         o.character_path = std::string(v);
         o.cast_given = true;
         return std::string();
       }},
      {"--npc-character", "FILE", "the NPCs play this character file (default: the player's)",
       [](AppOptions& o, std::string_view v) {
         if (v.empty()) return std::string("--npc-character: expected a file name");
         o.npc_character_path = std::string(v);
         o.cast_given = true;
         return std::string();
       }},
      {"--campaign", "",
       "play the title's levels in order, then the credits, printing each level's result (not with --level or "
       "--frames; headless: ends after the credits)",
       [](AppOptions& o, std::string_view) {
         o.campaign = true;
         return std::string();
       }},
      {"--autoplay", "", "a scripted player runs, climbs and jumps through the level to the goal",
       [](AppOptions& o, std::string_view) {
         o.autoplay = true;
         return std::string();
       }},
      {"--soak", "", "soak test: seeded random input bursts mixed into the autoplay (with --frames)",
       [](AppOptions& o, std::string_view) {
         o.soak = true;
         o.autoplay = true;
         return std::string();
       }},
      {"--ik", "on|off", "the IK pass (default on)",
       [](AppOptions& o, std::string_view v) {
         o.ik_given = true;
         return ParseOnOff("--ik", v, o.ik);
       }},
  };
}

// How it looks: shadows, anti-aliasing, shading, resolution.
std::vector<OptionSpec> LookOptions() {
  return {
      {"--shadows", "on|off", "sun shadows (default on)",
       [](AppOptions& o, std::string_view v) {
         if (v != "on" && v != "off") return "--shadows: expected on or off, got '" + std::string(v) + "'";
         o.shadows = std::string(v);
         return std::string();
       }},
      {"--aa", "msaa|fxaa|off", "anti-aliasing (default msaa; off on a software rasteriser in a window)",
       [](AppOptions& o, std::string_view v) {
         if (v != "msaa" && v != "fxaa" && v != "off") {
           return "--aa: expected msaa, fxaa or off, got '" + std::string(v) + "'";
         }
         o.anti_aliasing = std::string(v);
         return std::string();
       }},
      {"--shading", "full|fast",
       "lit shaders: fast has one shadow tap and one noise per material (default fast on a software rasteriser in a "
       "window)",
       [](AppOptions& o, std::string_view v) {
         if (v != "full" && v != "fast") return "--shading: expected full or fast, got '" + std::string(v) + "'";
         o.shading = std::string(v);
         return std::string();
       }},
      {"--render-scale", "F", "3D resolution / window resolution, 0.25..2 (default 1; 0.75 on a software rasteriser)",
       [](AppOptions& o, std::string_view v) {
         float scale = 0.0f;
         const char* end = v.data() + v.size();
         auto [ptr, ec] = std::from_chars(v.data(), end, scale);
         if (v.empty() || ec != std::errc() || ptr != end || !(scale >= 0.25f && scale <= 2.0f)) {
           return "--render-scale: expected a number 0.25..2, got '" + std::string(v) + "'";
         }
         o.render_scale = scale;
         return std::string();
       }},
      {"--dynamic-resolution", "on|off",
       "lower the render scale to hold 30 fps (default on for a software rasteriser in a window)",
       [](AppOptions& o, std::string_view v) {
         if (v != "on" && v != "off") return "--dynamic-resolution: expected on or off, got '" + std::string(v) + "'";
         o.dynamic_resolution = std::string(v);
         return std::string();
       }},
  };
}

// Settings, seed, wall-clock runs and the metrics file.
std::vector<OptionSpec> OutputOptions() {
  return {
      {"--config", "FILE",
       "settings file to read and save (default ~/.config/knights/settings.json; headless runs use none)",
       [](AppOptions& o, std::string_view v) {
         if (v.empty()) return std::string("--config: expected a file name");
         o.config_path = std::string(v);
         return std::string();
       }},
      {"--seed", "N", "seed of the autoplay's small random choices (0..4294967295)",
       [](AppOptions& o, std::string_view v) {
         int64_t seed = 0;
         const char* end = v.data() + v.size();
         auto [ptr, ec] = std::from_chars(v.data(), end, seed);
         if (v.empty() || ec != std::errc() || ptr != end || seed < 0 || seed > 4294967295LL) {
           return "--seed: expected a whole number 0..4294967295, got '" + std::string(v) + "'";
         }
         o.seed = static_cast<uint32_t>(seed);
         return std::string();
       }},
      {"--realtime", "", "headless: draw every frame and follow the wall clock as a window does",
       [](AppOptions& o, std::string_view) {
         o.realtime = true;
         return std::string();
       }},
      {"--fps-cap", "N",
       "draw at most N frames a second, 1..1000 (default: no cap); game time still keeps to real time",
       [](AppOptions& o, std::string_view v) {
         if (!ParseInt(v, o.fps_cap) || o.fps_cap < 1 || o.fps_cap > 1000) {
           return "--fps-cap: expected a whole number 1..1000, got '" + std::string(v) + "'";
         }
         return std::string();
       }},
      {"--metrics", "FILE.json", "write the run's IK metrics (errors, slide, timings) as JSON",
       [](AppOptions& o, std::string_view v) {
         if (v.size() < 6 || v.substr(v.size() - 5) != ".json") {
           return "--metrics: expected a file name ending in .json, got '" + std::string(v) + "'";
         }
         o.metrics_path = std::string(v);
         return std::string();
       }},
  };
}

// The option table: one entry per option, in the order --help lists them.
const std::vector<OptionSpec>& Specs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> all;
    for (const std::vector<OptionSpec>& part : {RunOptions(), PlayOptions(), LookOptions(), OutputOptions()}) {
      all.insert(all.end(), part.begin(), part.end());
    }
    return all;
  }();
  return specs;
}

}  // namespace

ParseResult ParseAppOptions(const std::vector<std::string_view>& args) {
  ParseResult result;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    std::string_view inline_value;
    bool has_inline_value = false;
    if (const size_t eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
      inline_value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_inline_value = true;
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& s : Specs()) {
      if (s.name == arg) spec = &s;
    }
    if (spec == nullptr) {
      result.error = "unknown option '" + std::string(args[i]) + "'";
      return result;
    }
    std::string_view value;
    if (!spec->value_name.empty()) {
      if (has_inline_value) {
        value = inline_value;
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        result.error = std::string(spec->name) + ": missing value " + std::string(spec->value_name);
        return result;
      }
    } else if (has_inline_value) {
      result.error = std::string(spec->name) + ": takes no value";
      return result;
    }
    result.error = spec->apply(result.options, value);
    if (!result.ok()) return result;
  }
  const AppOptions& o = result.options;
  if (o.campaign && (o.level_given || o.max_frames > 0)) {
    result.error = std::string("--campaign: plays the title's levels to the credits; not with ") +
                   (o.level_given ? "--level" : "--frames");
  }
  return result;
}

std::string UsageLine() { return "usage: knights [options]   (knights --help lists them)"; }

std::string HelpText() {
  std::string text = "Knights: a 3D side-scrolling demo with skinned knights and IK.\n\n";
  text += "usage: knights [options]\n\noptions:\n";
  for (const OptionSpec& s : Specs()) {
    // Built by appending: GCC 12 warns falsely on "literal" + std::string (PR 105651).
    std::string left = "  ";
    left += s.name;
    if (!s.value_name.empty()) {
      left += ' ';
      left += s.value_name;
    }
    if (left.size() < 26) left.resize(26, ' ');
    text += left;
    text += ' ';
    text += s.help;
    text += '\n';
  }
  text +=
      "\nexit codes: 0 ok, 2 bad option or input file, 3 no usable OpenGL 3.3 context,\n"
      "            130 and 143 stopped by SIGINT or SIGTERM\n";
  return text;
}

}  // namespace knights::app
