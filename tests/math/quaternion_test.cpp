#include "knights/math/quaternion.h"

#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "knights/math/approx.h"

namespace knights::math {
namespace {

constexpr float kHalfPi = 1.57079632679f;

glm::quat Z(float angle) { return glm::angleAxis(angle, glm::vec3(0, 0, 1)); }
glm::quat Negate(const glm::quat& q) { return glm::quat(-q.w, -q.x, -q.y, -q.z); }

TEST(QuaternionTest, NlerpEndpoints) {
  const glm::quat a = Z(0.2f), b = Z(1.4f);
  EXPECT_TRUE(ApproxEqual(NlerpShortest(a, b, 0.0f), a));
  EXPECT_TRUE(ApproxEqual(NlerpShortest(a, b, 1.0f), b));
}

TEST(QuaternionTest, NlerpMidpointOfSymmetricPairIsHalfAngle) {
  // Halfway between 0 and 90 degrees about z is exactly 45 degrees (by symmetry
  // nlerp and slerp agree at the midpoint).
  EXPECT_TRUE(SameRotation(NlerpShortest(Z(0.0f), Z(kHalfPi), 0.5f), Z(kHalfPi / 2)));
}

TEST(QuaternionTest, NlerpTakesShortPathWhenEndIsNegated) {
  const glm::quat a = Z(0.0f), b = Z(kHalfPi);
  const glm::quat direct = NlerpShortest(a, b, 0.3f);
  const glm::quat flipped = NlerpShortest(a, Negate(b), 0.3f);
  EXPECT_TRUE(SameRotation(direct, flipped));
  // The result is a unit quaternion.
  EXPECT_NEAR(QuatDot(flipped, flipped), 1.0f, 1e-6f);
}

TEST(QuaternionTest, AlignHemisphere) {
  const glm::quat ref = Z(0.3f);
  const glm::quat q = Negate(Z(0.5f));
  const glm::quat aligned = AlignHemisphere(q, ref);
  EXPECT_GE(QuatDot(aligned, ref), 0.0f);
  EXPECT_TRUE(ApproxEqual(aligned, Z(0.5f)));
  EXPECT_TRUE(ApproxEqual(AlignHemisphere(Z(0.5f), ref), Z(0.5f)));
}

TEST(QuaternionTest, NormalizeOrIdentity) {
  EXPECT_TRUE(ApproxEqual(NormalizeOrIdentity(glm::quat(0, 0, 0, 0)), glm::identity<glm::quat>()));
  EXPECT_TRUE(ApproxEqual(NormalizeOrIdentity(glm::quat(2, 0, 0, 0)), glm::identity<glm::quat>()));
  const glm::quat q = NormalizeOrIdentity(glm::quat(1, 1, 1, 1));
  EXPECT_TRUE(ApproxEqual(q, glm::quat(0.5f, 0.5f, 0.5f, 0.5f)));
}

TEST(QuaternionTest, InvSqrtFastIsAccurate) {
  for (float x = 1e-6f; x < 1e6f; x *= 1.37f) {
    const double exact = 1.0 / std::sqrt(static_cast<double>(x));
    EXPECT_NEAR(InvSqrtFast(x) / exact, 1.0, 1e-6) << "x=" << x;
  }
}

TEST(QuaternionTest, NormalizeOrIdentityFastGivesUnitLength) {
  for (float s : {1e-5f, 0.3f, 1.0f, 1.7f, 250.0f}) {
    const glm::quat q = NormalizeOrIdentityFast(glm::quat(0.2f * s, -0.5f * s, 0.1f * s, 0.9f * s));
    EXPECT_NEAR(QuatDot(q, q), 1.0f, 2e-6f) << s;
    EXPECT_TRUE(ApproxEqual(q, NormalizeOrIdentity(glm::quat(0.2f, -0.5f, 0.1f, 0.9f)), 1e-6f));
  }
  EXPECT_TRUE(ApproxEqual(NormalizeOrIdentityFast(glm::quat(0, 0, 0, 0)), glm::identity<glm::quat>()));
}

TEST(ApproxTest, SameRotationAcceptsNegatedQuaternion) {
  const glm::quat q = glm::angleAxis(1.0f, glm::normalize(glm::vec3(1, 2, 3)));
  EXPECT_TRUE(SameRotation(q, Negate(q)));
  EXPECT_FALSE(ApproxEqual(q, Negate(q)));
  EXPECT_FALSE(SameRotation(q, Z(1.0f)));
}

TEST(ApproxTest, Tolerance) {
  EXPECT_TRUE(ApproxEqual(1.0f, 1.0f + 1e-6f));
  EXPECT_FALSE(ApproxEqual(1.0f, 1.001f));
  EXPECT_TRUE(ApproxEqual(1.0f, 1.001f, 1e-2f));
}

}  // namespace
}  // namespace knights::math
