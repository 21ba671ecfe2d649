// FootAlignJob: the sole turns onto the surface normal by the minimal
// rotation, limited and weighted; the toe follows; under any root transform.

#include "knights/ik/foot_align_job.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "knights/ik/ik_math.h"
#include "ik_test_util.h"

namespace knights::ik {
namespace {

using test::kAnkle;
using test::kPelvis;
using test::kToe;
using test::LegPose;
using test::MakeLeg;
using test::RootCase;

class FootAlignTest : public ::testing::TestWithParam<RootCase> {
 protected:
  // The foot's rest "up" in the ankle's local frame: whatever the ankle's
  // local axis is that points along the pelvis-space up in this pose.
  static glm::vec3 FootUpLs(const LegPose& pose, int joint) {
    const glm::mat4 rel = glm::inverse(pose.models_ms[kPelvis]) * pose.models_ms[joint];
    return glm::normalize(glm::inverse(glm::mat3(rel)) * glm::vec3(0.0f, 1.0f, 0.0f));
  }
  // A joint's up direction in the pelvis space after applying a correction
  // to its local rotation.
  static glm::vec3 UpAfter(LegPose pose, int joint, const glm::quat& correction, const glm::vec3& up_ls) {
    pose.locals_ls[joint].rotation = pose.locals_ls[joint].rotation * correction;
    pose.UpdateModels();
    const glm::mat4 rel = glm::inverse(pose.models_ms[kPelvis]) * pose.models_ms[joint];
    return glm::normalize(glm::mat3(rel) * up_ls);
  }
  // A pelvis-space direction in model space (a normal, so it is mapped by the
  // inverse transpose: under non-uniform scale a surface normal is not a
  // direction).
  static glm::vec3 NormalMs(const LegPose& pose, const glm::vec3& normal_ps) {
    return glm::normalize(glm::transpose(glm::inverse(glm::mat3(pose.models_ms[kPelvis]))) * normal_ps);
  }
};

TEST_P(FootAlignTest, SoleLiesOnSlope) {
  if (!GetParam().similarity) GTEST_SKIP() << "normals vs directions differ under non-uniform scale";
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::vec3 up_ls = FootUpLs(pose, kAnkle);
  const glm::vec3 normal_ps = glm::normalize(glm::vec3(0.3f, 1.0f, -0.2f));
  glm::quat correction;
  FootAlignJob job;
  job.foot_joint_ms = &pose.models_ms[kAnkle];
  job.normal_ms = glm::mat3(pose.models_ms[kPelvis]) * normal_ps;
  job.foot_up_ls = up_ls;
  job.foot_correction = &correction;
  ASSERT_TRUE(job.Run());
  EXPECT_LT(glm::distance(UpAfter(pose, kAnkle, correction, up_ls), normal_ps), 1e-5f);
  // Minimal: the correction's angle is the angle between up and normal.
  EXPECT_NEAR(glm::angle(correction), std::acos(glm::dot(glm::vec3(0, 1, 0), normal_ps)), 1e-4f);
}

TEST_P(FootAlignTest, TiltIsLimitedAndWeighted) {
  if (!GetParam().similarity) GTEST_SKIP();
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::vec3 up_ls = FootUpLs(pose, kAnkle);
  const glm::vec3 normal_ps = glm::normalize(glm::vec3(1.0f, 0.5f, 0.0f));  // ~63 degrees
  const float full = std::acos(glm::dot(glm::vec3(0, 1, 0), normal_ps));
  glm::quat correction;
  FootAlignJob job;
  job.foot_joint_ms = &pose.models_ms[kAnkle];
  job.normal_ms = glm::mat3(pose.models_ms[kPelvis]) * normal_ps;
  job.foot_up_ls = up_ls;
  job.foot_correction = &correction;
  job.max_tilt_deg = 30.0f;
  ASSERT_TRUE(job.Run());
  const glm::vec3 up = UpAfter(pose, kAnkle, correction, up_ls);
  EXPECT_NEAR(std::acos(glm::clamp(up.y, -1.0f, 1.0f)), glm::radians(30.0f), 1e-4f);
  // Tilted toward the normal (in the plane of up and normal).
  EXPECT_NEAR(glm::dot(up, glm::cross(glm::vec3(0, 1, 0), normal_ps)), 0.0f, 1e-5f);
  EXPECT_GT(up.x, 0.0f);
  job.max_tilt_deg = 90.0f;
  job.weight = 0.5f;
  ASSERT_TRUE(job.Run());
  EXPECT_NEAR(glm::angle(correction), 0.5f * full, 1e-4f);
  job.weight = 0.0f;
  ASSERT_TRUE(job.Run());
  EXPECT_EQ(correction, glm::identity<glm::quat>());
}

TEST_P(FootAlignTest, ToeFollowsItsOwnNormal) {
  if (!GetParam().similarity) GTEST_SKIP();
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::vec3 foot_up_ls = FootUpLs(pose, kAnkle), toe_up_ls = FootUpLs(pose, kToe);
  const glm::vec3 foot_normal_ps = glm::normalize(glm::vec3(0.0f, 1.0f, 0.3f));
  const glm::vec3 toe_normal_ps = glm::normalize(glm::vec3(0.1f, 1.0f, -0.2f));
  glm::quat foot_q, toe_q;
  FootAlignJob job;
  job.foot_joint_ms = &pose.models_ms[kAnkle];
  job.normal_ms = glm::mat3(pose.models_ms[kPelvis]) * foot_normal_ps;
  job.foot_up_ls = foot_up_ls;
  job.toe_joint_ms = &pose.models_ms[kToe];
  job.toe_normal_ms = glm::mat3(pose.models_ms[kPelvis]) * toe_normal_ps;
  job.toe_up_ls = toe_up_ls;
  job.foot_correction = &foot_q;
  job.toe_correction = &toe_q;
  ASSERT_TRUE(job.Run());
  pose.locals_ls[kAnkle].rotation = pose.locals_ls[kAnkle].rotation * foot_q;
  pose.locals_ls[kToe].rotation = pose.locals_ls[kToe].rotation * toe_q;
  pose.UpdateModels();
  const glm::mat4 p_inv = glm::inverse(pose.models_ms[kPelvis]);
  const glm::vec3 foot_up = glm::normalize(glm::mat3(p_inv * pose.models_ms[kAnkle]) * foot_up_ls);
  const glm::vec3 toe_up = glm::normalize(glm::mat3(p_inv * pose.models_ms[kToe]) * toe_up_ls);
  EXPECT_LT(glm::distance(foot_up, foot_normal_ps), 1e-5f);
  EXPECT_LT(glm::distance(toe_up, toe_normal_ps), 1e-5f);
}

TEST_P(FootAlignTest, OppositeNormalIsFiniteAndLimited) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::vec3 up_ls = FootUpLs(pose, kAnkle);
  glm::quat correction;
  FootAlignJob job;
  job.foot_joint_ms = &pose.models_ms[kAnkle];
  job.normal_ms = -NormalMs(pose, {0.0f, 1.0f, 0.0f});  // upside down
  job.foot_up_ls = up_ls;
  job.foot_correction = &correction;
  job.max_tilt_deg = 40.0f;
  ASSERT_TRUE(job.Run());
  EXPECT_TRUE(IsFinite(correction));
  EXPECT_NEAR(glm::angle(correction), glm::radians(40.0f), 1e-4f);
}

TEST_P(FootAlignTest, RefusesBadInput) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  glm::quat correction(0.0f, 1.0f, 0.0f, 0.0f);
  FootAlignJob job;
  job.foot_joint_ms = &pose.models_ms[kAnkle];
  job.foot_correction = &correction;
  job.normal_ms = {0.0f, std::numeric_limits<float>::quiet_NaN(), 0.0f};
  EXPECT_FALSE(job.Run());
  EXPECT_EQ(correction, glm::identity<glm::quat>());
  job.normal_ms = glm::vec3(0.0f);
  EXPECT_FALSE(job.Run());
  job.normal_ms = {0.0f, 1.0f, 0.0f};
  job.weight = 2.0f;
  EXPECT_FALSE(job.Run());
  job.weight = 1.0f;
  job.toe_joint_ms = &pose.models_ms[kToe];  // toe without an output
  EXPECT_FALSE(job.Validate());
  job.toe_joint_ms = nullptr;
  EXPECT_TRUE(job.Run());
}

INSTANTIATE_TEST_SUITE_P(Roots, FootAlignTest, ::testing::ValuesIn(test::RootCases()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace knights::ik
