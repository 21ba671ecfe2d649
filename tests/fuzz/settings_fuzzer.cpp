// Fuzz target: settings file JSON -> asset::ParseSettings.
//
// Invariants checked on every input: reading never fails the game, so a
// problem gives the defaults plus one warning line that starts with the
// file name (knights/asset/settings_file.h); whatever is kept lies inside the
// reader's ranges (window 64..8192, non-empty key lists of non-empty names,
// pad lists of known button names, a chosen render scale 0.25..2, character
// names of at most 256 bytes, best times finite and under a day); and what
// is kept saves and reads back to the same settings without a warning (a
// saved file always loads).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "knights/asset/settings_file.h"
#include "fuzz_check.h"

namespace {

const std::string kFileName = "fuzz_settings.json";

void CheckRanges(const knights::game::Settings& s) {
  KNIGHTS_FUZZ_CHECK(s.window_width >= 64 && s.window_width <= 8192);
  KNIGHTS_FUZZ_CHECK(s.window_height >= 64 && s.window_height <= 8192);
  for (const auto& names : s.keys.keys) {
    KNIGHTS_FUZZ_CHECK(!names.empty());
    for (const std::string& name : names) KNIGHTS_FUZZ_CHECK(!name.empty());
  }
  for (const auto& names : s.pad.buttons) {
    for (const std::string& name : names) KNIGHTS_FUZZ_CHECK(knights::core::PadButtonIndex(name) >= 0);
  }
  if (s.graphics.render_scale) {
    KNIGHTS_FUZZ_CHECK(*s.graphics.render_scale >= 0.25f && *s.graphics.render_scale <= 2.0f);
  }
  KNIGHTS_FUZZ_CHECK(s.hero.size() <= 256 && s.patrols.size() <= 256);
  for (float v : {s.volumes.master, s.volumes.effects, s.volumes.music}) KNIGHTS_FUZZ_CHECK(v >= 0.0f && v <= 1.0f);
  KNIGHTS_FUZZ_CHECK(s.best_times_s.size() <= knights::game::kMaxBestTimes);
  for (const auto& [level, time_s] : s.best_times_s) {
    KNIGHTS_FUZZ_CHECK(!level.empty() && level.size() <= 256);
    KNIGHTS_FUZZ_CHECK(std::isfinite(time_s) && time_s > 0.0 && time_s < 86400.0);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const knights::asset::LoadedSettings loaded = knights::asset::ParseSettings(text, kFileName);
  if (!loaded.warning.empty()) {
    KNIGHTS_FUZZ_CHECK(loaded.warning.rfind(kFileName + ": ", 0) == 0);
    KNIGHTS_FUZZ_CHECK(loaded.warning.find('\n') == std::string::npos);
  }
  KNIGHTS_FUZZ_CHECK(loaded.removed_temps.empty());  // parsing touches no files
  CheckRanges(loaded.settings);
  const std::string saved = knights::asset::SettingsToJson(loaded.settings);
  const knights::asset::LoadedSettings reread = knights::asset::ParseSettings(saved, kFileName);
  KNIGHTS_FUZZ_CHECK(reread.warning.empty());
  KNIGHTS_FUZZ_CHECK(knights::asset::SettingsToJson(reread.settings) == saved);
  return 0;
}
