#include "knights/anim/local_to_model_job.h"

#include <limits>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "anim_test_util.h"
#include "knights/math/approx.h"

namespace knights::anim {
namespace {

using test::AxisAngle;
using test::kHalfPi;

// The 3-joint chain worked out by hand:
//   joint 0: at (1,0,0), 90 degrees about z        -> M0 = T(1,0,0) Rz(90)
//   joint 1: at (2,0,0) in 0, 90 degrees about z   -> M1 = M0 T(2,0,0) Rz(90)
//   joint 2: at (0,3,0) in 1, scale 2              -> M2 = M1 T(0,3,0) S(2)
const std::vector<int16_t> kChainParents = {-1, 0, 1};
std::vector<math::Transform> ChainLocals() {
  return {test::Trs({1, 0, 0}, AxisAngle(kHalfPi, {0, 0, 1})), test::Trs({2, 0, 0}, AxisAngle(kHalfPi, {0, 0, 1})),
          test::Trs({0, 3, 0}, glm::identity<glm::quat>(), {2, 2, 2})};
}
std::vector<glm::mat4> ChainExpectedWithIdentityRoot() {
  // Columns: x axis, y axis, z axis, position.
  // M0: Rz(90) maps x->y, y->-x; origin at (1,0,0).
  const glm::mat4 m0(glm::vec4(0, 1, 0, 0), glm::vec4(-1, 0, 0, 0), glm::vec4(0, 0, 1, 0), glm::vec4(1, 0, 0, 1));
  // M1: Rz(180) maps x->-x, y->-y; origin (1,0,0) + Rz(90)(2,0,0) = (1,2,0).
  const glm::mat4 m1(glm::vec4(-1, 0, 0, 0), glm::vec4(0, -1, 0, 0), glm::vec4(0, 0, 1, 0), glm::vec4(1, 2, 0, 1));
  // M2: Rz(180) scaled by 2; origin (1,2,0) + Rz(180)(0,3,0) = (1,-1,0).
  const glm::mat4 m2(glm::vec4(-2, 0, 0, 0), glm::vec4(0, -2, 0, 0), glm::vec4(0, 0, 2, 0), glm::vec4(1, -1, 0, 1));
  return {m0, m1, m2};
}

std::vector<glm::mat4> RunL2m(const std::vector<int16_t>& parents, const std::vector<math::Transform>& locals_ls,
                              const glm::mat4& root_ms) {
  std::vector<glm::mat4> models_ms(parents.size());
  LocalToModelJob job;
  job.parents = parents;
  job.locals_ls = locals_ls;
  job.models_ms = models_ms;
  job.root_ms = root_ms;
  EXPECT_TRUE(job.Run());
  return models_ms;
}

TEST(LocalToModelJobTest, HandComputedChain) {
  const std::vector<glm::mat4> expected = ChainExpectedWithIdentityRoot();
  const std::vector<glm::mat4> got = RunL2m(kChainParents, ChainLocals(), glm::mat4(1.0f));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(math::ApproxEqual(got[i], expected[i])) << "joint " << i;
  // The chain's end point, by hand: origin of joint 2.
  EXPECT_TRUE(math::ApproxEqual(glm::vec3(got[2][3]), glm::vec3(1, -1, 0)));
}

struct RootCase {
  const char* name;
  glm::mat4 root_ms;
};

void PrintTo(const RootCase& c, std::ostream* os) { *os << c.name; }

class LocalToModelRootTest : public ::testing::TestWithParam<RootCase> {};

TEST_P(LocalToModelRootTest, HandComputedChainUnderRoot) {
  const glm::mat4& root_ms = GetParam().root_ms;
  const std::vector<glm::mat4> expected = ChainExpectedWithIdentityRoot();
  const std::vector<glm::mat4> got = RunL2m(kChainParents, ChainLocals(), root_ms);
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(math::ApproxEqual(got[i], root_ms * expected[i], 1e-5f)) << "joint " << i;
  }
}

TEST_P(LocalToModelRootTest, MatchesReferenceOnRandomBranchingPoses) {
  const glm::mat4& root_ms = GetParam().root_ms;
  const std::vector<int16_t> parents = test::BranchingParents();
  std::mt19937 rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<math::Transform> locals;
    for (size_t i = 0; i < parents.size(); ++i) {
      math::Transform t = test::RandomTransform(rng);
      if (trial % 4 == 3 && i == 3) t.scale.y = -t.scale.y;  // a mirrored joint too
      locals.push_back(t);
    }
    const std::vector<glm::mat4> expected = test::ReferenceLocalToModel(parents, locals, root_ms);
    const std::vector<glm::mat4> got = RunL2m(parents, locals, root_ms);
    for (size_t i = 0; i < parents.size(); ++i) {
      ASSERT_TRUE(math::ApproxEqual(got[i], expected[i], 1e-4f)) << "trial " << trial << " joint " << i;
    }
  }
}

TEST_P(LocalToModelRootTest, PartialFromMiddleEqualsFullAndStaysInSubtree) {
  const glm::mat4& root_ms = GetParam().root_ms;
  const std::vector<int16_t> parents = test::BranchingParents();
  const Skeleton skeleton = test::MakeSkeleton(parents);
  std::mt19937 rng(6);
  std::vector<math::Transform> locals;
  for (size_t i = 0; i < parents.size(); ++i) locals.push_back(test::RandomTransform(rng));
  std::vector<glm::mat4> models = RunL2m(parents, locals, root_ms);

  // Change the left arm (joint 3) and hand (4), as IK would.
  const int from = 3;
  const int end = skeleton.SubtreeEnd(from);
  ASSERT_EQ(end, 5);
  locals[3].rotation = AxisAngle(0.9f, {1, 0, 0});
  locals[4].translation += glm::vec3(0.1f, 0.2f, 0.3f);
  const std::vector<glm::mat4> full = test::ReferenceLocalToModel(parents, locals, root_ms);

  // Joints after the subtree hold a sentinel that must survive untouched.
  const glm::mat4 sentinel(42.0f);
  for (int i = end; i < static_cast<int>(parents.size()); ++i) models[i] = sentinel;
  const std::vector<glm::mat4> before = models;

  LocalToModelJob job;
  job.parents = parents;
  job.locals_ls = locals;
  job.models_ms = models;
  job.root_ms = root_ms;
  job.from = from;
  ASSERT_TRUE(job.Run());
  for (int i = 0; i < from; ++i) EXPECT_EQ(models[i], before[i]) << "joint " << i;
  for (int i = from; i < end; ++i) {
    EXPECT_TRUE(math::ApproxEqual(models[i], full[i], 1e-4f)) << "joint " << i;
  }
  for (int i = end; i < static_cast<int>(parents.size()); ++i) {
    EXPECT_EQ(models[i], sentinel) << "joint " << i;
  }
}

glm::mat4 Rotated() { return glm::mat4_cast(AxisAngle(0.8f, {1, 2, -1})); }

INSTANTIATE_TEST_SUITE_P(
    Roots, LocalToModelRootTest,
    ::testing::Values(
        RootCase{"identity", glm::mat4(1.0f)},
        RootCase{"translated", glm::translate(glm::mat4(1.0f), glm::vec3(3, -2, 7))}, RootCase{"rotated", Rotated()},
        RootCase{"uniform_scale", glm::scale(glm::translate(Rotated(), glm::vec3(1, 0, 0)), glm::vec3(2.5f))},
        RootCase{"non_uniform_scale", glm::scale(Rotated(), glm::vec3(0.5f, 2.0f, 1.5f))},
        RootCase{"mirrored",
                 glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(0, 1, 0)), glm::vec3(-1.0f, 1.0f, 1.0f))}),
    [](const ::testing::TestParamInfo<RootCase>& info) { return std::string(info.param.name); });

TEST(LocalToModelJobTest, TwoRootsAndPartialFromSecondRoot) {
  const std::vector<int16_t> parents = {-1, 0, -1, 2, 3};
  std::mt19937 rng(8);
  std::vector<math::Transform> locals;
  for (size_t i = 0; i < parents.size(); ++i) locals.push_back(test::RandomTransform(rng));
  const glm::mat4 root_ms = glm::translate(glm::mat4(1.0f), glm::vec3(0, 0, 4));
  std::vector<glm::mat4> models = RunL2m(parents, locals, root_ms);
  const std::vector<glm::mat4> expected = test::ReferenceLocalToModel(parents, locals, root_ms);
  for (size_t i = 0; i < parents.size(); ++i) EXPECT_TRUE(math::ApproxEqual(models[i], expected[i], 1e-4f));

  locals[2].translation = {5, 5, 5};
  const std::vector<glm::mat4> full = test::ReferenceLocalToModel(parents, locals, root_ms);
  LocalToModelJob job;
  job.parents = parents;
  job.locals_ls = locals;
  job.models_ms = models;
  job.root_ms = root_ms;
  job.from = 2;
  ASSERT_TRUE(job.Run());
  for (size_t i = 0; i < parents.size(); ++i) EXPECT_TRUE(math::ApproxEqual(models[i], full[i], 1e-4f));
}

TEST(LocalToModelJobTest, ValidateRejectsBadInput) {
  std::vector<math::Transform> locals = ChainLocals();
  std::vector<glm::mat4> models(3, glm::mat4(7.0f));
  LocalToModelJob job;
  job.parents = kChainParents;
  job.locals_ls = locals;
  job.models_ms = std::span<glm::mat4>(models).first(2);
  EXPECT_FALSE(job.Run());
  job.models_ms = models;
  job.from = 3;
  EXPECT_FALSE(job.Run());
  job.from = -1;
  EXPECT_FALSE(job.Run());
  job.from = 0;
  const std::vector<int16_t> bad_order = {-1, 2, 1};
  job.parents = bad_order;
  EXPECT_FALSE(job.Run());
  const std::vector<int16_t> bad_index = {-1, -3, 1};
  job.parents = bad_index;
  EXPECT_FALSE(job.Run());
  for (const glm::mat4& m : models) EXPECT_EQ(m, glm::mat4(7.0f));  // nothing written
  job.parents = kChainParents;
  EXPECT_TRUE(job.Run());
}

// A restart at `from` checks what it reads: `from`'s parent and its subtree.
// A broken order inside that range fails without writing; joints it never
// reads (before `from`, after the subtree) are not its business.
TEST(LocalToModelJobTest, PartialRunChecksTheSubtreeItReads) {
  std::mt19937 rng(9);
  std::vector<math::Transform> locals;
  for (int i = 0; i < 6; ++i) locals.push_back(test::RandomTransform(rng));
  std::vector<glm::mat4> models(6, glm::mat4(7.0f));
  LocalToModelJob job;
  job.locals_ls = locals;
  job.models_ms = models;
  job.from = 2;
  // Subtree of 2 is {2, 3, 4}; joint 3 names a parent after itself.
  const std::vector<int16_t> bad_inside = {-1, 0, 1, 4, 2, 0};
  job.parents = bad_inside;
  EXPECT_FALSE(job.Validate());
  EXPECT_FALSE(job.Run());
  // from's own parent after it.
  const std::vector<int16_t> bad_first = {-1, 0, 3, 2, 2, 0};
  job.parents = bad_first;
  EXPECT_FALSE(job.Run());
  for (const glm::mat4& m : models) EXPECT_EQ(m, glm::mat4(7.0f));  // nothing written
  // A parent index below -1 after the subtree ends the pass: never read.
  const std::vector<int16_t> bad_outside = {-1, 0, 1, 2, 2, -5};
  job.parents = bad_outside;
  EXPECT_FALSE(job.Validate());  // the whole-skeleton check still sees it
  ASSERT_TRUE(job.Run());
  for (int i = 0; i < 2; ++i) EXPECT_EQ(models[i], glm::mat4(7.0f)) << "joint " << i;
  for (int i = 2; i < 5; ++i) EXPECT_NE(models[i], glm::mat4(7.0f)) << "joint " << i;
  EXPECT_EQ(models[5], glm::mat4(7.0f));
}

}  // namespace
}  // namespace knights::anim
