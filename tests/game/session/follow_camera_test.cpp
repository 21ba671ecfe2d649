// FollowCamera: the eye kept in the open. A wall of the level between the
// player and where the framing puts the eye brings the eye in front of it
// at once; with the wall gone it eases back out, never jumping.

#include "knights/game/session/follow_camera.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace knights::game {
namespace {

constexpr float kDt = 1.0f / 60.0f;

// Two triangles: an upright square across x in [x0, x1], y in [y0, y1],
// at depth z, facing the viewer (+z).
world::CollisionMesh WallAtDepth(float z, float x0, float x1, float y0, float y1) {
  const glm::vec3 a(x0, y0, z), b(x1, y0, z), c(x1, y1, z), d(x0, y1, z);
  const glm::vec3 n(0.0f, 0.0f, 1.0f);
  std::vector<world::CollisionTriangle> triangles{{a, b, c, n}, {a, c, d, n}};
  return world::CollisionMesh::FromTriangles(triangles);
}

TEST(FollowCamera, AWallBetweenThePlayerAndTheEyeBringsTheEyeInFrontOfIt) {
  const glm::vec3 feet_ws(0.0f, 0.0f, 0.0f);
  FollowCamera open_camera;
  open_camera.Reset(feet_ws);
  for (int i = 0; i < 120; ++i) open_camera.Update(feet_ws, 0.0f, CameraShot::kFollow, kDt);
  const float free_eye_z = open_camera.EyeWs().z;
  ASSERT_GT(free_eye_z, 6.0f) << "the framing puts the eye well out in front";

  const world::CollisionMesh wall = WallAtDepth(4.0f, -20.0f, 20.0f, -5.0f, 10.0f);
  FollowCamera camera;
  camera.Reset(feet_ws);
  camera.Update(feet_ws, 0.0f, CameraShot::kFollow, kDt, &wall);
  EXPECT_LT(camera.EyeWs().z, 4.0f - 0.5f * camera.tuning.eye_clearance_m) << "in front of the wall at once";
  EXPECT_GT(camera.EyeWs().z, 1.0f) << "not onto the player";

  // The wall gone: back out at the follow's pace, a step never more than
  // the spring allows.
  const world::CollisionMesh nothing = world::CollisionMesh::FromTriangles({});
  float last_z = camera.EyeWs().z, largest_step_m = 0.0f;
  for (int i = 0; i < 240; ++i) {
    camera.Update(feet_ws, 0.0f, CameraShot::kFollow, kDt, &nothing);
    largest_step_m = std::max(largest_step_m, camera.EyeWs().z - last_z);
    last_z = camera.EyeWs().z;
  }
  EXPECT_NEAR(last_z, free_eye_z, 0.05f);
  EXPECT_LT(largest_step_m, 0.2f) << "eased out, not snapped";
}

// A low wall in front of the play plane (a ledge across depth): the eye
// rises over it rather than coming in close; the player stays in view at
// every step.
TEST(FollowCamera, ALowWallInFrontIsSeenOverWithThePlayerInViewEveryStep) {
  const glm::vec3 feet_ws(0.0f, 0.0f, 0.0f);
  FollowCamera open_camera;
  open_camera.Reset(feet_ws);
  open_camera.Update(feet_ws, 0.0f, CameraShot::kFollow, kDt);
  const glm::vec3 free_eye_ws = open_camera.EyeWs();

  const world::CollisionMesh wall = WallAtDepth(4.0f, -20.0f, 20.0f, -5.0f, 2.5f);
  FollowCamera camera;
  camera.Reset(feet_ws);
  const glm::vec3 chest_ws = feet_ws + glm::vec3(0.0f, camera.tuning.target_height_m, 0.0f);
  for (int i = 0; i < 180; ++i) {
    camera.Update(feet_ws, 0.0f, CameraShot::kFollow, kDt, &wall);
    EXPECT_FALSE(wall.SegmentCast(chest_ws, camera.EyeWs()).hit) << "step " << i;
  }
  EXPECT_GT(camera.EyeWs().y, free_eye_ws.y + 1.0f) << "risen over the wall";
  EXPECT_GT(camera.EyeWs().z, 6.0f) << "not come in close";
}

TEST(FollowCamera, WithoutACollisionMeshTheEyeIsWhereTheFramingPutsIt) {
  const glm::vec3 feet_ws(3.0f, 1.0f, 0.0f);
  FollowCamera a, b;
  a.Reset(feet_ws);
  b.Reset(feet_ws);
  for (int i = 0; i < 10; ++i) {
    a.Update(feet_ws, 1.0f, CameraShot::kFollow, kDt);
    b.Update(feet_ws, 1.0f, CameraShot::kFollow, kDt, nullptr);
  }
  EXPECT_EQ(a.EyeWs(), b.EyeWs());
  EXPECT_GT(a.EyeWs().z, 4.0f) << "no mesh, no wall: the eye is behind where the wall would be";
}

TEST(FollowCamera, APlayerOfAnotherHeightIsFramedAlike) {
  const FollowCameraTuning made;
  const FollowCameraTuning knight = made.FramingFor(FollowCameraTuning::kReferenceHeightM);
  EXPECT_FLOAT_EQ(knight.distance_m, made.distance_m);
  const FollowCameraTuning giant = made.FramingFor(2.0f * FollowCameraTuning::kReferenceHeightM);
  EXPECT_FLOAT_EQ(giant.distance_m, 2.0f * made.distance_m);
  EXPECT_FLOAT_EQ(giant.target_height_m, 2.0f * made.target_height_m);
  EXPECT_FLOAT_EQ(giant.climb_distance_m, 2.0f * made.climb_distance_m);
  EXPECT_FLOAT_EQ(giant.fov_y_deg, made.fov_y_deg) << "an angle does not scale";
  const FollowCameraTuning child = made.FramingFor(1.1f);
  EXPECT_FLOAT_EQ(child.distance_m, FollowCameraTuning::kMinFraming * made.distance_m) << "still sees ahead";
  EXPECT_FLOAT_EQ(made.FramingFor(0.0f).distance_m, made.distance_m) << "not measured: as made";
  // The camera so framed looks at a giant's chest from twice as far.
  FollowCamera camera;
  camera.tuning = giant;
  camera.Reset(glm::vec3(0.0f));
  EXPECT_NEAR(camera.TargetWs().y, 2.0f * made.target_height_m, 1e-4f);
  EXPECT_NEAR(camera.EyeWs().z, 2.0f * made.distance_m * std::cos(glm::radians(made.yaw_deg)), 1e-3f);
}

}  // namespace
}  // namespace knights::game
