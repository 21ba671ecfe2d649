// The hinge rule: knees never bend backwards, in every solver path (the
// general and fast one-chain solves, the four-wide batch, LimbPlacementJob's
// batched placement), under every root transform, and a knee carried across
// the root-target line moves continuously instead of flipping. The bend is
// measured from outside: about the hinge axis read from the leg's rest pose
// (RestHingeAxisLs), in the hip's parent space, where the chain is rigid.

#include <algorithm>
#include <array>
#include <random>

#include <gtest/gtest.h>

#include "knights/ik/apply_two_bone_ik.h"
#include "knights/ik/hinge_axis.h"
#include "knights/ik/limb_placement_job.h"
#include "knights/ik/two_bone_ik_batch_job.h"
#include "knights/ik/two_bone_ik_job.h"
#include "ik_test_util.h"

namespace knights::ik {
namespace {

using test::kAnkle;
using test::kHip;
using test::kKnee;
using test::kLegParents;
using test::kPelvis;
using test::LegPose;
using test::MakeLeg;
using test::RootCase;

constexpr TwoBoneChain kLeg{kHip, kKnee, kAnkle};
constexpr float kRadToDeg = 57.2957795f;

class HingeRuleTest : public ::testing::TestWithParam<RootCase> {
 protected:
  // The hinge axis in the hip's frame, read from a straight rest leg whose
  // knee bends towards the bones' local +z (MakeLeg's forward knee bends
  // about local +x, so upper x lower = +x).
  static glm::vec3 AxisLs() {
    LegPose rest = MakeLeg(glm::mat4(1.0f), 0.45f, 0.4f, 0.0f, glm::identity<glm::quat>());
    const glm::vec3 toward_ms = glm::vec3(rest.models_ms[kHip] * glm::vec4(0.0f, 0.0f, 1.0f, 0.0f));
    return RestHingeAxisLs(rest.models_ms[kHip], rest.models_ms[kKnee], rest.models_ms[kAnkle], toward_ms);
  }
  // The knee's signed bend in degrees, in the hip's parent space.
  static float BendDeg(const LegPose& pose) {
    const glm::mat4 hip_ps = glm::inverse(pose.models_ms[kPelvis]) * pose.models_ms[kHip];
    return SignedHingeBendDeg(pose.PositionPs(kHip), pose.PositionPs(kKnee), pose.PositionPs(kAnkle),
                              HingeAxisMs(hip_ps, AxisLs()));
  }
  // A target (model space) from a point in the hip's parent space.
  static glm::vec3 Target(const LegPose& pose, const glm::vec3& offset_ps) {
    return glm::vec3(pose.models_ms[kPelvis] * glm::vec4(pose.PositionPs(kHip) + offset_ps, 1.0f));
  }
  static TwoBoneIkJob Settings(const LegPose& pose, const glm::vec3& target_ms) {
    TwoBoneIkJob job;
    job.target_ms = target_ms;
    job.bend_axis_ms = HingeAxisMs(pose.models_ms[kHip], AxisLs());
    return job;
  }
  static bool Solve(LegPose& pose, const TwoBoneIkJob& settings) {
    return ApplyTwoBoneIk(settings, kLeg, kLegParents, pose.locals_ls, pose.models_ms, pose.root_ms);
  }
  // Animated knee bends from backwards to deep, targets all round the hip,
  // near it too (at hip height in front: the foot on a high step).
  template <typename Check>
  void ForRandomCases(uint32_t seed, Check check) const {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> coord(-1.0f, 1.0f);
    std::uniform_real_distribution<float> bend(-0.8f, 1.6f);
    for (int i = 0; i < 300; ++i) {
      LegPose pose = MakeLeg(GetParam().root_ms, 0.45f, 0.4f, bend(rng));
      glm::vec3 offset_ps(coord(rng) * 0.3f, coord(rng) * 0.5f - 0.3f, coord(rng) * 0.7f);
      // No closer than 0.25 m: a knee folded past about 150 degrees reads
      // as bent either way (a fold of 180 + x is one of -(180 - x)).
      const float distance = glm::length(offset_ps);
      if (distance < 0.25f) offset_ps *= 0.25f / std::max(distance, 1e-3f);
      check(pose, Target(pose, offset_ps), i);
    }
  }
};

TEST_P(HingeRuleTest, RestAxisIsTheForwardKneesAxis) {
  const glm::vec3 axis = AxisLs();
  EXPECT_NEAR(axis.x, 1.0f, 1e-5f);
  EXPECT_NEAR(axis.y, 0.0f, 1e-5f);
  EXPECT_NEAR(axis.z, 0.0f, 1e-5f);
  const LegPose forward = MakeLeg(GetParam().root_ms, 0.45f, 0.4f, 0.5f);
  const LegPose backward = MakeLeg(GetParam().root_ms, 0.45f, 0.4f, -0.5f);
  EXPECT_NEAR(BendDeg(forward), 0.5f * kRadToDeg, 0.01f);
  EXPECT_NEAR(BendDeg(backward), -0.5f * kRadToDeg, 0.01f);
}

TEST_P(HingeRuleTest, OneChainSolveNeverBendsBackwards) {
  ForRandomCases(3, [&](LegPose& pose, const glm::vec3& target_ms, int i) {
    const float before = BendDeg(pose);
    const glm::vec3 t_ps = pose.ParentSpace(target_ms) - pose.PositionPs(kHip);
    ASSERT_TRUE(Solve(pose, Settings(pose, target_ms)));
    EXPECT_GE(BendDeg(pose), -0.01f) << "case " << i << " before " << before << " t " << t_ps.x << " " << t_ps.y << " "
                                     << t_ps.z << " dist " << glm::length(t_ps);
  });
}

TEST_P(HingeRuleTest, WithoutTheRuleTheSameCasesBendBackwards) {
  int backwards = 0;
  ForRandomCases(3, [&](LegPose& pose, const glm::vec3& target_ms, int) {
    TwoBoneIkJob settings = Settings(pose, target_ms);
    settings.bend_axis_ms = glm::vec3(0.0f);
    ASSERT_TRUE(Solve(pose, settings));
    backwards += BendDeg(pose) < -5.0f;
  });
  EXPECT_GT(backwards, 30);
}

TEST_P(HingeRuleTest, ForwardKneeKeepsItsAnimatedBendPlane) {
  // A knee well forward of the line: the rule changes nothing.
  ForRandomCases(5, [&](LegPose& pose, const glm::vec3& target_ms, int i) {
    if (BendDeg(pose) < 20.0f) return;
    LegPose free = pose;
    TwoBoneIkJob settings = Settings(pose, target_ms);
    // In the hip's parent space, where the chain is rigid.
    const glm::mat4 hip_ps = glm::inverse(pose.models_ms[kPelvis]) * pose.models_ms[kHip];
    const glm::vec3 a = pose.PositionPs(kHip);
    const glm::vec3 w = glm::cross(pose.ParentSpace(target_ms) - a, pose.PositionPs(kKnee) - a);
    if (-glm::dot(HingeAxisMs(hip_ps, AxisLs()), w) < 0.2f * glm::length(w)) return;  // knee not clearly forward
    ASSERT_TRUE(Solve(pose, settings));
    settings.bend_axis_ms = glm::vec3(0.0f);
    ASSERT_TRUE(Solve(free, settings));
    EXPECT_LT(glm::distance(pose.Position(kKnee), free.Position(kKnee)), 1e-4f) << "case " << i;
  });
}

TEST_P(HingeRuleTest, BatchSolveNeverBendsBackwards) {
  // The batch covers what the one-chain solve covers without parent_ms.
  if (!GetParam().similarity) GTEST_SKIP() << "the batch solves in model space: similarity roots only";
  std::vector<LegPose> poses;
  std::vector<glm::vec3> targets;
  ForRandomCases(7, [&](LegPose& pose, const glm::vec3& target_ms, int) {
    poses.push_back(pose);
    targets.push_back(target_ms);
  });
  std::vector<TwoBoneIkBatchJob::Chain> chains(poses.size());
  for (size_t i = 0; i < poses.size(); ++i) {
    chains[i] = {&poses[i].models_ms[kHip],
                 &poses[i].models_ms[kKnee],
                 &poses[i].models_ms[kAnkle],
                 targets[i],
                 glm::vec3(0.0f),
                 HingeAxisMs(poses[i].models_ms[kHip], AxisLs())};
  }
  std::vector<glm::quat> start_q(poses.size()), mid_q(poses.size());
  TwoBoneIkBatchJob job;
  job.chains = chains;
  job.start_corrections = start_q;
  job.mid_corrections = mid_q;
  ASSERT_TRUE(job.Run());
  for (size_t i = 0; i < poses.size(); ++i) {
    ASSERT_TRUE(ApplyTwoBoneCorrections(kLeg, start_q[i], mid_q[i], kLegParents, poses[i].locals_ls, poses[i].models_ms,
                                        poses[i].root_ms));
    EXPECT_GE(BendDeg(poses[i]), -0.01f) << "case " << i;
  }
}

TEST_P(HingeRuleTest, LimbPlacementNeverBendsBackwards) {
  // One limb (LimbPlacementJob::Run); RunAll's batched solves are
  // TwoBoneIkBatchJob's, checked above.
  ForRandomCases(9, [&](LegPose& pose, const glm::vec3& target_ms, int i) {
    LimbPlacementJob job;
    job.chain = kLeg;
    job.parents = kLegParents;
    job.locals_ls = pose.locals_ls;
    job.models_ms = pose.models_ms;
    job.root_ms = pose.root_ms;
    job.target_ms = target_ms;
    job.hinge_axis_ls = AxisLs();
    ASSERT_TRUE(job.Run());
    EXPECT_GE(BendDeg(pose), -0.01f) << "case " << i;
  });
}

TEST_P(HingeRuleTest, KneeCarriedAcrossTheLineMovesContinuously) {
  // The foot target swings up from below the hip to in front of it at hip
  // height (a high step): the animated knee ends up behind the hip-target
  // line. The solved knee stays forward and never jumps.
  LegPose animated = MakeLeg(GetParam().root_ms, 0.45f, 0.4f, 0.3f);
  const float scale = glm::length(glm::vec3(animated.models_ms[kPelvis][0]));
  glm::vec3 previous_knee_ps(0.0f);
  constexpr int kSteps = 400;
  for (int i = 0; i <= kSteps; ++i) {
    const float angle = 1.6f * static_cast<float>(i) / kSteps;  // from straight down to above horizontal
    const glm::vec3 offset_ps = 0.6f * glm::vec3(0.0f, -std::cos(angle), std::sin(angle));
    LegPose pose = animated;
    ASSERT_TRUE(Solve(pose, Settings(pose, Target(pose, offset_ps))));
    EXPECT_GE(BendDeg(pose), -0.01f) << "step " << i;
    const glm::vec3 knee_ps = pose.PositionPs(kKnee);
    // The target moves 0.6 * 1.6 / 400 = 2.4 mm a step.
    if (i > 0) {
      EXPECT_LT(glm::distance(knee_ps, previous_knee_ps), 0.03f) << "step " << i << " scale " << scale;
    }
    previous_knee_ps = knee_ps;
  }
}

INSTANTIATE_TEST_SUITE_P(Roots, HingeRuleTest, ::testing::ValuesIn(test::RootCases()),
                         [](const ::testing::TestParamInfo<RootCase>& info) { return info.param.name; });

}  // namespace
}  // namespace knights::ik
