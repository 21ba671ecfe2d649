// The SSE kernels against glm's straightforward expressions.
#include "math/matrix_ops.h"

#include <random>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "math/approx.h"

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

}  // namespace
}  // namespace knights::math
