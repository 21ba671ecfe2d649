// PropClearanceJob against planes worked out by hand: a blade pushed into a
// wall comes out with its point at the margin, turned about the grip (the
// grip, the length and what the blade holds all kept); one that stands
// clear is left alone; a blade swept through the direction straight at the
// wall passes by the given side without a jump, where without a side it
// flips from one lean to the other in one step.

#include "knights/ik/prop_clearance_job.h"

#include <cmath>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

namespace knights::ik {
namespace {

// The world: a wall x = 1 (facing -x) and the ground y = 0 (facing +y).
constexpr float kWallX = 1.0f;
GroundProbe CastPlanes(const void*, const glm::vec3& a_ws, const glm::vec3& b_ws) {
  GroundProbe best;
  float best_t = 2.0f;
  const glm::vec3 d = b_ws - a_ws;
  if (a_ws.x < kWallX && b_ws.x > kWallX) {
    const float t = (kWallX - a_ws.x) / d.x;
    if (t < best_t) best = {true, a_ws + d * t, glm::vec3(-1, 0, 0)}, best_t = t;
  }
  if (a_ws.y > 0.0f && b_ws.y < 0.0f) {
    const float t = a_ws.y / (a_ws.y - b_ws.y);
    if (t < best_t) best = {true, a_ws + d * t, glm::vec3(0, 1, 0)}, best_t = t;
  }
  return best;
}

// Joint 0 the hand, 1 the sword (blade along its +y, 1.5 m), 2 a tassel on it.
const std::vector<int16_t> kParents = {-1, 0, 1};
constexpr float kBladeM = 1.5f;

// The sword at grip (0, grip_y, 0) with its blade along `dir` (world = model).
std::vector<glm::mat4> SwordPose(const glm::vec3& dir, float grip_y = 1.0f) {
  const glm::vec3 y = glm::normalize(dir);
  const glm::vec3 x = glm::normalize(glm::cross(y, glm::vec3(0, 0, 1)));
  const glm::vec3 z = glm::cross(x, y);
  glm::mat4 sword(glm::vec4(x, 0), glm::vec4(y, 0), glm::vec4(z, 0), glm::vec4(0, grip_y, 0, 1));
  return {glm::translate(glm::mat4(1.0f), glm::vec3(0, grip_y, 0)), sword,
          sword * glm::translate(glm::mat4(1.0f), glm::vec3(0.05f, 0.2f, 0))};
}

PropClearanceJob Job(std::vector<glm::mat4>& models_ms) {
  PropClearanceJob job;
  job.prop = 1;
  job.tip_ls = glm::vec3(0, kBladeM, 0);
  job.parents = kParents;
  job.models_ms = models_ms;
  job.cast = &CastPlanes;
  return job;
}

glm::vec3 TipWs(const std::vector<glm::mat4>& m) { return glm::vec3(m[1] * glm::vec4(0, kBladeM, 0, 1)); }

TEST(PropClearance, ABladeInTheWallComesOutToTheMargin) {
  std::vector<glm::mat4> m = SwordPose({1.0f, 0.3f, 0.1f});
  ASSERT_GT(TipWs(m).x, kWallX + 0.3f);
  const glm::mat4 tassel_in_sword = glm::inverse(m[1]) * m[2];
  ASSERT_TRUE(Job(m).Run());
  EXPECT_NEAR(TipWs(m).x, kWallX - 0.02f, 1e-4f);
  EXPECT_EQ(glm::vec3(m[1][3]), glm::vec3(0, 1, 0));                        // the grip stays
  EXPECT_NEAR(glm::length(TipWs(m) - glm::vec3(0, 1, 0)), kBladeM, 1e-4f);  // rigid
  EXPECT_GT(TipWs(m).y, 1.0f);                                              // it keeps leaning up along the wall
  const glm::mat4 tassel_now = glm::inverse(m[1]) * m[2];
  for (int c = 0; c < 4; ++c) EXPECT_LT(glm::length(tassel_now[c] - tassel_in_sword[c]), 1e-5f);
}

TEST(PropClearance, ABladeThatStandsClearIsLeftAlone) {
  std::vector<glm::mat4> m = SwordPose({0.3f, 1.0f, 0.0f});
  const std::vector<glm::mat4> before = m;
  EXPECT_FALSE(Job(m).Run());
  EXPECT_EQ(m, before);
}

TEST(PropClearance, AWallThenTheGroundAtItsFoot) {
  // Pointing down into the corner: out of the wall, then out of the ground.
  std::vector<glm::mat4> m = SwordPose({1.0f, -1.2f, 0.0f});
  ASSERT_TRUE(Job(m).Run());
  EXPECT_LE(TipWs(m).x, kWallX - 0.02f + 1e-4f);
  EXPECT_GE(TipWs(m).y, 0.02f - 1e-4f);
}

// The blade swept from 60 degrees below to 60 degrees above straight at the
// wall, 1 degree a step, held high enough that it never reaches the ground.
float LargestStepDeg(const glm::vec3& side_ws) {
  float largest = 0.0f;
  glm::vec3 last(0.0f);
  for (int deg = -60; deg <= 60; ++deg) {
    const float a = glm::radians(static_cast<float>(deg));
    std::vector<glm::mat4> m = SwordPose({std::cos(a), std::sin(a), 0.0f}, 2.0f);
    PropClearanceJob job = Job(m);
    job.side_ws = side_ws;
    job.Run();
    const glm::vec3 dir = glm::normalize(TipWs(m) - glm::vec3(0, 2, 0));
    EXPECT_LE(TipWs(m).x, kWallX) << deg;
    if (last != glm::vec3(0.0f))
      largest = std::max(largest, glm::degrees(std::acos(std::min(1.0f, glm::dot(dir, last)))));
    last = dir;
  }
  return largest;
}

TEST(PropClearance, SweptThroughTheWallItPassesBySideWithoutAJump) {
  EXPECT_LT(LargestStepDeg(glm::vec3(0, 0, 1)), 6.0f);
  EXPECT_GT(LargestStepDeg(glm::vec3(0.0f)), 45.0f);  // without a side: the flip
}

TEST(PropClearance, BrokenJobsWriteNothing) {
  std::vector<glm::mat4> m = SwordPose({1.0f, 0.3f, 0.1f});
  const std::vector<glm::mat4> before = m;
  PropClearanceJob no_cast = Job(m);
  no_cast.cast = nullptr;
  PropClearanceJob out_of_range = Job(m);
  out_of_range.prop = 3;
  PropClearanceJob no_tip = Job(m);
  no_tip.tip_ls = glm::vec3(0.0f);
  for (const PropClearanceJob* job : {&no_cast, &out_of_range, &no_tip}) EXPECT_FALSE(job->Run());
  EXPECT_EQ(m, before);
}

}  // namespace
}  // namespace knights::ik
