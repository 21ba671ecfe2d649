// ik::SolveTwoBoneReference and ik::RotationBetween, the oracle the fast
// solver's tests hold it to, checked on cases worked out by hand, in float
// and in double: the three cases of step 1, the bend plane kept, the pole
// for a straight limb, and the minimal rotation with its half turn.

#include "knights/ik/two_bone_ik_reference.h"

#include <cmath>

#include <gtest/gtest.h>

namespace knights::ik {
namespace {

template <typename T>
class TwoBoneReferenceTest : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(TwoBoneReferenceTest, Precisions);

template <typename T>
T Tolerance() {
  return std::is_same_v<T, float> ? T(1e-5) : T(1e-12);
}

// Unit bones, the knee bent towards +x; a target sqrt(2) below: the knee
// goes to a right angle, on the +x side where it was.
TYPED_TEST(TwoBoneReferenceTest, ReachableTargetBendsTheKneeInItsOwnPlane) {
  using V = glm::vec<3, TypeParam>;
  const V start(0), mid(TypeParam(0.6), TypeParam(-0.8), 0), end(0, TypeParam(-1.6), 0);
  const V target(0, -std::sqrt(TypeParam(2)), 0);
  const auto solved = SolveTwoBoneReference(start, mid, end, target);
  EXPECT_TRUE(solved.reached);
  const TypeParam half = std::sqrt(TypeParam(0.5));
  EXPECT_NEAR(glm::distance(solved.mid, V(half, -half, 0)), 0, Tolerance<TypeParam>());
  EXPECT_NEAR(glm::distance(solved.end, target), 0, Tolerance<TypeParam>());
}

// Out of reach: the limb lies straight towards the target, not reaching it.
TYPED_TEST(TwoBoneReferenceTest, FarTargetStraightensTheLimbTowardsIt) {
  using V = glm::vec<3, TypeParam>;
  const V start(0), mid(TypeParam(0.6), TypeParam(-0.8), 0), end(0, TypeParam(-1.6), 0);
  const auto solved = SolveTwoBoneReference(start, mid, end, V(3, 0, 4));
  EXPECT_FALSE(solved.reached);
  EXPECT_NEAR(glm::distance(solved.mid, V(TypeParam(0.6), 0, TypeParam(0.8))), 0, Tolerance<TypeParam>());
  EXPECT_NEAR(glm::distance(solved.end, V(TypeParam(1.2), 0, TypeParam(1.6))), 0, Tolerance<TypeParam>());
}

// Nearer than the bones' difference (1 and 0.5): folded along the line,
// the longer bone towards the target.
TYPED_TEST(TwoBoneReferenceTest, NearTargetFoldsTheLimbAlongTheLine) {
  using V = glm::vec<3, TypeParam>;
  const V start(0), mid(0, -1, 0), end(TypeParam(0.5), -1, 0);
  const auto solved = SolveTwoBoneReference(start, mid, end, V(0, TypeParam(-0.2), 0));
  EXPECT_FALSE(solved.reached);
  EXPECT_NEAR(glm::distance(solved.mid, V(0, -1, 0)), 0, Tolerance<TypeParam>());
  EXPECT_NEAR(glm::distance(solved.end, V(0, TypeParam(-0.5), 0)), 0, Tolerance<TypeParam>());
}

// A straight limb has no bend plane: the knee bends towards the pole.
TYPED_TEST(TwoBoneReferenceTest, StraightLimbBendsTowardsThePole) {
  using V = glm::vec<3, TypeParam>;
  const V start(0), mid(0, -1, 0), end(0, -2, 0), target(0, -std::sqrt(TypeParam(2)), 0);
  for (const TypeParam side : {TypeParam(1), TypeParam(-1)}) {
    const auto solved = SolveTwoBoneReference(start, mid, end, target, V(0, 0, side));
    const TypeParam half = std::sqrt(TypeParam(0.5));
    EXPECT_NEAR(glm::distance(solved.mid, V(0, -half, side * half)), 0, Tolerance<TypeParam>());
  }
}

// The minimal rotation carries u onto v about their common normal; opposite
// directions take a half turn about an axis across u.
TYPED_TEST(TwoBoneReferenceTest, RotationBetweenIsTheMinimalTurn) {
  using V = glm::vec<3, TypeParam>;
  const V u(2, 0, 0), v(0, 0, 3);
  const glm::qua<TypeParam> q = RotationBetween(u, v);
  EXPECT_NEAR(glm::distance(q * glm::normalize(u), glm::normalize(v)), 0, Tolerance<TypeParam>());
  EXPECT_NEAR(glm::angle(q), std::acos(TypeParam(0)), Tolerance<TypeParam>());
  const glm::qua<TypeParam> half_turn = RotationBetween(u, -u);
  EXPECT_NEAR(glm::distance(half_turn * V(1, 0, 0), V(-1, 0, 0)), 0, Tolerance<TypeParam>());
  const glm::qua<TypeParam> none = RotationBetween(u, u * TypeParam(5));
  EXPECT_NEAR(glm::angle(none), 0, Tolerance<TypeParam>());
}

}  // namespace
}  // namespace knights::ik
