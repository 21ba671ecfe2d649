// SkinningJob: a vertex bound to one joint follows that joint's palette
// matrix; a blend is the weighted sum; weights of 0 ignore their joint index
// (whatever it is); sizes or a weighted joint out of the palette refuse the
// job with nothing written. The SSE and portable paths give the same
// numbers (this test runs under tools/nosimd.sh too).

#include "knights/anim/skinning_job.h"

#include <span>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "knights/math/approx.h"

namespace knights::anim {
namespace {

SkinnedVertex Vertex(const glm::vec3& p, const glm::vec3& n, glm::u8vec4 joints, const glm::vec4& weights) {
  SkinnedVertex v;
  v.position_ms = p;
  v.normal_ms = n;
  v.joints = joints;
  v.weights = weights;
  return v;
}

SkinningJob Job(std::span<const SkinnedVertex> vertices, std::span<const glm::mat4> palette, std::span<glm::vec3> out) {
  SkinningJob job;
  job.vertices = vertices;
  job.palette_ms = palette;
  job.positions_normals_ms = out;
  return job;
}

TEST(SkinningJob, FollowsThePaletteByWeight) {
  const std::vector<glm::mat4> palette = {glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), glm::vec3(0, 2, 0)),
                                          glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 0, 1))};
  const std::vector<SkinnedVertex> vertices = {
      Vertex({1, 0, 0}, {1, 0, 0}, {2, 0, 0, 0}, {1, 0, 0, 0}),          // rotated a quarter turn about z
      Vertex({1, 0, 0}, {0, 1, 0}, {0, 1, 0, 0}, {0.5f, 0.5f, 0, 0}),    // halfway up
      Vertex({0, 0, 1}, {0, 0, 1}, {1, 200, 0, 0}, {1.0f, 0.0f, 0, 0}),  // index 200 unweighted
  };
  std::vector<glm::vec3> out(6, glm::vec3(-9.0f));
  ASSERT_TRUE(Job(vertices, palette, out).Run());
  EXPECT_TRUE(math::ApproxEqual(out[0], glm::vec3(0, 1, 0), 1e-6f));
  EXPECT_TRUE(math::ApproxEqual(out[1], glm::vec3(0, 1, 0), 1e-6f));
  EXPECT_TRUE(math::ApproxEqual(out[2], glm::vec3(1, 1, 0), 1e-6f));
  EXPECT_TRUE(math::ApproxEqual(out[3], glm::vec3(0, 1, 0), 1e-6f));  // normals ignore translation
  EXPECT_TRUE(math::ApproxEqual(out[4], glm::vec3(0, 2, 1), 1e-6f));
  EXPECT_TRUE(math::ApproxEqual(out[5], glm::vec3(0, 0, 1), 1e-6f));
}

TEST(SkinningJob, RefusesBadInputWritingNothing) {
  const std::vector<glm::mat4> palette = {glm::mat4(1.0f)};
  const std::vector<SkinnedVertex> out_of_palette = {Vertex({0, 0, 0}, {0, 1, 0}, {1, 0, 0, 0}, {1, 0, 0, 0})};
  std::vector<glm::vec3> out(2, glm::vec3(-9.0f));
  EXPECT_FALSE(Job(out_of_palette, palette, out).Run());
  const std::vector<SkinnedVertex> fine = {Vertex({0, 0, 0}, {0, 1, 0}, {0, 0, 0, 0}, {1, 0, 0, 0})};
  // Room for the position only.
  EXPECT_FALSE(Job(fine, palette, std::span<glm::vec3>(out).first(1)).Run());
  EXPECT_EQ(out[0], glm::vec3(-9.0f));
  EXPECT_EQ(out[1], glm::vec3(-9.0f));
}

}  // namespace
}  // namespace knights::anim
