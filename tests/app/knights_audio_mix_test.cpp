// The game's mix as a player hears it, recorded from outside: the demo
// played to the goal by the autopilot with sound on, through SDL's disk
// audio driver (what the device would have played, float stereo), once
// with every bus and once with each bus alone. No sample of the full mix
// may pass -1 dBFS, and each bus's loudness must be within 6 dB of its
// target (audio/mix_targets.h).

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "knights/audio/loudness_meter.h"
#include "knights/audio/mix_targets.h"
#include "knights/core/file_io.h"
#include "knights/game/session/settings.h"
#include "run_knights.h"

namespace knights {
namespace {

struct Recording {
  std::optional<double> loudness_lufs;  // integrated, gated
  std::optional<double> peak_dbfs;
  double seconds = 0.0;
  std::string output;  // what the run printed
  int exit_code = -1;
};

// The demo to its goal at these volumes, recorded by SDL's disk driver; the
// driver takes a 46 ms buffer each 1 ms, and the run keeps to it (or lags it
// on a busy machine, which only spreads the effects out).
Recording RecordDemo(const std::string& tag, const game::SoundVolumes& v) {
  const std::string config = test::TempPath("knights_mix_", tag + ".json");
  const std::string raw = test::TempPath("knights_mix_", tag + ".raw");
  {
    std::ofstream out(config);
    out << "{\"audio\": {\"master\": " << v.master << ", \"effects\": " << v.effects << ", \"music\": " << v.music
        << ", \"ambience\": " << v.ambience << "}}";
  }
  Recording r;
  const test::RunResult run = test::RunKnights(
      "--headless --autoplay --audio on --level assets/levels/demo.json --size 320x180 --config " + config,
      "SDL_AUDIODRIVER=disk SDL_DISKAUDIODELAY=1 SDL_DISKAUDIOFILE=" + raw);
  r.output = run.output;
  r.exit_code = run.exit_code;
  const auto read = core::ReadBinaryFile(raw);
  const std::vector<uint8_t> bytes = read.ok() ? *read : std::vector<uint8_t>{};
  std::vector<float> samples(bytes.size() / sizeof(float));
  std::memcpy(samples.data(), bytes.data(), samples.size() * sizeof(float));
  audio::LoudnessMeter meter(22050, 2);
  meter.Add(samples);
  r.loudness_lufs = meter.IntegratedLufs();
  r.peak_dbfs = meter.PeakDbfs();
  r.seconds = static_cast<double>(meter.frames()) / 22050.0;
  std::filesystem::remove(config);
  std::filesystem::remove(raw);
  return r;
}

std::string Describe(const Recording& r) {
  char line[160];
  std::snprintf(line, sizeof(line), "%.1f s recorded, loudness %s LUFS, peak %s dBFS", r.seconds,
                r.loudness_lufs ? std::to_string(*r.loudness_lufs).c_str() : "null",
                r.peak_dbfs ? std::to_string(*r.peak_dbfs).c_str() : "null");
  return line;
}

TEST(KnightsAudioMix, TheDemosMixStaysUnderTheCeilingWithEachBusNearItsTarget) {
  const game::SoundVolumes defaults;
  game::SoundVolumes effects_alone = defaults, music_alone = defaults, ambience_alone = defaults;
  effects_alone.music = effects_alone.ambience = 0.0f;
  music_alone.effects = music_alone.ambience = 0.0f;
  ambience_alone.effects = ambience_alone.music = 0.0f;

  const Recording all = RecordDemo("all", defaults);
  ASSERT_EQ(all.exit_code, 0) << all.output;
  ASSERT_GT(all.seconds, 60.0) << "the demo's run to the goal, recorded: " << all.output;
  ASSERT_TRUE(all.peak_dbfs.has_value());
  EXPECT_LE(*all.peak_dbfs, audio::kMixCeilingDbfs + 1e-3) << Describe(all);
  std::printf("full mix: %s\n", Describe(all).c_str());

  const struct {
    const char* bus;
    game::SoundVolumes volumes;
    double target_lufs;
  } buses[] = {{"effects", effects_alone, audio::kEffectsTargetLufs},
               {"music", music_alone, audio::kMusicTargetLufs},
               {"ambience", ambience_alone, audio::kAmbienceTargetLufs}};
  for (const auto& bus : buses) {
    const Recording r = RecordDemo(bus.bus, bus.volumes);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    std::printf("%s alone: %s (target %.1f LUFS)\n", bus.bus, Describe(r).c_str(), bus.target_lufs);
    ASSERT_TRUE(r.loudness_lufs.has_value()) << bus.bus << " is silent";
    EXPECT_NEAR(*r.loudness_lufs, bus.target_lufs, audio::kMixToleranceDb) << bus.bus << ": " << Describe(r);
    EXPECT_LE(*r.peak_dbfs, audio::kMixCeilingDbfs + 1e-3) << bus.bus;
  }
}

}  // namespace
}  // namespace knights
