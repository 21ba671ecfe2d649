// game::IkMetrics' building blocks, measured against the world alone: the
// surface over a point (found from above, never dropped when the point is
// inside the ground, not confused by a platform overhead), the per-step
// threshold counts, and "no samples" written as null, never 0.

#include "knights/game/session/ik_metrics.h"

#include <array>
#include <cmath>

#include <gtest/gtest.h>

#include "knights/world/collision_mesh.h"
#include "knights/world/level.h"

namespace knights::game {
namespace {

// Flat ground at y = 0 from x = 0 to 20, a platform over 5..10 with its top
// at y = 2 (0.3 m thick).
world::CollisionMesh MakeGroundAndPlatform() {
  world::Level level;
  level.name = "metrics";
  level.terrain.points = {{0.0f, 0.0f}, {20.0f, 0.0f}};
  level.spawn.x = 1.0f;
  level.goal.x = 19.0f;
  world::Platform platform;
  platform.x0 = 5.0f;
  platform.x1 = 10.0f;
  platform.top_y = 2.0f;
  level.platforms.push_back(platform);
  return world::CollisionMesh::Build(level);
}

TEST(IkMetricsSurfaceOver, FindsTheGroundOverAPointInsideIt) {
  const world::CollisionMesh mesh = MakeGroundAndPlatform();
  float surface_y = -1.0f;
  ASSERT_TRUE(SurfaceOver(mesh, glm::vec3(2.0f, -0.5f, 0.1f), &surface_y));  // half a metre in the ground
  EXPECT_NEAR(surface_y, 0.0f, 1e-4f);
  ASSERT_TRUE(SurfaceOver(mesh, glm::vec3(2.0f, -1.9f, 0.1f), &surface_y));  // nearly 2 m in
  EXPECT_NEAR(surface_y, 0.0f, 1e-4f);
  ASSERT_TRUE(SurfaceOver(mesh, glm::vec3(2.0f, 0.3f, 0.1f), &surface_y));  // above it
  EXPECT_NEAR(surface_y, 0.0f, 1e-4f);
}

TEST(IkMetricsSurfaceOver, APointUnderAPlatformStandsOnTheGroundBelowIt) {
  const world::CollisionMesh mesh = MakeGroundAndPlatform();
  float surface_y = -1.0f;
  ASSERT_TRUE(SurfaceOver(mesh, glm::vec3(7.0f, 1.0f, 0.1f), &surface_y));  // in the open under the slab
  EXPECT_NEAR(surface_y, 0.0f, 1e-4f);
  ASSERT_TRUE(SurfaceOver(mesh, glm::vec3(7.0f, 1.9f, 0.1f), &surface_y));  // inside the slab
  EXPECT_NEAR(surface_y, 2.0f, 1e-4f);
  ASSERT_TRUE(SurfaceOver(mesh, glm::vec3(7.0f, 2.2f, 0.1f), &surface_y));  // on top
  EXPECT_NEAR(surface_y, 2.0f, 1e-4f);
}

TEST(IkMetricsSurfaceOver, NoSurfaceOverAPit) {
  const world::CollisionMesh mesh = MakeGroundAndPlatform();
  float surface_y = 0.0f;
  EXPECT_FALSE(SurfaceOver(mesh, glm::vec3(30.0f, 0.0f, 0.1f), &surface_y));  // past the terrain's end
}

// Sole, ball (10 cm ahead) and heel (5 cm behind) of a foot over the flat
// ground at x = 2, heights given per point.
std::array<glm::vec3, 3> Foot(float sole_y, float ball_y, float heel_y) {
  return {glm::vec3(2.0f, sole_y, 0.1f), glm::vec3(2.1f, ball_y, 0.1f), glm::vec3(1.95f, heel_y, 0.1f)};
}

TEST(IkMetricsFootFromGround, TheLowestPointStandsAndTheDeepestSinks) {
  const world::CollisionMesh mesh = MakeGroundAndPlatform();
  EXPECT_NEAR(FootFromGround(mesh, Foot(0.03f, 0.03f, 0.03f)), 0.03, 1e-5);    // hovering 3 cm
  EXPECT_NEAR(FootFromGround(mesh, Foot(0.02f, 0.07f, 0.0f)), 0.0, 1e-5);      // toes up, heel standing
  EXPECT_NEAR(FootFromGround(mesh, Foot(0.02f, 0.07f, -0.04f)), 0.04, 1e-5);   // heel 4 cm in the ground
  EXPECT_NEAR(FootFromGround(mesh, Foot(-0.01f, -0.05f, 0.02f)), 0.05, 1e-5);  // toes 5 cm in
  const std::array<glm::vec3, 3> over_pit = {glm::vec3(30.0f, 0.0f, 0.1f), glm::vec3(30.1f, 0.0f, 0.1f),
                                             glm::vec3(29.95f, 0.0f, 0.1f)};
  EXPECT_TRUE(std::isinf(FootFromGround(mesh, over_pit)));
}

TEST(ThresholdStats, CountsStepsOverTheThresholdNotSamples) {
  ThresholdStats stats(0.02);
  stats.Add(0.03);
  stats.Add(0.05);  // the same step: one frame over
  stats.EndStep();
  stats.Add(0.01);
  stats.EndStep();
  stats.Add(0.02);  // at the threshold is not over it
  stats.EndStep();
  const SampleStats s = stats.Summary();
  EXPECT_EQ(s.samples, 4u);
  EXPECT_EQ(s.frames_over, 1);
  EXPECT_DOUBLE_EQ(s.max, 0.05);
  EXPECT_NEAR(s.mean, 0.0275, 1e-12);
}

// A knee in the x-y plane, thigh straight down from the hip at the origin,
// hinged about -z (upper x lower along it: the shin bends back, -x).
TEST(IkMetricsJointFold, ReadsTheBendFromStraightThroughShut) {
  const glm::vec3 hip(0.0f), knee(0.0f, -0.5f, 0.0f), axis(0.0f, 0.0f, -1.0f);
  auto shin_end = [&](float bend_deg) {
    const float a = glm::radians(bend_deg);
    return knee + 0.5f * glm::vec3(-std::sin(a), -std::cos(a), 0.0f);
  };
  EXPECT_NEAR(JointFoldDeg(hip, knee, shin_end(0.0f), axis), 0.0f, 1e-3f);
  EXPECT_NEAR(JointFoldDeg(hip, knee, shin_end(90.0f), axis), 90.0f, 1e-3f);
  EXPECT_NEAR(JointFoldDeg(hip, knee, shin_end(171.0f), axis), 171.0f, 1e-2f);
  // Through shut: the shin has passed the thigh.
  EXPECT_NEAR(JointFoldDeg(hip, knee, shin_end(185.0f), axis), 185.0f, 1e-2f);
  // Bent backwards a little is a small bend, not a fold (that is the
  // reversed-joint measure's).
  EXPECT_NEAR(JointFoldDeg(hip, knee, shin_end(-20.0f), axis), 20.0f, 1e-3f);
  // No hinge: the angle between the bones alone, never past 180.
  EXPECT_NEAR(JointFoldDeg(hip, knee, shin_end(185.0f), glm::vec3(0.0f)), 175.0f, 1e-2f);
}

TEST(IkMetrics, NoMotionSamplesWithoutKnights) {
  IkMetrics metrics;
  metrics.EndStep(0.001, false);
  EXPECT_EQ(metrics.PelvisKink().samples, 0u);
  EXPECT_EQ(metrics.SoleStep().samples, 0u);
  EXPECT_EQ(metrics.KneeFold().samples, 0u);
  EXPECT_EQ(metrics.teleports_left_out(), 0);
}

TEST(IkMetrics, AfterTheGoalOnlyFramesAndNanCount) {
  IkMetrics metrics;
  metrics.collecting = false;
  metrics.EndStep(0.001, true);
  EXPECT_EQ(metrics.frames(), 1);
  EXPECT_EQ(metrics.nan_frames(), 1);
  EXPECT_EQ(metrics.IkTimeMs().samples, 0u);
}

}  // namespace
}  // namespace knights::game
