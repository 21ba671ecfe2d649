// audio::MasterLimiter: however loud and however sudden the input, no
// sample comes out over the ceiling; under the ceiling the signal comes out
// unchanged, only delayed by the look-ahead; after a peak the gain comes
// back to unity with the release time, without a step.

#include "knights/audio/master_limiter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace knights::audio {
namespace {

float MaxAbs(const std::vector<float>& v) {
  float m = 0.0f;
  for (const float s : v) m = std::max(m, std::abs(s));
  return m;
}

TEST(MasterLimiter, NoSampleOverTheCeilingWhateverComesIn) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> loud(-8.0f, 8.0f);
  for (const int lookahead : {1, 16, 64, MasterLimiter::kMaxLookahead}) {
    MasterLimiter limiter({.lookahead_frames = lookahead});
    std::vector<float> buffer(2 * 1024);
    for (int b = 0; b < 20; ++b) {
      for (size_t i = 0; i < buffer.size(); ++i) buffer[i] = (b % 3 == 0) ? loud(rng) : 0.1f * loud(rng);
      if (b == 7) buffer[301] = 1000.0f;  // a lone spike
      limiter.Process(buffer);
      EXPECT_LE(MaxAbs(buffer), limiter.ceiling()) << "look-ahead " << lookahead << ", buffer " << b;
    }
  }
  EXPECT_NEAR(MasterLimiter({}).ceiling(), std::pow(10.0f, -1.0f / 20.0f), 1e-6f) << "-1 dBFS by default";
}

TEST(MasterLimiter, PassesQuietSoundUnchangedOnlyDelayed) {
  MasterLimiter limiter({.lookahead_frames = 32});
  std::vector<float> in(2 * 2000);
  for (size_t i = 0; i < in.size(); ++i) in[i] = 0.5f * std::sin(0.01f * static_cast<float>(i));
  std::vector<float> out = in;
  limiter.Process(out);
  for (size_t i = 2 * 32; i < out.size(); ++i) ASSERT_EQ(out[i], in[i - 2 * 32]) << i;
  EXPECT_EQ(limiter.latency_frames(), 32);
  EXPECT_EQ(limiter.gain(), 1.0f);
}

TEST(MasterLimiter, ShapesThePeakSmoothlyAndRecoversWithTheRelease) {
  // A 0.5 tone with one loud burst: the gain falls over the look-ahead to
  // what the burst needs, keeps the burst's shape, and recovers to unity.
  MasterLimiter limiter({.lookahead_frames = 64, .release_s = 0.05f, .rate_hz = 22050});
  std::vector<float> signal(2 * 22050);
  for (size_t f = 0; f < signal.size() / 2; ++f) {
    const float v = (f >= 5000 && f < 5200 ? 4.0f : 0.5f) * std::sin(0.05f * static_cast<float>(f));
    signal[2 * f] = signal[2 * f + 1] = v;
  }
  std::vector<float> gains;
  for (size_t at = 0; at < signal.size(); at += 2 * 256) {
    std::span<float> buffer = std::span(signal).subspan(at, std::min<size_t>(2 * 256, signal.size() - at));
    for (size_t i = 0; i < buffer.size(); i += 2) {
      limiter.Process(buffer.subspan(i, 2));
      gains.push_back(limiter.gain());
    }
  }
  float largest_step = 0.0f;
  for (size_t i = 1; i < gains.size(); ++i) largest_step = std::max(largest_step, std::abs(gains[i] - gains[i - 1]));
  EXPECT_LT(largest_step, 0.05f) << "no step in the gain: it ramps over the look-ahead";
  EXPECT_LT(*std::min_element(gains.begin(), gains.end()), 0.25f) << "the burst is brought down";
  EXPECT_GT(gains[5000 + 64 + 200 + 3 * 1103], 0.9f) << "back near unity three release times later";
  EXPECT_LE(MaxAbs(signal), limiter.ceiling());
}

}  // namespace
}  // namespace knights::audio
