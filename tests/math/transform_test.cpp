// Transform <-> matrix conversions and the glm pitfalls listed in
// docs/ik.md.
#include "knights/math/transform.h"

#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "knights/math/approx.h"

namespace knights::math {
namespace {

constexpr float kHalfPi = 1.57079632679f;

glm::quat AxisAngle(float angle, glm::vec3 axis) { return glm::angleAxis(angle, glm::normalize(axis)); }

TEST(TransformTest, IdentityIsIdentityMatrix) {
  EXPECT_TRUE(ApproxEqual(ToMatrix(Transform::Identity()), glm::mat4(1.0f)));
}

TEST(TransformTest, QuarterTurnAboutZByHand) {
  Transform t;
  t.rotation = AxisAngle(kHalfPi, {0, 0, 1});
  t.translation = {1, 2, 3};
  const glm::mat4 m = ToMatrix(t);
  // x axis goes to +y, y axis to -x, z stays; translation in the last column.
  EXPECT_TRUE(ApproxEqual(m[0], glm::vec4(0, 1, 0, 0)));
  EXPECT_TRUE(ApproxEqual(m[1], glm::vec4(-1, 0, 0, 0)));
  EXPECT_TRUE(ApproxEqual(m[2], glm::vec4(0, 0, 1, 0)));
  EXPECT_TRUE(ApproxEqual(m[3], glm::vec4(1, 2, 3, 1)));
}

TEST(TransformTest, ScaleMatrixLastColumnIsZeroZeroZeroOne) {
  Transform t;
  t.scale = {2, 3, 4};
  const glm::mat4 m = ToMatrix(t);
  EXPECT_TRUE(ApproxEqual(m[3], glm::vec4(0, 0, 0, 1)));
  EXPECT_TRUE(ApproxEqual(m[0], glm::vec4(2, 0, 0, 0)));
  EXPECT_TRUE(ApproxEqual(m[1], glm::vec4(0, 3, 0, 0)));
  EXPECT_TRUE(ApproxEqual(m[2], glm::vec4(0, 0, 4, 0)));
}

TEST(TransformTest, RotationMatrixRow3Column2HasPlusSign) {
  const glm::quat q = AxisAngle(0.7f, {0.3f, -0.5f, 0.8f});
  Transform t;
  t.rotation = q;
  const glm::mat4 m = ToMatrix(t);
  // 1-based row 3, column 2 is m[1][2] in glm's [column][row] indexing.
  EXPECT_NEAR(m[1][2], 2.0f * (q.y * q.z + q.w * q.x), 1e-6f);
  EXPECT_NEAR(m[2][1], 2.0f * (q.y * q.z - q.w * q.x), 1e-6f);
}

TEST(TransformTest, AppliesScaleThenRotationThenTranslation) {
  Transform t;
  t.translation = {1, -2, 0.5f};
  t.rotation = AxisAngle(1.1f, {1, 1, 0});
  t.scale = {2, 0.5f, -3};
  const glm::vec3 p(0.3f, -0.7f, 1.9f);
  const glm::vec3 expected = t.translation + t.rotation * (t.scale * p);
  const glm::vec3 got = glm::vec3(ToMatrix(t) * glm::vec4(p, 1.0f));
  EXPECT_TRUE(ApproxEqual(got, expected, 1e-5f));
}

TEST(TransformTest, GlmQuatConstructorTakesWFirst) {
  // glm::quat(w, x, y, z): (0, 0, 0, 1) is a half turn about z, not the identity.
  const glm::quat half_turn_z(0.0f, 0.0f, 0.0f, 1.0f);
  EXPECT_EQ(half_turn_z.w, 0.0f);
  EXPECT_EQ(half_turn_z.z, 1.0f);
  EXPECT_TRUE(ApproxEqual(half_turn_z * glm::vec3(1, 0, 0), glm::vec3(-1, 0, 0)));
  const glm::quat identity = glm::identity<glm::quat>();
  EXPECT_EQ(identity.w, 1.0f);
  EXPECT_TRUE(ApproxEqual(identity * glm::vec3(1, 0, 0), glm::vec3(1, 0, 0)));
  EXPECT_TRUE(ApproxEqual(Transform{}.rotation, identity));
}

struct RoundTripCase {
  glm::vec3 translation;
  glm::quat rotation;
  glm::vec3 scale;
};

class TransformRoundTripTest : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(TransformRoundTripTest, MatrixToTransformToMatrix) {
  const RoundTripCase& c = GetParam();
  const Transform t{c.translation, c.rotation, c.scale};
  const glm::mat4 m = ToMatrix(t);
  const Transform back = FromMatrix(m);
  // The matrix always survives the round trip.
  EXPECT_TRUE(ApproxEqual(ToMatrix(back), m, 1e-5f));
  // TRS itself too when the mirror (if any) is on x, the axis FromMatrix uses.
  if (c.scale.y > 0.0f && c.scale.z > 0.0f) {
    EXPECT_TRUE(ApproxEqual(back, t, 1e-5f)) << "scale " << back.scale.x << " " << back.scale.y << " " << back.scale.z;
  }
  // A mirror shows up as a negative determinant and a negative x scale.
  const bool mirrored = c.scale.x * c.scale.y * c.scale.z < 0.0f;
  EXPECT_EQ(glm::determinant(m) < 0.0f, mirrored);
  EXPECT_EQ(back.scale.x < 0.0f, mirrored);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, TransformRoundTripTest,
    ::testing::Values(
        RoundTripCase{{0, 0, 0}, glm::identity<glm::quat>(), {1, 1, 1}},
        RoundTripCase{{1, 2, 3}, glm::angleAxis(kHalfPi, glm::vec3(0, 0, 1)), {1, 1, 1}},
        RoundTripCase{{-4, 0.5f, 9}, glm::angleAxis(2.5f, glm::normalize(glm::vec3(1, -2, 3))), {2, 2, 2}},
        RoundTripCase{{0, 1, 0}, glm::angleAxis(0.4f, glm::normalize(glm::vec3(0, 1, 1))), {0.5f, 2, 3}},
        // Mirrored: negative x, then negative y, then all three negative.
        RoundTripCase{{1, 1, 1}, glm::angleAxis(1.0f, glm::normalize(glm::vec3(1, 1, 0))), {-1, 1, 1}},
        RoundTripCase{{3, -1, 2}, glm::angleAxis(-0.8f, glm::normalize(glm::vec3(0, 0, 1))), {1.5f, -2, 0.7f}},
        RoundTripCase{{0, 0, 0}, glm::angleAxis(3.0f, glm::normalize(glm::vec3(2, 1, 0))), {-1, -1, -1}}));

}  // namespace
}  // namespace knights::math
