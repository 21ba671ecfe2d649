// The quaternion and frame helpers of ik/ik_math.h, and the glm pitfalls that
// ik.md lists (each documented by a test that would catch the mistake).

#include "ik/ik_math.h"

#include <cmath>
#include <limits>
#include <random>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "math/transform.h"

namespace knights::ik {
namespace {

glm::vec3 RandomUnit(std::mt19937& rng) {
  std::normal_distribution<float> g(0.0f, 1.0f);
  return glm::normalize(glm::vec3(g(rng), g(rng), g(rng)));
}

glm::quat RandomQuat(std::mt19937& rng) {
  std::normal_distribution<float> g(0.0f, 1.0f);
  return glm::normalize(glm::quat(g(rng), g(rng), g(rng), g(rng)));
}

// Pitfall: glm::quat's constructor takes (w, x, y, z). quat(0,0,0,1) is a
// half turn about z, not the identity.
TEST(GlmPitfalls, QuatConstructorIsWxyz) {
  const glm::quat q(0.0f, 0.0f, 0.0f, 1.0f);
  EXPECT_EQ(q.w, 0.0f);
  EXPECT_EQ(q.z, 1.0f);
  const glm::vec3 x = q * glm::vec3(1.0f, 0.0f, 0.0f);
  EXPECT_NEAR(x.x, -1.0f, 1e-6f);  // x turned half way around z
  EXPECT_NEAR(x.y, 0.0f, 1e-6f);
  EXPECT_NEAR(glm::angle(q), glm::pi<float>(), 1e-5f);
  const glm::quat id = glm::identity<glm::quat>();
  EXPECT_EQ(id.w, 1.0f);
  EXPECT_EQ(id.x + id.y + id.z, 0.0f);
  EXPECT_NE(q, id);
}

// Pitfall: the rotation matrix element at row 3, column 2 (1-based) is
// 2(qy*qz + qw*qx), with a plus. glm stores columns: m[col][row].
TEST(GlmPitfalls, QuatToMatrixRow3Col2HasPlus) {
  std::mt19937 rng(3);
  for (int i = 0; i < 1000; ++i) {
    const glm::quat q = RandomQuat(rng);
    const glm::mat3 m = glm::mat3_cast(q);
    EXPECT_NEAR(m[1][2], 2.0f * (q.y * q.z + q.w * q.x), 1e-6f);
    EXPECT_NEAR(m[2][1], 2.0f * (q.y * q.z - q.w * q.x), 1e-6f);
    // Rotate() (used in the solver) agrees with the matrix.
    const glm::vec3 v = RandomUnit(rng);
    EXPECT_LT(glm::distance(Rotate(q, v), m * v), 1e-5f);
    EXPECT_LT(glm::distance(InverseRotate(q, m * v), v), 1e-5f);
  }
}

// Pitfall: a scale matrix has (0,0,0,1) as its last column, not ones.
TEST(GlmPitfalls, ScaleMatrixLastColumn) {
  const glm::mat4 s = glm::scale(glm::mat4(1.0f), glm::vec3(2.0f, 3.0f, 4.0f));
  EXPECT_EQ(s[3], glm::vec4(0.0f, 0.0f, 0.0f, 1.0f));
  math::Transform t;
  t.scale = {2.0f, -3.0f, 0.5f};
  EXPECT_EQ(math::ToMatrix(t)[3], glm::vec4(0.0f, 0.0f, 0.0f, 1.0f));
  // A point is scaled, not translated by the scale.
  EXPECT_EQ(glm::vec3(s * glm::vec4(1.0f, 1.0f, 1.0f, 1.0f)), glm::vec3(2.0f, 3.0f, 4.0f));
}

// Pitfall: the dot of two normalised float vectors can exceed 1, and acos of
// it is NaN; atan2 (and the half-vector construction) never is.
TEST(GlmPitfalls, AcosNeedsClampingAtan2DoesNot) {
  EXPECT_TRUE(std::isnan(std::acos(1.0f + 1e-7f)));
  std::mt19937 rng(5);
  int above_one = 0;
  for (int i = 0; i < 10000; ++i) {
    const glm::vec3 v = RandomUnit(rng) * 3.7f;
    const glm::vec3 u1 = glm::normalize(v), u2 = glm::normalize(v * 1.0000001f);
    const float d = glm::dot(u1, u2);
    if (d > 1.0f) ++above_one;
    EXPECT_FALSE(std::isnan(std::atan2(glm::length(glm::cross(u1, u2)), d)));
    EXPECT_FALSE(std::isnan(std::acos(glm::clamp(d, -1.0f, 1.0f))));
    const glm::quat q = RotationBetween(u1, u2);
    EXPECT_TRUE(IsFinite(q));
    EXPECT_NEAR(q.w, 1.0f, 1e-6f);
  }
  EXPECT_GT(above_one, 0);  // the hazard is real, not hypothetical
}

TEST(RotationBetween, ParallelIsIdentity) {
  std::mt19937 rng(8);
  for (int i = 0; i < 100; ++i) {
    const glm::vec3 u = RandomUnit(rng);
    const glm::quat q = RotationBetween(u * 0.3f, u * 5.0f);
    EXPECT_NEAR(q.w, 1.0f, 1e-6f);
    EXPECT_LT(glm::length(glm::vec3(q.x, q.y, q.z)), 1e-6f);
  }
}

// Antiparallel vectors are not "the same direction": a half turn about an
// axis perpendicular to u, which takes u to -u.
TEST(RotationBetween, AntiparallelIsHalfTurn) {
  std::mt19937 rng(9);
  const glm::vec3 axes[] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
  for (int i = 0; i < 104; ++i) {
    const glm::vec3 u = i < 4 ? glm::normalize(axes[i]) : RandomUnit(rng);
    const glm::quat q = RotationBetween(u, -2.0f * u);
    EXPECT_NEAR(q.w, 0.0f, 1e-6f);
    EXPECT_NEAR(glm::length(q), 1.0f, 1e-6f);
    EXPECT_NEAR(glm::dot(glm::vec3(q.x, q.y, q.z), u), 0.0f, 1e-6f);
    EXPECT_LT(glm::distance(Rotate(q, u), -u), 1e-5f);
  }
}

// Nearly antiparallel (1e-3 rad off): the true small-axis rotation, not a
// snap to an arbitrary half turn.
TEST(RotationBetween, NearlyAntiparallelIsAccurate) {
  const glm::vec3 u(1.0f, 0.0f, 0.0f);
  const glm::vec3 v(-std::cos(1e-3f), std::sin(1e-3f), 0.0f);
  const glm::quat q = RotationBetween(u, v);
  EXPECT_LT(glm::distance(Rotate(q, u), v), 1e-5f);
  EXPECT_GT(q.z, 0.99f);  // about +z
}

TEST(RotationBetween, MatchesAxisAngleReference) {
  std::mt19937 rng(10);
  std::uniform_real_distribution<float> len(0.01f, 10.0f);
  for (int i = 0; i < 10000; ++i) {
    const glm::vec3 u = RandomUnit(rng), v = RandomUnit(rng);
    const glm::quat q = RotationBetween(u * len(rng), v * len(rng));
    const glm::vec3 axis = glm::cross(u, v);
    const glm::quat ref = glm::angleAxis(std::atan2(glm::length(axis), glm::dot(u, v)), glm::normalize(axis));
    EXPECT_LT(std::abs(std::abs(glm::dot(q, ref)) - 1.0f), 1e-5f);
    EXPECT_LT(glm::distance(Rotate(q, u), v), 1e-5f);
    // Minimal: the axis is perpendicular to both vectors.
    EXPECT_NEAR(glm::dot(glm::vec3(q.x, q.y, q.z), u), 0.0f, 1e-5f);
  }
  EXPECT_EQ(RotationBetween(glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f)), glm::identity<glm::quat>());
}

TEST(RotationAbout, KeepsAxisAndHalfTurnsAboutIt) {
  const glm::vec3 axis(0.0f, 0.0f, 1.0f);
  const glm::quat q = RotationAbout({1.0f, 0.0f, 0.3f}, {0.0f, 2.0f, -0.5f}, axis);
  EXPECT_LT(glm::distance(Rotate(q, axis), axis), 1e-6f);
  EXPECT_LT(glm::distance(Rotate(q, glm::vec3(1.0f, 0.0f, 0.0f)), glm::vec3(0.0f, 1.0f, 0.0f)), 1e-6f);
  const glm::quat half = RotationAbout({1.0f, 0.0f, 0.0f}, {-1.0f, 0.0f, 0.0f}, axis);
  EXPECT_LT(glm::distance(Rotate(half, axis), axis), 1e-6f);
  EXPECT_LT(glm::distance(Rotate(half, glm::vec3(1.0f, 0.0f, 0.0f)), glm::vec3(-1.0f, 0.0f, 0.0f)), 1e-6f);
}

TEST(WeightRotation, EndsAndMidpoint) {
  std::mt19937 rng(12);
  for (int i = 0; i < 1000; ++i) {
    glm::quat q = RandomQuat(rng);
    EXPECT_EQ(WeightRotation(q, 0.0f), glm::identity<glm::quat>());
    EXPECT_EQ(WeightRotation(q, 1.0f), q);
    const glm::quat half = WeightRotation(q, 0.5f);
    EXPECT_NEAR(glm::length(half), 1.0f, 1e-6f);
    // Shorter arc: the angle of the blend is half the short-way angle of q.
    const float angle = glm::angle(q.w < 0.0f ? -q : q);
    EXPECT_NEAR(glm::angle(half), 0.5f * angle, 2e-4f);
    // Monotonic in the weight.
    EXPECT_LE(glm::angle(WeightRotation(q, 0.25f)), glm::angle(half) + 1e-6f);
  }
}

// Frames with scale removed, mirrored or not, non-uniform own scale: ToFrame
// and FromFrame invert each other and give the rotation-frame components.
TEST(Frames, ToFrameRemovesScaleAndHandlesMirroring) {
  std::mt19937 rng(13);
  for (const glm::vec3 scale : {glm::vec3(1.0f), glm::vec3(2.0f), glm::vec3(1.0f, 3.0f, 0.2f),
                                glm::vec3(-1.0f, 1.0f, 1.0f), glm::vec3(-2.0f, -2.0f, -2.0f)}) {
    const glm::quat r = RandomQuat(rng);
    const glm::mat4 m =
        glm::translate(glm::mat4(1.0f), {1.0f, 2.0f, 3.0f}) * glm::mat4_cast(r) * glm::scale(glm::mat4(1.0f), scale);
    const glm::vec3 inv = InverseColumnLengths(m);
    const glm::mat3 unit(glm::vec3(m[0]) * inv.x, glm::vec3(m[1]) * inv.y, glm::vec3(m[2]) * inv.z);
    for (int i = 0; i < 20; ++i) {
      const glm::vec3 v = RandomUnit(rng);
      const glm::vec3 local = ToFrame(m, inv, v);
      EXPECT_LT(glm::distance(local, glm::inverse(unit) * v), 1e-5f);
      EXPECT_NEAR(glm::length(local), 1.0f, 1e-5f);  // no scale left
      EXPECT_LT(glm::distance(FromFrame(m, inv, local), v), 1e-5f);
    }
  }
}

TEST(IsFinite, DetectsNanAndInf) {
  glm::mat4 m(1.0f);
  EXPECT_TRUE(IsFinite(m));
  m[2][1] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(IsFinite(m));
  m[2][1] = -std::numeric_limits<float>::infinity();
  EXPECT_FALSE(IsFinite(m));
  EXPECT_FALSE(IsFinite(glm::vec3(0.0f, std::numeric_limits<float>::infinity(), 0.0f)));
  EXPECT_TRUE(IsFinite(glm::vec3(1e30f)));
}

}  // namespace
}  // namespace knights::ik
