// The frame helpers of knights/ik/ik_math.h, and the glm pitfalls that
// ik.md lists (each documented by a test that would catch the mistake).

#include "knights/ik/ik_math.h"

#include <cmath>
#include <limits>
#include <random>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "tests/math/random_rotations.h"
#include "knights/math/transform.h"

namespace knights::ik {
namespace {

using math::test::RandomQuat;
using math::test::RandomUnit;

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
    // math::Rotate() (used in the solver) agrees with the matrix.
    const glm::vec3 v = RandomUnit(rng);
    EXPECT_LT(glm::distance(math::Rotate(q, v), m * v), 1e-5f);
    EXPECT_LT(glm::distance(math::InverseRotate(q, m * v), v), 1e-5f);
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
    const glm::quat q = math::RotationBetween(u1, u2);
    EXPECT_TRUE(IsFinite(q));
    EXPECT_NEAR(q.w, 1.0f, 1e-6f);
  }
  EXPECT_GT(above_one, 0);  // the hazard is real, not hypothetical
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
