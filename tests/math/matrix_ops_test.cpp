// The SSE kernels against glm's straightforward expressions.
#include "knights/math/matrix_ops.h"

#include <limits>
#include <random>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "knights/math/approx.h"

namespace knights::math {
namespace {

glm::mat4 RandomMatrix(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  glm::mat4 m;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) m[c][r] = u(rng);
  return m;
}

Transform RandomTransform(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  Transform t;
  t.translation = {u(rng), u(rng), u(rng)};
  t.rotation = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
  t.scale = {u(rng), u(rng), u(rng)};
  return t;
}

TEST(MatrixOpsTest, MulMat4MatchesGlm) {
  std::mt19937 rng(1);
  for (int i = 0; i < 100; ++i) {
    const glm::mat4 a = RandomMatrix(rng), b = RandomMatrix(rng);
    glm::mat4 out;
    MulMat4(a, b, out);
    EXPECT_TRUE(ApproxEqual(out, a * b, 1e-4f));
  }
}

TEST(MatrixOpsTest, MulMat4AllowsAliasing) {
  std::mt19937 rng(2);
  const glm::mat4 a = RandomMatrix(rng), b = RandomMatrix(rng);
  glm::mat4 a_copy = a, b_copy = b;
  MulMat4(a_copy, b, a_copy);
  EXPECT_TRUE(ApproxEqual(a_copy, a * b, 1e-4f));
  MulMat4(a, b_copy, b_copy);
  EXPECT_TRUE(ApproxEqual(b_copy, a * b, 1e-4f));
}

TEST(MatrixOpsTest, MulMat4TrsMatchesParentTimesToMatrix) {
  std::mt19937 rng(3);
  for (int i = 0; i < 100; ++i) {
    // Any parent, even one with a projective last row.
    const glm::mat4 parent = RandomMatrix(rng);
    const Transform local = RandomTransform(rng);
    glm::mat4 out;
    MulMat4Trs(parent, local, out);
    EXPECT_TRUE(ApproxEqual(out, parent * ToMatrix(local), 1e-4f));
  }
}

TEST(MatrixOpsTest, RotationScaleColumnsMatchesGlmMat3Cast) {
  std::mt19937 rng(4);
  for (int i = 0; i < 20; ++i) {
    const Transform t = RandomTransform(rng);
    float m[9];
    RotationScaleColumns(t.rotation, t.scale, m);
    const glm::mat3 r = glm::mat3_cast(t.rotation);
    for (int c = 0; c < 3; ++c)
      for (int row = 0; row < 3; ++row) EXPECT_NEAR(m[3 * c + row], r[c][row] * t.scale[c], 1e-5f);
  }
}

// Affine matrices of every kind the game builds (rotations, translations,
// non-uniform and mirrored scale): the inverse times the matrix is the
// identity, and it agrees with glm's general inverse.
TEST(MatrixOpsTest, InverseAffineInvertsAffineMatrices) {
  std::mt19937 rng(3);
  for (int i = 0; i < 200; ++i) {
    const Transform t = RandomTransform(rng);
    if (std::abs(t.scale.x * t.scale.y * t.scale.z) < 0.05f) continue;  // near-singular
    const glm::mat4 m = ToMatrix(t);
    const glm::mat4 inv = InverseAffine(m);
    EXPECT_TRUE(ApproxEqual(inv * m, glm::mat4(1.0f), 1e-3f)) << i;
    EXPECT_TRUE(ApproxEqual(inv, glm::inverse(m), 1e-3f)) << i;
    EXPECT_EQ(glm::vec4(inv[0][3], inv[1][3], inv[2][3], inv[3][3]), glm::vec4(0.0f, 0.0f, 0.0f, 1.0f));
  }
}

TEST(MatrixOpsTest, AllFiniteFindsAnyNanOrInfinity) {
  std::mt19937 rng(4);
  std::vector<glm::mat4> matrices;
  for (int i = 0; i < 24; ++i) matrices.push_back(RandomMatrix(rng));
  EXPECT_TRUE(AllFinite(matrices));
  EXPECT_TRUE(AllFinite(std::span<const glm::mat4>()));
  const float bad_values[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity()};
  // Every element position of a matrix, first and last matrices.
  for (const float bad : bad_values) {
    for (const int m : {0, 23}) {
      for (int element = 0; element < 16; ++element) {
        std::vector<glm::mat4> copy = matrices;
        copy[m][element / 4][element % 4] = bad;
        EXPECT_FALSE(AllFinite(copy)) << "matrix " << m << " element " << element << " value " << bad;
      }
    }
  }
  // Large but finite values are finite (x - x is still 0).
  matrices[5][3][1] = std::numeric_limits<float>::max();
  matrices[6][0][0] = -std::numeric_limits<float>::max();
  EXPECT_TRUE(AllFinite(matrices));
}

}  // namespace
}  // namespace knights::math
