// IkWeightFader: smooth fades in and out, and an immediate switch with a
// zero fade time.

#include "knights/ik/ik_weight_fader.h"

#include <cmath>

#include <gtest/gtest.h>

namespace knights::ik {
namespace {

TEST(IkWeightFader, FadesInAndOutSmoothly) {
  IkWeightFader fader;
  fader.fade_time = 0.25f;
  const float dt = 1.0f / 240.0f;
  EXPECT_EQ(fader.Update(dt), 0.0f);
  fader.enabled = true;
  float prev = 0.0f, prev_step = 0.0f;
  float max_step = 0.0f;
  int frames = 0;
  while (fader.Weight() < 1.0f && frames < 1000) {
    const float w = fader.Update(dt);
    EXPECT_GE(w, prev);  // monotonic fade in
    const float step = w - prev;
    max_step = std::max(max_step, step);
    // Smooth: the per-frame change itself changes gradually (no kink).
    EXPECT_LT(std::abs(step - prev_step), 2e-3f);
    prev_step = step;
    prev = w;
    ++frames;
  }
  EXPECT_NEAR(frames, 60, 1);                                // 0.25 s at 240 Hz
  EXPECT_LT(max_step, 1.5f * dt / fader.fade_time + 1e-6f);  // smoothstep peak slope 1.5
  // The first and last steps are tiny: no snap when IK turns on or settles.
  EXPECT_EQ(fader.Weight(), 1.0f);

  // Turning off half way through a fade continues from the current weight.
  fader.enabled = false;
  for (int i = 0; i < 30; ++i) fader.Update(dt);
  const float mid = fader.Weight();
  EXPECT_GT(mid, 0.2f);
  EXPECT_LT(mid, 0.8f);
  fader.enabled = true;
  const float after = fader.Update(dt);
  EXPECT_LT(std::abs(after - mid), 1.5f * dt / fader.fade_time + 1e-6f);
  fader.enabled = false;
  for (int i = 0; i < 200; ++i) fader.Update(dt);
  EXPECT_EQ(fader.Weight(), 0.0f);
}

TEST(IkWeightFader, ZeroFadeTimeSwitchesAtOnce) {
  IkWeightFader fader;
  fader.fade_time = 0.0f;
  fader.enabled = true;
  EXPECT_EQ(fader.Update(0.016f), 1.0f);
}

}  // namespace
}  // namespace knights::ik
