#include "knights/anim/locomotion_blend.h"

#include <cmath>

#include <gtest/gtest.h>

#include "anim_test_util.h"

namespace knights::anim {
namespace {

Clip CycleClip(const char* name, float duration_s, std::optional<float> speed_mps) {
  ClipDesc d;
  d.name = name;
  d.joint_count = 1;
  d.loop = true;
  d.speed_mps = speed_mps;
  JointTrackDesc track;
  track.joint = 0;
  track.translations = {{0.0f, {0, 0, 0}}, {duration_s / 2, {0, 0.1f, 0}}, {duration_s, {0, 0, 0}}};
  d.tracks = {track};
  return Clip::Create(d).value();
}

class LocomotionBlendTest : public ::testing::Test {
 protected:
  // Walk: 1.5 m/s, 1 s cycle (1.5 m stride). Run: 4 m/s, 0.6 s cycle (2.4 m stride).
  const Clip walk_ = CycleClip("walk", 1.0f, 1.5f);
  const Clip run_ = CycleClip("run", 0.6f, 4.0f);
  LocomotionBlend loco_{&walk_, &run_};
};

TEST_F(LocomotionBlendTest, AtWalkSpeedPlaysWalkAtNaturalRate) {
  ASSERT_TRUE(loco_.Update(1.5f, 0.25f));
  EXPECT_FLOAT_EQ(loco_.run_weight, 0.0f);
  EXPECT_FLOAT_EQ(loco_.WalkWeight(), 1.0f);
  EXPECT_NEAR(loco_.playback_rate, 1.0f, 1e-6f);
  EXPECT_NEAR(loco_.phase, 0.25f, 1e-6f);
  EXPECT_NEAR(loco_.WalkTimeS(), 0.25f, 1e-6f);
  EXPECT_NEAR(loco_.RunTimeS(), 0.15f, 1e-6f);
}

TEST_F(LocomotionBlendTest, AtRunSpeedPlaysRunAtNaturalRate) {
  ASSERT_TRUE(loco_.Update(4.0f, 0.3f));
  EXPECT_FLOAT_EQ(loco_.run_weight, 1.0f);
  EXPECT_NEAR(loco_.playback_rate, 1.0f, 1e-6f);
  EXPECT_NEAR(loco_.cycle_duration_s, 0.6f, 1e-6f);
  EXPECT_NEAR(loco_.phase, 0.5f, 1e-6f);
  EXPECT_NEAR(loco_.RunTimeS(), 0.3f, 1e-6f);
}

TEST_F(LocomotionBlendTest, InBetweenInterpolatesCycleAndStride) {
  ASSERT_TRUE(loco_.Update(2.75f, 0.0f));
  EXPECT_NEAR(loco_.run_weight, 0.5f, 1e-6f);
  EXPECT_NEAR(loco_.cycle_duration_s, 0.8f, 1e-6f);
  EXPECT_NEAR(loco_.stride_m, 0.5f * 1.5f + 0.5f * 2.4f, 1e-6f);
  // Rate relative to the blended clips' natural speed L / D.
  EXPECT_NEAR(loco_.playback_rate, 2.75f / (1.95f / 0.8f), 1e-5f);
}

TEST_F(LocomotionBlendTest, FeetDoNotSlide) {
  // Over any run of speeds, cycles completed * stride = distance travelled
  // whenever the speed (hence the stride) is held constant.
  for (float speed : {0.7f, 1.5f, 2.0f, 3.3f, 4.0f, 6.0f}) {
    LocomotionBlend loco{&walk_, &run_};
    float cycles = 0.0f;
    const float dt = 1.0f / 60.0f;
    for (int i = 0; i < 60; ++i) {
      const float before = loco.phase;
      ASSERT_TRUE(loco.Update(speed, dt));
      float delta = loco.phase - before;
      if (delta < 0.0f) delta += 1.0f;
      cycles += delta;
    }
    EXPECT_NEAR(cycles * loco.stride_m, speed * 1.0f, 1e-3f) << "speed " << speed;
  }
}

// Stopped dead (a run to a standstill in one step) the mix eases to the
// walk at the set rate instead of snapping; from a standstill at once the
// first update takes its speed's weight; the phase still advances by the
// speed over the blended stride.
TEST_F(LocomotionBlendTest, TheRunWeightFollowsTheSpeedAtMostAtItsRate) {
  LocomotionBlend loco{&walk_, &run_};
  loco.max_run_weight_rate_per_s = 3.0f;
  const float dt = 1.0f / 60.0f;
  ASSERT_TRUE(loco.Update(4.0f, dt));
  EXPECT_FLOAT_EQ(loco.run_weight, 1.0f);  // the first update: at once
  ASSERT_TRUE(loco.Update(0.0f, dt));
  EXPECT_NEAR(loco.run_weight, 1.0f - 3.0f * dt, 1e-6f);
  int steps = 1;
  while (loco.run_weight > 0.0f && steps < 100) {
    const float before = loco.run_weight;
    const float phase = loco.phase;
    ASSERT_TRUE(loco.Update(0.0f, dt));
    EXPECT_LE(before - loco.run_weight, 3.0f * dt + 1e-6f);
    EXPECT_FLOAT_EQ(loco.phase, phase);  // standing: the cycle holds
    ++steps;
  }
  EXPECT_EQ(steps, 20);  // 1 / (3 per second) at 60 Hz
  // Speeding up it follows at the same rate; held, it reaches the weight.
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(loco.Update(2.75f, dt));
  EXPECT_NEAR(loco.run_weight, 0.5f, 1e-5f);
  // Without a rate it snaps, as before.
  LocomotionBlend snap{&walk_, &run_};
  ASSERT_TRUE(snap.Update(4.0f, dt));
  ASSERT_TRUE(snap.Update(0.0f, dt));
  EXPECT_FLOAT_EQ(snap.run_weight, 0.0f);
}

TEST_F(LocomotionBlendTest, FeetDoNotSlideWhileTheWeightEases) {
  LocomotionBlend loco{&walk_, &run_};
  loco.max_run_weight_rate_per_s = 3.0f;
  const float dt = 1.0f / 60.0f;
  ASSERT_TRUE(loco.Update(1.5f, dt));
  // 4 m/s from a walk: the weight eases up over a third of a second; each
  // step the phase advances the speed's distance over that step's stride.
  for (int i = 0; i < 30; ++i) {
    const float before = loco.phase;
    ASSERT_TRUE(loco.Update(4.0f, dt));
    float delta = loco.phase - before;
    if (delta < 0.0f) delta += 1.0f;
    EXPECT_NEAR(delta * loco.stride_m, 4.0f * dt, 2e-3f) << i;
  }
  EXPECT_FLOAT_EQ(loco.run_weight, 1.0f);
}

TEST_F(LocomotionBlendTest, BothClipsStayAtTheSamePhase) {
  const float speeds[] = {0.5f, 1.5f, 2.2f, 3.1f, 4.0f, 5.0f, 2.0f, 1.0f};
  for (int i = 0; i < 400; ++i) {
    ASSERT_TRUE(loco_.Update(speeds[(i / 50) % 8], 1.0f / 60.0f));
    EXPECT_GE(loco_.phase, 0.0f);
    EXPECT_LT(loco_.phase, 1.0f);
    EXPECT_NEAR(walk_.NormalizedTime(loco_.WalkTimeS()), run_.NormalizedTime(loco_.RunTimeS()), 1e-5f);
  }
}

TEST_F(LocomotionBlendTest, StandingStillHoldsThePhase) {
  ASSERT_TRUE(loco_.Update(1.5f, 0.1f));
  const float phase = loco_.phase;
  ASSERT_TRUE(loco_.Update(0.0f, 0.5f));
  EXPECT_FLOAT_EQ(loco_.phase, phase);
  EXPECT_FLOAT_EQ(loco_.playback_rate, 0.0f);
}

TEST_F(LocomotionBlendTest, RejectsClipsWithoutUsableSpeeds) {
  const Clip no_speed = CycleClip("idle", 1.0f, std::nullopt);
  LocomotionBlend missing{&walk_, &no_speed};
  EXPECT_FALSE(missing.Update(1.0f, 0.1f));
  LocomotionBlend swapped{&run_, &walk_};  // "run" slower than "walk"
  EXPECT_FALSE(swapped.Update(1.0f, 0.1f));
  EXPECT_FLOAT_EQ(swapped.phase, 0.0f);
  LocomotionBlend null_clip{&walk_, nullptr};
  EXPECT_FALSE(null_clip.Update(1.0f, 0.1f));
  EXPECT_FALSE(loco_.Update(std::nanf(""), 0.1f));
}

}  // namespace
}  // namespace knights::anim
