// audio::LoudnessMeter against the calibration BS.1770 gives and the
// gates it defines: a 997 Hz sine at 0 dBFS in one channel reads -3.01
// LUFS at any rate; gain moves the reading dB for dB; silence between
// sounds is gated out; below -70 LUFS there is no reading at all.

#include "knights/audio/loudness_meter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace knights::audio {
namespace {

// Interleaved stereo: a sine of this amplitude in the left channel, and
// in the right too when both.
std::vector<float> Sine(int rate_hz, double seconds, double hz, double amplitude, bool both) {
  const auto frames = static_cast<size_t>(seconds * rate_hz);
  std::vector<float> out(2 * frames, 0.0f);
  for (size_t i = 0; i < frames; ++i) {
    const auto v =
        static_cast<float>(amplitude * std::sin(2.0 * std::numbers::pi * hz * static_cast<double>(i) / rate_hz));
    out[2 * i] = v;
    out[2 * i + 1] = both ? v : 0.0f;
  }
  return out;
}

TEST(LoudnessMeter, ReadsTheStandardsCalibrationToneAtAnyRate) {
  for (const int rate : {22050, 44100, 48000}) {
    LoudnessMeter one_channel(rate, 2);
    one_channel.Add(Sine(rate, 5.0, 997.0, 1.0, /*both=*/false));
    ASSERT_TRUE(one_channel.IntegratedLufs().has_value());
    EXPECT_NEAR(*one_channel.IntegratedLufs(), -3.01, 0.05) << rate << " Hz";
    LoudnessMeter both_channels(rate, 2);
    both_channels.Add(Sine(rate, 5.0, 997.0, 1.0, /*both=*/true));
    EXPECT_NEAR(*both_channels.IntegratedLufs(), 0.0, 0.05) << rate << " Hz";
    EXPECT_NEAR(*both_channels.PeakDbfs(), 0.0, 0.01);
  }
}

TEST(LoudnessMeter, FollowsGainAndWeightsLowAndHighFrequencies) {
  LoudnessMeter quiet(22050, 2);
  quiet.Add(Sine(22050, 3.0, 997.0, std::pow(10.0, -20.0 / 20.0), true));
  EXPECT_NEAR(*quiet.IntegratedLufs(), -20.0, 0.05);
  EXPECT_NEAR(*quiet.MaxMomentaryLufs(), -20.0, 0.05);
  LoudnessMeter rumble(22050, 2);  // the high-pass: 20 Hz counts for much less
  rumble.Add(Sine(22050, 3.0, 20.0, 1.0, true));
  EXPECT_LT(*rumble.IntegratedLufs(), -10.0);
  LoudnessMeter bright(22050, 2);  // the shelf: 4 kHz counts about 4 dB more
  bright.Add(Sine(22050, 3.0, 4000.0, 1.0, true));
  EXPECT_NEAR(*bright.IntegratedLufs(), 3.6, 0.6);
}

TEST(LoudnessMeter, GatesOutSilenceAndReadsNothingBelowTheAbsoluteGate) {
  // One second of tone, then nine of silence: the silent blocks are gated
  // out; of the ten blocks left, seven are all tone and three (the tone's
  // end) hold 3/4, 1/2 and 1/4 of it: a mean of 0.85 of the tone's power.
  std::vector<float> sparse = Sine(22050, 1.0, 997.0, 0.1, true);
  sparse.resize(2 * 22050 * 10, 0.0f);
  LoudnessMeter meter(22050, 2);
  meter.Add(sparse);
  EXPECT_NEAR(*meter.IntegratedLufs(), -20.0 + 10.0 * std::log10(0.85), 0.05);
  EXPECT_NEAR(*meter.MaxMomentaryLufs(), -20.0, 0.05);
  EXPECT_EQ(meter.frames(), 22050 * 10);
  LoudnessMeter silent(22050, 2);
  silent.Add(std::vector<float>(2 * 22050 * 2, 0.0f));
  EXPECT_FALSE(silent.IntegratedLufs().has_value()) << "silence has no loudness, not 0";
  silent.Add(Sine(22050, 2.0, 997.0, 1e-4, true));  // -80 LUFS: under the gate
  EXPECT_FALSE(silent.IntegratedLufs().has_value());
  LoudnessMeter empty(22050, 2);
  EXPECT_FALSE(empty.PeakDbfs().has_value());
  EXPECT_FALSE(empty.MaxMomentaryLufs().has_value());
}

TEST(LoudnessMeter, SplitsFramesAcrossCallsAsOneStream) {
  const std::vector<float> tone = Sine(22050, 2.0, 440.0, 0.3, true);
  LoudnessMeter whole(22050, 2);
  whole.Add(tone);
  LoudnessMeter pieces(22050, 2);
  for (size_t at = 0; at < tone.size(); at += 777) {  // odd: frames split between calls
    pieces.Add(std::span(tone).subspan(at, std::min<size_t>(777, tone.size() - at)));
  }
  EXPECT_DOUBLE_EQ(*whole.IntegratedLufs(), *pieces.IntegratedLufs());
  EXPECT_EQ(whole.frames(), pieces.frames());
}

}  // namespace
}  // namespace knights::audio
