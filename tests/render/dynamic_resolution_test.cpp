// Dynamic resolution against machines modelled as a fixed cost plus a cost
// per pixel (a software rasteriser: the time follows the render scale
// squared): it settles at or under the target, never pumps, and stays at
// its bounds where the target is out of reach.

#include "knights/render/dynamic_resolution.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace knights::render {
namespace {

// A machine: milliseconds a frame takes at `scale`.
struct Machine {
  float fixed_ms;
  float full_scale_pixels_ms;  // the per-pixel part at scale 1
  float FrameMs(float scale) const { return fixed_ms + full_scale_pixels_ms * scale * scale; }
};

struct Outcome {
  int changes_after_settling = 0;
  float last_scale = 0.0f;
  float last_frame_ms = 0.0f;
};

// 600 frames (ten seconds at the target); changes counted after the first 200.
Outcome Drive(DynamicResolution& dynamic, const Machine& machine) {
  Outcome run;
  float scale = dynamic.scale();
  for (int frame = 0; frame < 600; ++frame) {
    run.last_frame_ms = machine.FrameMs(scale);
    const float next = dynamic.AddFrame(run.last_frame_ms);
    if (frame >= 200 && next != scale) ++run.changes_after_settling;
    scale = next;
  }
  run.last_scale = scale;
  return run;
}

TEST(DynamicResolution, ASlowMachineSettlesUnderTheTargetWithoutPumping) {
  DynamicResolution dynamic;
  const Machine llvmpipe{5.0f, 60.0f};  // 65 ms at full scale
  const Outcome run = Drive(dynamic, llvmpipe);
  EXPECT_LE(run.last_frame_ms, dynamic.settings().target_frame_ms);
  EXPECT_GT(run.last_scale, 0.55f) << "not lower than it needs: 0.6 takes 26.6 ms";
  EXPECT_EQ(run.changes_after_settling, 0);
  const float steps = run.last_scale / dynamic.settings().step;
  EXPECT_NEAR(steps, std::round(steps), 1e-3f) << "a multiple of the step";
}

TEST(DynamicResolution, AFastMachineKeepsTheFullScale) {
  DynamicResolution dynamic;
  const Outcome run = Drive(dynamic, Machine{2.0f, 10.0f});
  EXPECT_EQ(run.last_scale, 1.0f);
  EXPECT_EQ(run.changes_after_settling, 0);
}

TEST(DynamicResolution, ClimbsBackOneStepAtATimeWhenTheLoadGoes) {
  DynamicResolution dynamic;
  Drive(dynamic, Machine{5.0f, 60.0f});
  const float low = dynamic.scale();
  ASSERT_LT(low, 0.8f);
  const int windows = dynamic.settings().window_frames;
  for (int frame = 0; frame < windows; ++frame) dynamic.AddFrame(5.0f);
  EXPECT_NEAR(dynamic.scale(), low + dynamic.settings().step, 1e-4f) << "one step per window, not at once";
  for (int frame = 0; frame < 20 * windows; ++frame) dynamic.AddFrame(5.0f);
  EXPECT_EQ(dynamic.scale(), 1.0f);
}

TEST(DynamicResolution, StaysAtItsBoundsWhereTheTargetIsOutOfReach) {
  DynamicResolutionSettings settings;
  settings.max_scale = 0.75f;  // the player's own choice is the ceiling
  DynamicResolution dynamic(settings);
  EXPECT_EQ(dynamic.scale(), 0.75f);
  const Outcome run = Drive(dynamic, Machine{40.0f, 200.0f});  // over the target at any scale
  EXPECT_EQ(run.last_scale, settings.min_scale);
}

TEST(DynamicResolution, OneSlowFrameOrNonsenseDoesNotMoveIt) {
  DynamicResolution dynamic;
  const int windows = dynamic.settings().window_frames;
  for (int frame = 0; frame < 3 * windows; ++frame) {
    dynamic.AddFrame(frame % windows == 7 ? 500.0f : 20.0f);  // a shader compiled at first use
    dynamic.AddFrame(std::numeric_limits<float>::quiet_NaN());
    dynamic.AddFrame(-1.0f);
  }
  EXPECT_EQ(dynamic.scale(), 1.0f);
}

}  // namespace
}  // namespace knights::render
