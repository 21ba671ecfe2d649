#include "knights/asset/settings_file.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <signal.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "knights/asset/json_depth.h"
#include "knights/asset/json_duplicate_keys.h"
#include "knights/asset/printable.h"
#include "knights/core/file_io.h"
#include "knights/core/pad_bindings.h"

namespace knights::asset {
namespace {

using nlohmann::json;

struct IkField {
  const char* name;
  bool ik::IkSwitches::*member;
};
constexpr IkField kIkFields[] = {
    {"master", &ik::IkSwitches::master},         {"leg_l", &ik::IkSwitches::leg_l},
    {"leg_r", &ik::IkSwitches::leg_r},           {"arm_l", &ik::IkSwitches::arm_l},
    {"arm_r", &ik::IkSwitches::arm_r},           {"pelvis", &ik::IkSwitches::pelvis},
    {"foot_align", &ik::IkSwitches::foot_align}, {"foot_lock", &ik::IkSwitches::foot_lock}};

// A saved character name longer than this is refused (a damaged file),
// bytes.
constexpr size_t kMaxCastNameBytes = 256;
// Keys or gamepad buttons bound to one action, and the longest key name
// (bytes; SDL's longest is 20): the caps that, with the name and entry
// caps, keep a saved file under core::kSettingsFileCap whatever was read.
constexpr size_t kMaxBindingsPerAction = 8;
constexpr size_t kMaxKeyNameBytes = 64;

// What the reader keeps and the writer writes: one rule for both, so a
// saved file always reads back.
bool IsSavedName(const std::string& name) { return name.size() <= kMaxCastNameBytes; }
bool IsKeyList(const std::vector<std::string>& names) {
  if (names.empty() || names.size() > kMaxBindingsPerAction) return false;
  return std::all_of(names.begin(), names.end(),
                     [](const std::string& n) { return !n.empty() && n.size() <= kMaxKeyNameBytes; });
}
bool IsPadList(const std::vector<std::string>& names) {
  return names.size() <= kMaxBindingsPerAction &&
         std::all_of(names.begin(), names.end(), [](const std::string& n) { return core::PadButtonIndex(n) >= 0; });
}
bool IsBestTime(const std::string& level, double time_s) {
  return std::isfinite(time_s) && time_s > 0.0 && time_s < 86400.0 && !level.empty() && IsSavedName(level);
}
constexpr int kMaxGems = 512;  // a level's most collectibles
bool IsBestGems(const std::string& level, int64_t gems) {
  return gems >= 0 && gems <= kMaxGems && !level.empty() && IsSavedName(level);
}

// The suffix of every warning about a file that cannot be read as a whole.
constexpr const char* kKeptAsItIs = "; using the defaults (the file is kept as it is, not saved over)";

LoadedSettings Unreadable(const std::string& problem) {
  LoadedSettings kept;
  kept.warning = problem + kKeptAsItIs;
  kept.keep_file = true;
  return kept;
}

// Keeps the first problem found; the rest of the file is still read.
void Warn(std::string& warning, const std::string& path, const std::string& field, const std::string& what) {
  if (warning.empty()) warning = path + ": " + field + ": " + what + " (using the default)";
}

// "cast": the title screen's last Hero and Patrols, by character name.
void ReadCast(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto cast = root.find("cast");
  if (cast == root.end()) return;
  if (!cast->is_object()) {
    Warn(warning, path, "cast", "expected an object of hero and patrols names");
    return;
  }
  for (auto [key, target] : {std::pair{"hero", &s.hero}, std::pair{"patrols", &s.patrols}}) {
    if (auto v = cast->find(key); v != cast->end()) {
      if (!v->is_string() || !IsSavedName(v->get<std::string>())) {
        Warn(warning, path, std::string("cast.") + key, "expected a character's name");
      } else {
        *target = v->get<std::string>();
      }
    }
  }
}

// "level": the title's last level, a file name of its list.
void ReadLevel(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto level = root.find("level");
  if (level == root.end()) return;
  if (!level->is_string() || !IsSavedName(level->get<std::string>())) {
    Warn(warning, path, "level", "expected a level's file name");
    return;
  }
  s.level = level->get<std::string>();
}

// "window": {"width", "height": 64..8192, "fullscreen", "vsync": booleans}.
void ReadWindow(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  if (auto window = root.find("window"); window != root.end()) {
    if (!window->is_object()) {
      Warn(warning, path, "window", "expected an object");
    } else {
      for (auto [key, target, min, max] :
           {std::tuple{"width", &s.window_width, 64, 8192}, std::tuple{"height", &s.window_height, 64, 8192}}) {
        if (auto v = window->find(key); v != window->end()) {
          if (!v->is_number_integer() || v->get<int64_t>() < min || v->get<int64_t>() > max) {
            Warn(warning, path, std::string("window.") + key, "expected a whole number 64..8192");
          } else {
            *target = v->get<int>();
          }
        }
      }
      for (auto [key, target] : {std::pair{"fullscreen", &s.fullscreen}, std::pair{"vsync", &s.vsync}}) {
        if (auto v = window->find(key); v != window->end()) {
          if (!v->is_boolean()) {
            Warn(warning, path, std::string("window.") + key, "expected true or false");
          } else {
            *target = v->get<bool>();
          }
        }
      }
    }
  }
}

// "audio": {"master", "effects", "music", "ambience"}: volumes 0..1.
void ReadAudio(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto audio = root.find("audio");
  if (audio == root.end()) return;
  if (!audio->is_object()) {
    Warn(warning, path, "audio", "expected an object of master, effects, music and ambience volumes");
    return;
  }
  for (auto [key, target] : {std::pair{"master", &s.volumes.master}, std::pair{"effects", &s.volumes.effects},
                             std::pair{"music", &s.volumes.music}, std::pair{"ambience", &s.volumes.ambience}}) {
    if (auto v = audio->find(key); v != audio->end()) {
      if (!v->is_number() || !(v->get<double>() >= 0.0 && v->get<double>() <= 1.0)) {
        Warn(warning, path, std::string("audio.") + key, "expected a volume 0..1");
      } else {
        *target = v->get<float>();
      }
    }
  }
}

// "best_times": {"level name": seconds}: each a finite positive time under
// a day, names of at most kMaxCastNameBytes, at most game::kMaxBestTimes.
void ReadBestTimes(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto times = root.find("best_times");
  if (times == root.end()) return;
  if (!times->is_object() || times->size() > game::kMaxBestTimes) {
    Warn(warning, path, "best_times", "expected an object of at most 256 level names: seconds");
    return;
  }
  for (auto it = times->begin(); it != times->end(); ++it) {
    if (!it->is_number() || !IsBestTime(it.key(), it->get<double>())) {
      Warn(warning, path, "best_times." + Printable(it.key().substr(0, 64)), "expected seconds, 0..86400");
      continue;
    }
    s.best_times_s[it.key()] = it->get<double>();
  }
}

// "best_gems": {"level name": count}: each a whole number 0..kMaxGems.
void ReadBestGems(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto gems = root.find("best_gems");
  if (gems == root.end()) return;
  if (!gems->is_object() || gems->size() > game::kMaxBestTimes) {
    Warn(warning, path, "best_gems", "expected an object of at most 256 level names: gem counts");
    return;
  }
  for (auto it = gems->begin(); it != gems->end(); ++it) {
    if (!it->is_number_integer() || !IsBestGems(it.key(), it->get<int64_t>())) {
      Warn(warning, path, "best_gems." + Printable(it.key().substr(0, 64)), "expected a whole number, 0..512");
      continue;
    }
    s.best_gems[it.key()] = static_cast<int>(it->get<int64_t>());
  }
}

// "levels_completed": ["demo.json", ...]: level file names, at most
// game::kMaxLevelsCompleted; a bad entry is dropped alone.
void ReadLevelsCompleted(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto levels = root.find("levels_completed");
  if (levels == root.end()) return;
  if (!levels->is_array() || levels->size() > game::kMaxLevelsCompleted) {
    Warn(warning, path, "levels_completed", "expected a list of at most 64 level file names");
    return;
  }
  for (size_t i = 0; i < levels->size(); ++i) {
    const json& level = (*levels)[i];
    if (!level.is_string() || level.get<std::string>().empty() || !IsSavedName(level.get<std::string>())) {
      Warn(warning, path, "levels_completed[" + std::to_string(i) + "]", "expected a level's file name");
      continue;
    }
    s.levels_completed.insert(level.get<std::string>());
  }
}

// "keys": {"action": ["key name", ...]}: non-empty lists of non-empty
// names (whether SDL knows a name, the platform layer checks).
void ReadKeys(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto keys = root.find("keys");
  if (keys == root.end()) return;
  if (!keys->is_object()) {
    Warn(warning, path, "keys", "expected an object of action: [key names]");
    return;
  }
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    const char* name = core::KeyActionName(static_cast<core::KeyAction>(a));
    auto v = keys->find(name);
    if (v == keys->end()) continue;
    std::vector<std::string> names;
    bool ok = v->is_array() && v->size() <= kMaxBindingsPerAction;
    for (size_t k = 0; ok && k < v->size(); ++k) {
      ok = (*v)[k].is_string();
      if (ok) names.push_back((*v)[k].get<std::string>());
    }
    if (!ok || !IsKeyList(names)) {
      Warn(warning, path, std::string("keys.") + name, "expected an array of 1..8 key names");
    } else {
      s.keys.keys[a] = std::move(names);
    }
  }
}

// "pad": {"action": ["button name", ...]}: SDL's game controller button
// names and the two triggers (core::kPadButtonNames); an empty list leaves
// the action off the pad. A list with a name outside them is not used.
void ReadPad(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto pad = root.find("pad");
  if (pad == root.end()) return;
  if (!pad->is_object()) {
    Warn(warning, path, "pad", "expected an object of action: [gamepad button names]");
    return;
  }
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    const std::string field = std::string("pad.") + core::KeyActionName(static_cast<core::KeyAction>(a));
    auto v = pad->find(core::KeyActionName(static_cast<core::KeyAction>(a)));
    if (v == pad->end()) continue;
    if (!v->is_array() || v->size() > kMaxBindingsPerAction) {
      Warn(warning, path, field, "expected an array of at most 8 gamepad button names");
      continue;
    }
    std::vector<std::string> names;
    bool ok = true;
    for (const json& button : *v) {
      ok = button.is_string() && core::PadButtonIndex(button.get<std::string>()) >= 0;
      if (!ok) {
        std::string what = "unknown gamepad button ";
        if (button.is_string()) {
          what.append("'").append(Printable(button.get<std::string>().substr(0, 64))).append("'");
        } else {
          what.append("of type ").append(button.type_name());
        }
        Warn(warning, path, field, what + " (a, b, x, y, leftshoulder, lefttrigger, ...)");
        break;
      }
      names.push_back(button.get<std::string>());
    }
    if (ok) s.pad.buttons[a] = std::move(names);
  }
}

// "graphics": {"anti_aliasing": "off" | "fxaa" | "msaa", "shadows":
// boolean, "render_scale": 0.25..2}; a field left out was not chosen.
void ReadGraphics(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto graphics = root.find("graphics");
  if (graphics == root.end()) return;
  if (!graphics->is_object()) {
    Warn(warning, path, "graphics", "expected an object");
    return;
  }
  if (auto v = graphics->find("anti_aliasing"); v != graphics->end()) {
    const std::string value = v->is_string() ? v->get<std::string>() : std::string();
    if (value == "off") {
      s.graphics.anti_aliasing = game::AntiAliasingChoice::kOff;
    } else if (value == "fxaa") {
      s.graphics.anti_aliasing = game::AntiAliasingChoice::kFxaa;
    } else if (value == "msaa") {
      s.graphics.anti_aliasing = game::AntiAliasingChoice::kMsaa;
    } else {
      Warn(warning, path, "graphics.anti_aliasing", "expected \"off\", \"fxaa\" or \"msaa\"");
    }
  }
  if (auto v = graphics->find("shadows"); v != graphics->end()) {
    if (!v->is_boolean()) {
      Warn(warning, path, "graphics.shadows", "expected true or false");
    } else {
      s.graphics.shadows = v->get<bool>();
    }
  }
  if (auto v = graphics->find("render_scale"); v != graphics->end()) {
    if (!v->is_number() || !(v->get<double>() >= game::kMinRenderScale && v->get<double>() <= game::kMaxRenderScale)) {
      Warn(warning, path, "graphics.render_scale", "expected a scale 0.25..2");
    } else {
      s.graphics.render_scale = v->get<float>();
    }
  }
}

}  // namespace

LoadedSettings ParseSettings(const std::string& json_text, const std::string& path) {
  LoadedSettings result;
  if (const auto deep = FindTooDeepNesting(json_text)) return Unreadable(path + ": " + *deep);
  json root = json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object()) return Unreadable(path + ": not valid JSON settings");
  if (const auto duplicate = FindDuplicateKey(json_text)) return Unreadable(path + ": " + *duplicate);
  game::Settings& s = result.settings;
  ReadWindow(root, path, s, result.warning);
  if (auto ik = root.find("ik"); ik != root.end()) {
    if (!ik->is_object()) {
      Warn(result.warning, path, "ik", "expected an object");
    } else {
      for (const IkField& field : kIkFields) {
        if (auto v = ik->find(field.name); v != ik->end()) {
          if (!v->is_boolean()) {
            Warn(result.warning, path, std::string("ik.") + field.name, "expected true or false");
          } else {
            s.ik.*field.member = v->get<bool>();
          }
        }
      }
    }
  }
  ReadCast(root, path, s, result.warning);
  ReadLevel(root, path, s, result.warning);
  ReadAudio(root, path, s, result.warning);
  ReadBestTimes(root, path, s, result.warning);
  ReadBestGems(root, path, s, result.warning);
  ReadLevelsCompleted(root, path, s, result.warning);
  ReadKeys(root, path, s, result.warning);
  ReadPad(root, path, s, result.warning);
  ReadGraphics(root, path, s, result.warning);
  return result;
}

namespace {

// "<file>.tmp.<pid>" beside `path` whose process is gone: a save killed
// between writing and renaming (SIGKILL, power loss). Returns their paths.
std::vector<std::string> RemoveStaleTemps(const std::string& path) {
  namespace fs = std::filesystem;
  std::vector<std::string> removed;
  const fs::path target(path);
  const std::string prefix = target.filename().string() + ".tmp.";
  std::error_code ec;
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size()) continue;
    const std::string pid_text = name.substr(prefix.size());
    if (pid_text.find_first_not_of("0123456789") != std::string::npos || pid_text.size() > 9) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(pid_text));
    const bool alive = pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);  // a save under way
    if (alive) continue;
    std::error_code remove_ec;
    if (it->is_regular_file(remove_ec) && fs::remove(it->path(), remove_ec)) removed.push_back(it->path().string());
  }
  return removed;
}

}  // namespace

LoadedSettings LoadSettingsFile(const std::string& path) {
  if (path.empty()) return {};
  std::vector<std::string> removed = RemoveStaleTemps(path);
  LoadedSettings result;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {  // absent: the first run, defaults quietly
    auto text = core::ReadTextFile(path, core::kSettingsFileCap);
    result = text ? ParseSettings(*text, path) : Unreadable(text.status().message());
  }
  result.removed_temps = std::move(removed);
  return result;
}

namespace {

// Only what the player chose: an unchosen field stays the machine's default.
json GraphicsToJson(const game::GraphicsChoices& graphics) {
  json out = json::object();
  if (graphics.anti_aliasing) {
    constexpr const char* kNames[] = {"off", "fxaa", "msaa"};
    out["anti_aliasing"] = kNames[static_cast<int>(*graphics.anti_aliasing)];
  }
  if (graphics.shadows) out["shadows"] = *graphics.shadows;
  // To hundredths, as the volumes: 0.75, not the float's 0.75000001.
  if (graphics.render_scale) out["render_scale"] = std::round(*graphics.render_scale * 100.0) / 100.0;
  return out;
}

}  // namespace

std::string SettingsToJson(const game::Settings& settings) {
  json root;
  root["window"] = {{"width", settings.window_width},
                    {"height", settings.window_height},
                    {"fullscreen", settings.fullscreen},
                    {"vsync", settings.vsync}};
  json ik = json::object();
  for (const IkField& field : kIkFields) ik[field.name] = settings.ik.*field.member;
  root["ik"] = ik;
  // Below, only what the reader keeps is written (an action's list, a name,
  // an entry it would refuse is left out and reads as its default): the
  // file always reads back, and its caps bound its size.
  json keys = json::object();
  json pad = json::object();
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    const char* action = core::KeyActionName(static_cast<core::KeyAction>(a));
    if (IsKeyList(settings.keys.keys[a])) keys[action] = settings.keys.keys[a];
    if (IsPadList(settings.pad.buttons[a])) pad[action] = settings.pad.buttons[a];
  }
  root["keys"] = keys;
  root["pad"] = pad;
  root["graphics"] = GraphicsToJson(settings.graphics);
  json cast = json::object();
  for (const auto& [key, name] : {std::pair{"hero", &settings.hero}, std::pair{"patrols", &settings.patrols}}) {
    if (IsSavedName(*name)) cast[key] = *name;
  }
  root["cast"] = cast;
  if (IsSavedName(settings.level)) root["level"] = settings.level;
  // Volumes to hundredths: the file reads 0.8, not the float's 0.800000011920929.
  auto volume = [](float v) { return std::round(static_cast<double>(v) * 100.0) / 100.0; };
  root["audio"] = {{"master", volume(settings.volumes.master)},
                   {"effects", volume(settings.volumes.effects)},
                   {"music", volume(settings.volumes.music)},
                   {"ambience", volume(settings.volumes.ambience)}};
  json best_times = json::object();
  for (const auto& [level, time_s] : settings.best_times_s) {
    if (IsBestTime(level, time_s) && best_times.size() < game::kMaxBestTimes) best_times[level] = time_s;
  }
  root["best_times"] = best_times;
  json best_gems = json::object();
  for (const auto& [level, gems] : settings.best_gems) {
    if (IsBestGems(level, gems) && best_gems.size() < game::kMaxBestTimes) best_gems[level] = gems;
  }
  root["best_gems"] = best_gems;
  json completed = json::array();
  for (const std::string& level : settings.levels_completed) {
    if (!level.empty() && IsSavedName(level) && completed.size() < game::kMaxLevelsCompleted) {
      completed.push_back(level);
    }
  }
  root["levels_completed"] = completed;
  return root.dump(2) + "\n";
}

core::Status SaveSettingsFile(const std::string& path, const game::Settings& settings) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path target(path);
  if (fs::exists(target, ec) && !fs::is_regular_file(target, ec)) {
    return core::Status::Error(path + ": the settings are not saved over something that is not a regular file");
  }
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  if (ec) return core::Status::Error(path + ": cannot create the directory: " + ec.message());
  const std::string text = SettingsToJson(settings);
  if (text.size() > core::kSettingsFileCap.max_bytes) {
    // Cannot happen within the reader's caps; never write what would not read back.
    return core::Status::Error(path + ": the settings would be " + std::to_string(text.size()) +
                               " bytes, more than the file may have; not saved");
  }
  return core::WriteFileAtomically(path, text);
}

std::string DefaultSettingsPath() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg != '\0') {
    return (std::filesystem::path(xdg) / "knights" / "settings.json").string();
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return (std::filesystem::path(home) / ".config" / "knights" / "settings.json").string();
  }
  return {};
}

}  // namespace knights::asset
