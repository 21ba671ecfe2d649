// math::SegmentIntoCapsule against points worked out by hand: through the
// side, through either cap, missing it, starting inside it, and along a
// degenerate (point) axis, with the entry's normal out of the capsule.

#include "knights/math/segment_capsule.h"

#include <gtest/gtest.h>

namespace knights::math {
namespace {

const glm::vec3 kBottom(0.0f, 0.0f, 0.0f);
const glm::vec3 kTop(0.0f, 2.0f, 0.0f);
constexpr float kRadius = 0.5f;

void ExpectNear(const glm::vec3& got, const glm::vec3& want) {
  EXPECT_NEAR(got.x, want.x, 1e-5f);
  EXPECT_NEAR(got.y, want.y, 1e-5f);
  EXPECT_NEAR(got.z, want.z, 1e-5f);
}

TEST(SegmentIntoCapsule, EntersTheSideWithTheNormalAcross) {
  const CapsuleEntry e = SegmentIntoCapsule({2.0f, 1.0f, 0.0f}, {-2.0f, 1.0f, 0.0f}, kBottom, kTop, kRadius);
  ASSERT_TRUE(e.hit);
  EXPECT_NEAR(e.t, 1.5f / 4.0f, 1e-5f);
  ExpectNear(e.point, {0.5f, 1.0f, 0.0f});
  ExpectNear(e.normal, {1.0f, 0.0f, 0.0f});
}

TEST(SegmentIntoCapsule, EntersEitherCapAlongItsRadius) {
  const CapsuleEntry top = SegmentIntoCapsule({0.0f, 4.0f, 0.0f}, {0.0f, 1.0f, 0.0f}, kBottom, kTop, kRadius);
  ASSERT_TRUE(top.hit);
  ExpectNear(top.point, {0.0f, 2.5f, 0.0f});
  ExpectNear(top.normal, {0.0f, 1.0f, 0.0f});
  // Slanting into the bottom cap, below the cylinder.
  const glm::vec3 a(1.0f, -1.0f, 0.0f), b(0.0f, 0.0f, 0.0f);
  const CapsuleEntry bottom = SegmentIntoCapsule(a, b, kBottom, kTop, kRadius);
  ASSERT_TRUE(bottom.hit);
  EXPECT_NEAR(glm::length(bottom.point - kBottom), kRadius, 1e-5f);
  EXPECT_NEAR(glm::dot(bottom.normal, glm::normalize(a - b)), 1.0f, 1e-5f);
}

TEST(SegmentIntoCapsule, MissesWhatItDoesNotReach) {
  EXPECT_FALSE(SegmentIntoCapsule({2.0f, 1.0f, 0.0f}, {0.6f, 1.0f, 0.0f}, kBottom, kTop, kRadius).hit)
      << "stops short of the side";
  EXPECT_FALSE(SegmentIntoCapsule({2.0f, 1.0f, 0.6f}, {-2.0f, 1.0f, 0.6f}, kBottom, kTop, kRadius).hit)
      << "passes beside it";
  EXPECT_FALSE(SegmentIntoCapsule({2.0f, 3.0f, 0.0f}, {-2.0f, 3.0f, 0.0f}, kBottom, kTop, kRadius).hit)
      << "passes over the top cap";
}

TEST(SegmentIntoCapsule, AStartInsideIsNoEntry) {
  EXPECT_FALSE(SegmentIntoCapsule({0.2f, 1.0f, 0.0f}, {3.0f, 1.0f, 0.0f}, kBottom, kTop, kRadius).hit);
  EXPECT_FALSE(SegmentIntoCapsule({0.0f, 2.3f, 0.0f}, {0.0f, -3.0f, 0.0f}, kBottom, kTop, kRadius).hit);
}

TEST(SegmentIntoCapsule, APointAxisIsASphere) {
  const CapsuleEntry e = SegmentIntoCapsule({0.0f, 0.0f, 3.0f}, {0.0f, 0.0f, -3.0f}, kBottom, kBottom, kRadius);
  ASSERT_TRUE(e.hit);
  ExpectNear(e.point, {0.0f, 0.0f, 0.5f});
  ExpectNear(e.normal, {0.0f, 0.0f, 1.0f});
}

}  // namespace
}  // namespace knights::math
