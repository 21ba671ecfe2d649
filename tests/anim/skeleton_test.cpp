#include "knights/anim/skeleton.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "anim_test_util.h"

namespace knights::anim {
namespace {

struct Input {
  std::vector<std::string> names;
  std::vector<int16_t> parents;
  std::vector<math::Transform> rest_ls;
  std::vector<glm::mat4> inverse_bind_ms;

  core::Expected<Skeleton> Create() const { return Skeleton::Create(names, parents, rest_ls, inverse_bind_ms); }
};

Input ValidInput(int n) {
  Input in;
  for (int i = 0; i < n; ++i) {
    // Appended rather than "j" + to_string(i): GCC 12 -O3 reports a false
    // -Wrestrict on that operator+ (GCC bug 105329).
    std::string name = "j";
    name += std::to_string(i);
    in.names.push_back(name);
    in.parents.push_back(static_cast<int16_t>(i - 1));
    in.rest_ls.push_back(math::Transform{});
    in.inverse_bind_ms.push_back(glm::mat4(1.0f));
  }
  return in;
}

TEST(SkeletonTest, AcceptsValidChain) {
  const core::Expected<Skeleton> s = ValidInput(4).Create();
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->JointCount(), 4);
  EXPECT_EQ(s->FindJoint("j2"), 2);
  EXPECT_EQ(s->FindJoint("nope"), -1);
  EXPECT_EQ(s->Parents()[3], 2);
}

TEST(SkeletonTest, RejectsParentAfterChild) {
  Input in = ValidInput(4);
  in.parents[1] = 2;  // joint 1's parent comes after it
  const core::Expected<Skeleton> s = in.Create();
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("j1"), std::string::npos) << s.status().message();
}

TEST(SkeletonTest, RejectsSelfParentAndBadIndex) {
  Input self = ValidInput(3);
  self.parents[2] = 2;
  EXPECT_FALSE(self.Create().ok());
  Input negative = ValidInput(3);
  negative.parents[2] = -5;
  EXPECT_FALSE(negative.Create().ok());
}

TEST(SkeletonTest, RejectsDuplicateNames) {
  Input in = ValidInput(3);
  in.names[2] = "j0";
  const core::Expected<Skeleton> s = in.Create();
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("j0"), std::string::npos);
}

TEST(SkeletonTest, RejectsNaN) {
  Input rest = ValidInput(3);
  rest.rest_ls[1].translation.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(rest.Create().ok());
  Input bind = ValidInput(3);
  bind.inverse_bind_ms[2][3][0] = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(bind.Create().ok());
  Input rotation = ValidInput(3);
  rotation.rest_ls[0].rotation.w = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(rotation.Create().ok());
}

TEST(SkeletonTest, RejectsTooManyJointsAndEmpty) {
  EXPECT_TRUE(ValidInput(Skeleton::kMaxJoints).Create().ok());
  EXPECT_FALSE(ValidInput(Skeleton::kMaxJoints + 1).Create().ok());
  EXPECT_FALSE(ValidInput(0).Create().ok());
}

TEST(SkeletonTest, RejectsMismatchedSizes) {
  Input in = ValidInput(3);
  in.names.pop_back();
  EXPECT_FALSE(in.Create().ok());
  Input bind = ValidInput(3);
  bind.inverse_bind_ms.push_back(glm::mat4(1.0f));
  EXPECT_FALSE(bind.Create().ok());
}

TEST(SkeletonTest, SubtreeEndOnBranchingSkeleton) {
  const Skeleton s = test::MakeSkeleton(test::BranchingParents());
  EXPECT_EQ(s.SubtreeEnd(0), 9);  // everything
  EXPECT_EQ(s.SubtreeEnd(1), 7);  // spine, head, both arms
  EXPECT_EQ(s.SubtreeEnd(2), 3);  // head is a leaf
  EXPECT_EQ(s.SubtreeEnd(3), 5);  // arm.L and hand.L
  EXPECT_EQ(s.SubtreeEnd(5), 7);
  EXPECT_EQ(s.SubtreeEnd(7), 9);
  EXPECT_EQ(s.SubtreeEnd(8), 9);
}

}  // namespace
}  // namespace knights::anim
