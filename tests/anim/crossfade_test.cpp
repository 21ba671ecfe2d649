#include "knights/anim/crossfade.h"

#include "knights/anim/clip.h"

#include <gtest/gtest.h>

namespace knights::anim {
namespace {

TEST(CrossfadeTest, LinearWeights) {
  Crossfade fade;
  fade.smooth = false;
  fade.Start(nullptr, nullptr, 0.5f);
  EXPECT_FLOAT_EQ(fade.ToWeight(), 0.0f);
  EXPECT_FLOAT_EQ(fade.FromWeight(), 1.0f);
  EXPECT_FALSE(fade.Done());
  fade.Advance(0.125f);
  EXPECT_FLOAT_EQ(fade.ToWeight(), 0.25f);
  EXPECT_FLOAT_EQ(fade.FromWeight(), 0.75f);
  fade.Advance(1.0f);  // past the end: clamped
  EXPECT_FLOAT_EQ(fade.ToWeight(), 1.0f);
  EXPECT_FLOAT_EQ(fade.elapsed_s, 0.5f);
  EXPECT_TRUE(fade.Done());
}

TEST(CrossfadeTest, SmoothWeightsAreMonotonicSymmetricAndSumToOne) {
  Crossfade fade;
  fade.Start(nullptr, nullptr, 1.0f);
  float previous = -1.0f;
  for (int i = 0; i <= 20; ++i) {
    const float w = fade.ToWeight();
    EXPECT_GE(w, previous);
    EXPECT_FLOAT_EQ(w + fade.FromWeight(), 1.0f);
    previous = w;
    fade.Advance(0.05f);
  }
  Crossfade half;
  half.Start(nullptr, nullptr, 1.0f);
  half.Advance(0.5f);
  EXPECT_NEAR(half.ToWeight(), 0.5f, 1e-6f);
  half.Start(nullptr, nullptr, 1.0f);
  half.Advance(0.25f);
  // smoothstep(0.25) = 3/16 - 2/64 = 0.15625: slower than linear at the start.
  EXPECT_NEAR(half.ToWeight(), 0.15625f, 1e-6f);
}

TEST(CrossfadeTest, ZeroDurationIsACutAndStartResets) {
  const Clip a, b;  // empty clips: the fade only stores the pointers
  const Clip* from = &a;
  const Clip* to = &b;
  Crossfade fade;
  fade.Start(from, to, 0.0f);
  EXPECT_EQ(fade.from, from);
  EXPECT_EQ(fade.to, to);
  EXPECT_FLOAT_EQ(fade.ToWeight(), 1.0f);
  EXPECT_TRUE(fade.Done());
  fade.Start(to, from, 0.3f);
  EXPECT_FLOAT_EQ(fade.ToWeight(), 0.0f);
  fade.Advance(-1.0f);  // ignored
  EXPECT_FLOAT_EQ(fade.elapsed_s, 0.0f);
}

}  // namespace
}  // namespace knights::anim
