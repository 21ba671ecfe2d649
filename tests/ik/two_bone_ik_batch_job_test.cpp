// TwoBoneIkBatchJob against TwoBoneIkJob, chain by chain, under the root
// transforms model space is a similarity image of (identity, translated,
// rotated, uniformly scaled, mirrored): the same corrections up to float
// rounding, every batch size (groups of four and the rest), weights, soft
// IK, the degenerate chains the four-wide path hands to the scalar job, and
// NaN chains mixed with good ones. And on its own terms: applied, the
// corrections put each end on its reachable target.

#include "knights/ik/two_bone_ik_batch_job.h"

#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "knights/ik/two_bone_ik_job.h"
#include "ik_test_util.h"

namespace knights::ik {
namespace {

using test::kAnkle;
using test::kHip;
using test::kKnee;
using test::kPelvis;
using test::LegPose;
using test::MakeLeg;
using test::RootCase;

// The pose a leg takes with corrections applied.
LegPose Applied(LegPose leg, const glm::quat& start, const glm::quat& mid) {
  leg.locals_ls[kHip].rotation = glm::normalize(leg.locals_ls[kHip].rotation * start);
  leg.locals_ls[kKnee].rotation = glm::normalize(leg.locals_ls[kKnee].rotation * mid);
  leg.UpdateModels();
  return leg;
}

// Two sets of corrections agree when the leg ends up the same: knee, ankle
// and toe (the toe shows the ankle's orientation) within `tolerance_m`.
// Positions, not quaternion components: where the knee is almost on the
// hip-target line the bend plane's direction is ill-conditioned in both
// solves alike, but the knee's offset from that line, and so any difference
// in where it goes, is then as small.
void ExpectSamePose(const LegPose& leg, const glm::quat& start, const glm::quat& mid, const glm::quat& want_start,
                    const glm::quat& want_mid, float tolerance_m, int chain) {
  const LegPose got = Applied(leg, start, mid);
  const LegPose want = Applied(leg, want_start, want_mid);
  for (const int joint : {test::kKnee, test::kAnkle, test::kToe}) {
    EXPECT_LT(glm::distance(got.Position(joint), want.Position(joint)), tolerance_m)
        << "chain " << chain << " joint " << joint;
  }
}

// Legs in varied animated poses (hip swing, knee bend) under one root, each
// with a target: reachable, too far or too close, in a random direction.
struct Scene {
  std::vector<LegPose> legs;
  std::vector<TwoBoneIkBatchJob::Chain> chains;
};

// `far_m`: how far past full extension (0.85 m) the too-far targets reach.
Scene MakeScene(const glm::mat4& root_ms, int count, uint32_t seed, float far_m = 1.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f), u01(0.0f, 1.0f);
  Scene scene;
  scene.legs.reserve(count);
  for (int i = 0; i < count; ++i) {
    const glm::quat hip =
        glm::angleAxis(0.6f * u(rng), glm::normalize(glm::vec3(u(rng), 0.3f * u(rng), u(rng)) + 0.01f));
    scene.legs.push_back(MakeLeg(root_ms, 0.45f, 0.4f, 0.15f + 1.2f * u01(rng), hip));
  }
  for (int i = 0; i < count; ++i) {
    const LegPose& leg = scene.legs[i];
    const glm::vec3 dir = glm::normalize(glm::vec3(u(rng), u(rng) - 0.8f, u(rng)));
    const int kind = i % 3;  // reachable, too far, too close
    const float dist = kind == 0   ? 0.07f + 0.76f * u01(rng)
                       : kind == 1 ? 0.86f + far_m * u01(rng)
                                   : 0.045f * u01(rng) + 0.001f;
    const glm::vec3 a_ps = leg.PositionPs(kHip);
    TwoBoneIkBatchJob::Chain chain;
    chain.start_joint_ms = &leg.models_ms[kHip];
    chain.mid_joint_ms = &leg.models_ms[kKnee];
    chain.end_joint_ms = &leg.models_ms[kAnkle];
    chain.target_ms = glm::vec3(leg.models_ms[kPelvis] * glm::vec4(a_ps + dir * dist, 1.0f));
    chain.pole_vector_ms = glm::vec3(leg.models_ms[kPelvis] * glm::vec4(0.0f, 0.0f, 1.0f, 0.0f));
    scene.chains.push_back(chain);
  }
  return scene;
}

struct ScalarResult {
  glm::quat start, mid;
  bool reached = false;
  bool ok = false;
};

ScalarResult SolveScalar(const TwoBoneIkBatchJob::Chain& chain, float soften, float weight) {
  ScalarResult r;
  TwoBoneIkJob job;
  job.start_joint_ms = chain.start_joint_ms;
  job.mid_joint_ms = chain.mid_joint_ms;
  job.end_joint_ms = chain.end_joint_ms;
  job.target_ms = chain.target_ms;
  job.pole_vector_ms = chain.pole_vector_ms;
  job.soften = soften;
  job.weight = weight;
  job.start_correction = &r.start;
  job.mid_correction = &r.mid;
  job.reached = &r.reached;
  r.ok = job.Run();
  return r;
}

class TwoBoneIkBatchTest : public ::testing::TestWithParam<RootCase> {};

// The solver's accuracy target, 1e-5 m, in the root's units: the batch sums
// its dot products in another order than the scalar job, so the two differ
// by float rounding, well inside it.
float Agree(const glm::mat4& root_ms) { return 1e-5f * glm::length(glm::vec3(root_ms[0])); }

TEST_P(TwoBoneIkBatchTest, MatchesTheScalarJobChainByChain) {
  for (const int count : {1, 2, 3, 4, 5, 7, 8, 13, 64}) {
    for (const float weight : {1.0f, 0.6f}) {
      for (const float soften : {0.0f, 0.1f}) {
        // Soft IK approaches full extension exponentially: a target far
        // beyond it leaves the knee ~sqrt(l (chain - reach)) off the line
        // with chain - reach ~ exp(-distance / soft range), where one ulp of
        // a bone length moves the knee by far more than 1e-5 m in any
        // solver. Compare softened chains where that is well-conditioned
        // (within two soft ranges past the start of the softening).
        const float far_m = soften > 0.0f ? 0.05f : 1.0f;
        const Scene scene = MakeScene(GetParam().root_ms, count, 100u + static_cast<uint32_t>(count), far_m);
        std::vector<glm::quat> start(count), mid(count);
        const std::unique_ptr<bool[]> reached(new bool[count]());
        TwoBoneIkBatchJob job;
        job.chains = scene.chains;
        job.soften = soften;
        job.weight = weight;
        job.start_corrections = start;
        job.mid_corrections = mid;
        job.reached = std::span<bool>(reached.get(), count);
        ASSERT_TRUE(job.Run());
        for (int i = 0; i < count; ++i) {
          const ScalarResult want = SolveScalar(scene.chains[i], soften, weight);
          ASSERT_TRUE(want.ok);
          ExpectSamePose(scene.legs[i], start[i], mid[i], want.start, want.mid, Agree(GetParam().root_ms), i);
          EXPECT_EQ(reached[i], want.reached) << "chain " << i << " of " << count;
        }
      }
    }
  }
}

// Applied to the pose, the batch's corrections put the ankle on a reachable
// target (to 1e-5 m, the solver's accuracy target) and keep the bones'
// lengths; an unreachable one is missed and reported.
TEST_P(TwoBoneIkBatchTest, CorrectionsPutEndsOnReachableTargets) {
  const int count = 30;
  Scene scene = MakeScene(GetParam().root_ms, count, 7);
  std::vector<glm::quat> start(count), mid(count);
  const std::unique_ptr<bool[]> reached(new bool[count]());
  TwoBoneIkBatchJob job;
  job.chains = scene.chains;
  job.start_corrections = start;
  job.mid_corrections = mid;
  job.reached = std::span<bool>(reached.get(), count);
  ASSERT_TRUE(job.Run());
  for (int i = 0; i < count; ++i) {
    const LegPose& before = scene.legs[i];
    const float thigh = glm::distance(before.Position(kHip), before.Position(kKnee));
    const float shin = glm::distance(before.Position(kKnee), before.Position(kAnkle));
    const LegPose leg = Applied(before, start[i], mid[i]);
    const float miss = glm::distance(leg.Position(kAnkle), scene.chains[i].target_ms);
    const float scale = glm::length(glm::vec3(GetParam().root_ms[0]));
    if (i % 3 == 0) {  // reachable
      EXPECT_LT(miss, 1e-5f * scale) << "chain " << i;
      EXPECT_TRUE(reached[i]) << "chain " << i;
    } else {
      EXPECT_GT(miss, 1e-3f * scale) << "chain " << i;
      EXPECT_FALSE(reached[i]) << "chain " << i;
    }
    EXPECT_NEAR(glm::distance(leg.Position(kHip), leg.Position(kKnee)), thigh, 1e-5f * thigh) << i;
    EXPECT_NEAR(glm::distance(leg.Position(kKnee), leg.Position(kAnkle)), shin, 1e-5f * shin) << i;
  }
}

// Chains the four-wide path cannot take sit among ordinary ones: a straight
// leg (bends toward the pole), the target on the hip, a NaN target, an
// infinite matrix. Each gets the scalar job's answer; the NaN ones the
// identity, and Run() says some chain was refused.
TEST_P(TwoBoneIkBatchTest, DegenerateAndNonFiniteChainsGetTheScalarAnswer) {
  const glm::mat4& root = GetParam().root_ms;
  Scene scene = MakeScene(root, 8, 11);
  const LegPose straight = MakeLeg(root, 0.45f, 0.4f, 0.0f, glm::identity<glm::quat>());
  glm::mat4 infinite_knee = scene.legs[5].models_ms[kKnee];
  infinite_knee[1][2] = std::numeric_limits<float>::infinity();
  // 1: straight leg with a reachable target; 2: target on the hip;
  // 4: NaN target; 5: an infinite knee matrix.
  scene.chains[1].start_joint_ms = &straight.models_ms[kHip];
  scene.chains[1].mid_joint_ms = &straight.models_ms[kKnee];
  scene.chains[1].end_joint_ms = &straight.models_ms[kAnkle];
  scene.chains[1].target_ms = glm::vec3(straight.models_ms[kHip][3]) + glm::vec3(0.0f, -0.5f, 0.1f);
  scene.chains[2].target_ms = glm::vec3(scene.legs[2].models_ms[kHip][3]);
  scene.chains[4].target_ms.y = std::numeric_limits<float>::quiet_NaN();
  scene.chains[5].mid_joint_ms = &infinite_knee;
  std::vector<glm::quat> start(8), mid(8);
  const std::unique_ptr<bool[]> reached(new bool[8]);
  for (int i = 0; i < 8; ++i) reached[i] = true;
  TwoBoneIkBatchJob job;
  job.chains = scene.chains;
  job.start_corrections = start;
  job.mid_corrections = mid;
  job.reached = std::span<bool>(reached.get(), 8);
  EXPECT_FALSE(job.Run());  // two chains refused
  for (int i = 0; i < 8; ++i) {
    const ScalarResult want = SolveScalar(scene.chains[i], 0.0f, 1.0f);
    EXPECT_EQ(want.ok, i != 4 && i != 5) << i;
    const LegPose& leg = i == 1 ? straight : scene.legs[i];
    if (i == 5) {
      EXPECT_EQ(mid[i], want.mid);  // identity: the pose is kept
    } else {
      ExpectSamePose(leg, start[i], mid[i], want.start, want.mid, Agree(root), i);
    }
    EXPECT_EQ(reached[i], want.reached) << i;
  }
  EXPECT_EQ(start[4], glm::identity<glm::quat>());
  EXPECT_EQ(mid[5], glm::identity<glm::quat>());
  EXPECT_NE(start[1], glm::identity<glm::quat>());  // the straight leg was solved
}

TEST(TwoBoneIkBatchJobTest, ValidateRejectsBadJobsAndWritesNothing) {
  const Scene scene = MakeScene(glm::mat4(1.0f), 3, 5);
  const glm::quat sentinel(0.5f, 0.5f, 0.5f, 0.5f);
  std::vector<glm::quat> start(3, sentinel), mid(3, sentinel), short_out(2, sentinel);
  TwoBoneIkBatchJob job;
  job.chains = scene.chains;
  job.start_corrections = start;
  job.mid_corrections = mid;
  EXPECT_TRUE(job.Validate());
  job.mid_corrections = short_out;
  EXPECT_FALSE(job.Run());
  job.mid_corrections = mid;
  job.weight = 1.5f;
  EXPECT_FALSE(job.Run());
  job.weight = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(job.Run());
  job.weight = 1.0f;
  job.soften = -0.1f;
  EXPECT_FALSE(job.Run());
  job.soften = 0.0f;
  job.reach_tolerance = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(job.Run());
  job.reach_tolerance = 1e-3f;
  std::vector<TwoBoneIkBatchJob::Chain> null_chain = scene.chains;
  null_chain[2].end_joint_ms = nullptr;
  job.chains = null_chain;
  EXPECT_FALSE(job.Run());
  for (const glm::quat& q : start) EXPECT_EQ(q, sentinel);
  for (const glm::quat& q : mid) EXPECT_EQ(q, sentinel);
  // Weight 0: identity corrections.
  job.chains = scene.chains;
  job.weight = 0.0f;
  EXPECT_TRUE(job.Run());
  for (const glm::quat& q : start) EXPECT_EQ(q, glm::identity<glm::quat>());
  // No chains: nothing to do, success.
  job.chains = {};
  EXPECT_TRUE(job.Run());
}

std::vector<RootCase> SimilarityRoots() {
  std::vector<RootCase> roots;
  for (const RootCase& c : test::RootCases()) {
    if (c.similarity) roots.push_back(c);
  }
  return roots;
}

INSTANTIATE_TEST_SUITE_P(Roots, TwoBoneIkBatchTest, ::testing::ValuesIn(SimilarityRoots()),
                         [](const ::testing::TestParamInfo<RootCase>& info) { return info.param.name; });

}  // namespace
}  // namespace knights::ik
