// core::XorShift32: Marsaglia's sequence (the published first output for
// seed 1), a zero seed replaced, and Next01 within [0, 1) with the low 24
// bits of each output.

#include "knights/core/xor_shift32.h"

#include <cstdint>

#include <gtest/gtest.h>

namespace knights::core {
namespace {

TEST(XorShift32, FollowsMarsagliasSequence) {
  XorShift32 rng(1);
  EXPECT_EQ(rng.Next(), 270369u);  // 1 ^ 1 << 13 = 8193; 8193 ^ 8193 << 5
  // The same three shifts done by hand on the previous output.
  uint32_t x = 270369u;
  for (int i = 0; i < 1000; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    ASSERT_EQ(rng.Next(), x) << i;
  }
}

TEST(XorShift32, AZeroSeedStartsFromTheZeroSeed) {
  XorShift32 zero(0, 7u), seven(7u);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(zero.Next(), seven.Next());
  XorShift32 default_zero(0);
  EXPECT_NE(default_zero.Next(), 0u);
}

TEST(XorShift32, Next01IsTheLow24BitsInZeroToOne) {
  XorShift32 a(12345u), b(12345u);
  for (int i = 0; i < 10000; ++i) {
    const float u = a.Next01();
    ASSERT_GE(u, 0.0f);
    ASSERT_LT(u, 1.0f);
    ASSERT_EQ(u, static_cast<float>(b.Next() & 0xFFFFFFu) / 16777216.0f);
  }
}

}  // namespace
}  // namespace knights::core
