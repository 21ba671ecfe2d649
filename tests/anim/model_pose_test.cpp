// ModelPoseAt: the rest pose, a clip's pose at a time, and the rest pose
// again for a clip made for another skeleton.

#include "knights/anim/model_pose.h"

#include <gtest/gtest.h>

namespace knights::anim {
namespace {

// root (0) and a child 1 m up.
Skeleton TwoJoints() {
  std::vector<math::Transform> rest(2);
  rest[1].translation = {0, 1, 0};
  auto skeleton = Skeleton::Create({"root", "child"}, {-1, 0}, rest, std::vector<glm::mat4>(2, glm::mat4(1.0f)));
  EXPECT_TRUE(skeleton.ok());
  return *skeleton;
}

Clip RootSlide(int joint_count) {
  ClipDesc desc;
  desc.name = "slide";
  desc.joint_count = joint_count;
  JointTrackDesc root;
  root.joint = 0;
  root.translations = {{0.0f, {0, 0, 0}}, {1.0f, {2, 0, 0}}};
  desc.tracks.push_back(root);
  auto clip = Clip::Create(desc);
  EXPECT_TRUE(clip.ok());
  return *clip;
}

TEST(ModelPoseAt, RestPoseAndAClipsPoseInModelSpace) {
  const Skeleton skeleton = TwoJoints();
  const std::vector<glm::mat4> rest = ModelPoseAt(skeleton, nullptr, 0.0f);
  ASSERT_EQ(rest.size(), 2u);
  EXPECT_EQ(glm::vec3(rest[1][3]), glm::vec3(0, 1, 0));
  const Clip slide = RootSlide(2);
  const std::vector<glm::mat4> half = ModelPoseAt(skeleton, &slide, 0.5f);
  EXPECT_NEAR(glm::length(glm::vec3(half[1][3]) - glm::vec3(1, 1, 0)), 0.0f, 1e-6f);
}

TEST(ModelPoseAt, AClipForAnotherSkeletonGivesTheRestPose) {
  const Skeleton skeleton = TwoJoints();
  const Clip other = RootSlide(3);
  const std::vector<glm::mat4> pose = ModelPoseAt(skeleton, &other, 0.5f);
  ASSERT_EQ(pose.size(), 2u);
  EXPECT_EQ(glm::vec3(pose[1][3]), glm::vec3(0, 1, 0));
}

}  // namespace
}  // namespace knights::anim
