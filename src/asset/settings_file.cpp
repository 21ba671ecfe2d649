#include "asset/settings_file.h"

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

#include "asset/json_depth.h"
#include "asset/json_duplicate_keys.h"
#include "asset/printable.h"
#include "core/file_io.h"
#include "core/pad_bindings.h"

namespace knights::asset {
namespace {

using nlohmann::json;

struct IkField {
  const char* name;
  bool game::IkToggles::*member;
};
constexpr IkField kIkFields[] = {
    {"master", &game::IkToggles::master},         {"leg_l", &game::IkToggles::leg_l},
    {"leg_r", &game::IkToggles::leg_r},           {"arm_l", &game::IkToggles::arm_l},
    {"arm_r", &game::IkToggles::arm_r},           {"pelvis", &game::IkToggles::pelvis},
    {"foot_align", &game::IkToggles::foot_align}, {"foot_lock", &game::IkToggles::foot_lock}};

// A saved character name longer than this is refused (a damaged file),
// bytes.
constexpr size_t kMaxCastNameBytes = 256;

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
      if (!v->is_string() || v->get<std::string>().size() > kMaxCastNameBytes) {
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
  if (!level->is_string() || level->get<std::string>().size() > kMaxCastNameBytes) {
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

// "audio": {"master", "effects", "music"}: volumes 0..1.
void ReadAudio(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  auto audio = root.find("audio");
  if (audio == root.end()) return;
  if (!audio->is_object()) {
    Warn(warning, path, "audio", "expected an object of master, effects and music volumes");
    return;
  }
  for (auto [key, target] : {std::pair{"master", &s.volumes.master}, std::pair{"effects", &s.volumes.effects},
                             std::pair{"music", &s.volumes.music}}) {
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
    const bool ok = it->is_number() && std::isfinite(it->get<double>()) && it->get<double>() > 0.0 &&
                    it->get<double>() < 86400.0 && !it.key().empty() && it.key().size() <= kMaxCastNameBytes;
    if (!ok) {
      Warn(warning, path, "best_times." + Printable(it.key().substr(0, 64)), "expected seconds, 0..86400");
      continue;
    }
    s.best_times_s[it.key()] = it->get<double>();
  }
}

// "best_gems": {"level name": count}: each a whole number 0..kMaxGems.
void ReadBestGems(const json& root, const std::string& path, game::Settings& s, std::string& warning) {
  constexpr int kMaxGems = 512;  // a level's most collectibles
  auto gems = root.find("best_gems");
  if (gems == root.end()) return;
  if (!gems->is_object() || gems->size() > game::kMaxBestTimes) {
    Warn(warning, path, "best_gems", "expected an object of at most 256 level names: gem counts");
    return;
  }
  for (auto it = gems->begin(); it != gems->end(); ++it) {
    const bool ok = it->is_number_integer() && it->get<int64_t>() >= 0 && it->get<int64_t>() <= kMaxGems &&
                    !it.key().empty() && it.key().size() <= kMaxCastNameBytes;
    if (!ok) {
      Warn(warning, path, "best_gems." + Printable(it.key().substr(0, 64)), "expected a whole number, 0..512");
      continue;
    }
    s.best_gems[it.key()] = static_cast<int>(it->get<int64_t>());
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
    bool ok = v->is_array() && !v->empty();
    if (ok) {
      for (const json& key : *v) {
        if (!key.is_string() || key.get<std::string>().empty()) {
          ok = false;
          break;
        }
        names.push_back(key.get<std::string>());
      }
    }
    if (!ok) {
      Warn(warning, path, std::string("keys.") + name, "expected a non-empty array of key names");
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
    if (!v->is_array()) {
      Warn(warning, path, field, "expected an array of gamepad button names");
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
  if (const auto deep = FindTooDeepNesting(json_text))
    return LoadedSettings{{}, path + ": " + *deep + "; using the defaults", {}};
  json root = json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object()) {
    result.warning = path + ": not valid JSON settings; using the defaults";
    return result;
  }
  if (const auto duplicate = FindDuplicateKey(json_text))
    return LoadedSettings{{}, path + ": " + *duplicate + "; using the defaults", {}};
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
    result = text ? ParseSettings(*text, path) : LoadedSettings{};
    if (!text) result.warning = text.status().message() + "; using the defaults";
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
  json keys = json::object();
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    keys[core::KeyActionName(static_cast<core::KeyAction>(a))] = settings.keys.keys[a];
  }
  root["keys"] = keys;
  json pad = json::object();
  for (int a = 0; a < core::kKeyActionCount; ++a) {
    pad[core::KeyActionName(static_cast<core::KeyAction>(a))] = settings.pad.buttons[a];
  }
  root["pad"] = pad;
  root["graphics"] = GraphicsToJson(settings.graphics);
  root["cast"] = {{"hero", settings.hero}, {"patrols", settings.patrols}};
  root["level"] = settings.level;
  // Volumes to hundredths: the file reads 0.8, not the float's 0.800000011920929.
  auto volume = [](float v) { return std::round(static_cast<double>(v) * 100.0) / 100.0; };
  root["audio"] = {{"master", volume(settings.volumes.master)},
                   {"effects", volume(settings.volumes.effects)},
                   {"music", volume(settings.volumes.music)}};
  json best_times = json::object();
  for (const auto& [level, time_s] : settings.best_times_s) best_times[level] = time_s;
  root["best_times"] = best_times;
  json best_gems = json::object();
  for (const auto& [level, gems] : settings.best_gems) best_gems[level] = gems;
  root["best_gems"] = best_gems;
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
  // Same directory as the target, so the rename is atomic (one filesystem).
  const std::string temp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return core::Status::Error(path + ": cannot write settings: " + std::strerror(errno));
    out << SettingsToJson(settings);
    out.flush();
    if (!out) {
      std::remove(temp.c_str());
      return core::Status::Error(path + ": cannot write settings (disk full?)");
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    return core::Status::Error(path + ": cannot replace the settings file: " + reason);
  }
  return core::Status::Ok();
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
