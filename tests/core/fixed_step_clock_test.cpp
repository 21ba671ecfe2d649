// core::FixedStepClock: game time keeps to real time at any frame rate a
// player can meet (a software rasteriser at 2 fps runs 30 steps a frame,
// not 8), the leftover interpolates, and only a stall past a second is
// dropped.

#include "knights/core/fixed_step_clock.h"

#include <gtest/gtest.h>

namespace knights::core {
namespace {

constexpr double kStepS = 1.0 / 60.0;

// Sim seconds run for `frames` frames of `frame_s` real seconds each.
double SimSecondsFor(FixedStepClock& clock, int frames, double frame_s) {
  int steps = 0;
  for (int i = 0; i < frames; ++i) steps += clock.Advance(frame_s);
  return steps * kStepS;
}

TEST(FixedStepClock, GameTimeKeepsToRealTimeAtAnyFrameRate) {
  for (const double fps : {240.0, 60.0, 24.0, 7.0, 3.0, 1.5, 1.01}) {
    FixedStepClock clock(kStepS);
    const int frames = static_cast<int>(fps * 10.0);  // ten seconds of frames
    const double real_s = frames / fps;
    const double sim_s = SimSecondsFor(clock, frames, 1.0 / fps);
    // Behind by at most the leftover (one step, within rounding), never in
    // slow motion.
    EXPECT_LE(real_s - sim_s, kStepS + 1e-9) << fps << " fps";
    EXPECT_GE(real_s - sim_s, -1e-9) << fps << " fps";
    EXPECT_NEAR(sim_s + clock.Alpha() * kStepS, real_s, 1e-9) << fps << " fps";
  }
}

TEST(FixedStepClock, AStallLongerThanTheCatchUpIsDropped) {
  FixedStepClock clock(kStepS, 1.0);
  EXPECT_EQ(clock.DroppedSeconds(), 0.0);
  EXPECT_EQ(clock.Advance(5.0), 60);  // a 5 s debugger break: one second's steps
  EXPECT_EQ(clock.Alpha(), 0.0);
  EXPECT_NEAR(clock.DroppedSeconds(), 4.0, 1e-9) << "the rest is dropped, and counted";
  EXPECT_EQ(clock.Advance(kStepS * 2.5), 2);
  EXPECT_NEAR(clock.Alpha(), 0.5, 1e-9);
  EXPECT_EQ(clock.Advance(-1.0), 0);  // bad elapsed times add nothing
  EXPECT_NEAR(clock.Alpha(), 0.5, 1e-9);
}

}  // namespace
}  // namespace knights::core
