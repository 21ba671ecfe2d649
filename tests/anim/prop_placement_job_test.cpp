// PropPlacementJob: a carried prop follows the carrying joint through the
// IK, a prop the clip has stowed follows the stow joint whatever the IK does
// to the hand the file parents it to, the game's stow weight moves it onto
// the stow socket, its subtree goes with it, and a broken job writes
// nothing. Under several root transforms (the result moves with the root).

#include "knights/anim/prop_placement_job.h"

#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "knights/math/approx.h"

namespace knights::anim {
namespace {

// root -> chest -> hand -> prop -> prop_tip, and chest -> other.
const std::vector<int16_t> kParents = {-1, 0, 1, 2, 3, 1};
constexpr int kChest = 1, kHand = 2, kProp = 3, kTip = 4, kOther = 5;

glm::mat4 Rigid(const glm::vec3& t, float angle, const glm::vec3& axis) {
  return glm::rotate(glm::translate(glm::mat4(1.0f), t), angle, glm::normalize(axis));
}

struct RootCase {
  std::string name;
  glm::mat4 root_ms;
};
void PrintTo(const RootCase& c, std::ostream* os) { *os << c.name; }

// The clips' pose: the prop in the hand, 0.4 m along it, tilted.
std::vector<glm::mat4> AnimatedPose(const glm::mat4& root_ms) {
  std::vector<glm::mat4> m(kParents.size());
  m[0] = root_ms;
  m[kChest] = m[0] * Rigid({0, 1.3f, 0}, 0.1f, {0, 0, 1});
  m[kHand] = m[kChest] * Rigid({0.3f, -0.4f, -0.2f}, 0.8f, {1, 0, 0});
  m[kProp] = m[kHand] * Rigid({0.0f, 0.07f, 0.0f}, 0.5f, {0, 1, 1});
  m[kTip] = m[kProp] * Rigid({0.0f, 0.9f, 0.0f}, 0.0f, {0, 0, 1});
  m[kOther] = m[kChest] * Rigid({0, 0.2f, 0}, 0.0f, {0, 0, 1});
  return m;
}

PropSockets Sockets() {
  PropSockets s;
  s.prop = kProp;
  s.carry = kHand;
  s.stow = kChest;
  // On the back: behind the chest, diagonal.
  s.stowed_in_stow = Rigid({-0.2f, 0.2f, 0.05f}, 2.4f, {1, 0.2f, 0});
  return s;
}

// The IK moved the hand (and so, through the hierarchy, the prop under it).
void MoveHand(std::vector<glm::mat4>& models_ms, const glm::mat4& root_ms) {
  const glm::mat4 hand_delta = root_ms * Rigid({0.05f, 0.12f, -0.03f}, 0.3f, {0, 0, 1}) * glm::inverse(root_ms);
  for (int j : {kHand, kProp, kTip}) models_ms[j] = hand_delta * models_ms[j];
}

PropPlacementJob Job(const PropSockets& s, const std::vector<glm::mat4>& animated_ms,
                     std::vector<glm::mat4>& models_ms) {
  PropPlacementJob job;
  job.sockets = &s;
  job.animated_ms = animated_ms;
  job.parents = kParents;
  job.models_ms = models_ms;
  return job;
}

class PropPlacement : public ::testing::TestWithParam<RootCase> {};

TEST_P(PropPlacement, CarriedPropFollowsTheHandThroughTheIk) {
  const glm::mat4 root_ms = GetParam().root_ms;
  const std::vector<glm::mat4> animated = AnimatedPose(root_ms);
  std::vector<glm::mat4> models = animated;
  MoveHand(models, root_ms);
  const glm::mat4 expected = models[kHand] * glm::inverse(animated[kHand]) * animated[kProp];
  const PropSockets s = Sockets();
  ASSERT_TRUE(Job(s, animated, models).Run());
  EXPECT_TRUE(math::ApproxEqual(models[kProp], expected, 1e-4f));
  EXPECT_TRUE(math::ApproxEqual(models[kTip], expected * glm::inverse(animated[kProp]) * animated[kTip], 1e-4f));
}

TEST_P(PropPlacement, PropTheClipStowsStaysOnTheBackWhenTheIkMovesTheHand) {
  const glm::mat4 root_ms = GetParam().root_ms;
  std::vector<glm::mat4> animated = AnimatedPose(root_ms);
  const PropSockets s = Sockets();
  // The clip put the prop on the back (still parented to the hand in the file).
  animated[kProp] = animated[kChest] * s.stowed_in_stow;
  animated[kTip] = animated[kProp] * Rigid({0.0f, 0.9f, 0.0f}, 0.0f, {0, 0, 1});
  EXPECT_FLOAT_EQ(ClipStowedness(s, animated, 0.02f), 1.0f);
  std::vector<glm::mat4> models = animated;
  MoveHand(models, root_ms);  // the hierarchy dragged the stowed prop with the hand
  ASSERT_TRUE(Job(s, animated, models).Run());
  EXPECT_TRUE(math::ApproxEqual(models[kProp], animated[kProp], 1e-4f));
  EXPECT_TRUE(math::ApproxEqual(models[kTip], animated[kTip], 1e-4f));
}

TEST_P(PropPlacement, StowWeightPutsThePropOnTheStowSocket) {
  const glm::mat4 root_ms = GetParam().root_ms;
  const std::vector<glm::mat4> animated = AnimatedPose(root_ms);
  const PropSockets s = Sockets();
  EXPECT_FLOAT_EQ(ClipStowedness(s, animated, 0.02f), 0.0f);
  std::vector<glm::mat4> carried = animated, stowed = animated, half = animated;
  for (auto* m : {&carried, &stowed, &half}) MoveHand(*m, root_ms);
  PropPlacementJob job = Job(s, animated, carried);
  ASSERT_TRUE(job.Run());
  job = Job(s, animated, stowed);
  job.stow_weight = 1.0f;
  ASSERT_TRUE(job.Run());
  EXPECT_TRUE(math::ApproxEqual(stowed[kProp], stowed[kChest] * s.stowed_in_stow, 1e-4f));
  // Halfway: the midpoint, and a rotation half the angle from each end.
  job = Job(s, animated, half);
  job.stow_weight = 0.5f;
  ASSERT_TRUE(job.Run());
  const glm::vec3 mid = 0.5f * (glm::vec3(carried[kProp][3]) + glm::vec3(stowed[kProp][3]));
  EXPECT_LT(glm::length(glm::vec3(half[kProp][3]) - mid), 1e-4f);
  auto rotation = [](const glm::mat4& m) { return glm::quat_cast(glm::mat3(m) / glm::length(glm::vec3(m[0]))); };
  const float to_carried = glm::angle(rotation(half[kProp]) * glm::inverse(rotation(carried[kProp])));
  const float to_stowed = glm::angle(rotation(half[kProp]) * glm::inverse(rotation(stowed[kProp])));
  EXPECT_NEAR(to_carried, to_stowed, 1e-3f);
  EXPECT_GT(to_carried, 0.05f);
  // Bodies other than the prop's subtree are untouched.
  EXPECT_EQ(half[kOther], animated[kOther]);
}

const RootCase kRoots[] = {
    {"Identity", glm::mat4(1.0f)},
    {"Translated", glm::translate(glm::mat4(1.0f), glm::vec3(12.0f, -3.0f, 0.5f))},
    {"Rotated", Rigid({0.5f, 0.2f, -1.0f}, 0.7f, {1, 2, 3})},
    {"UniformScale", glm::scale(Rigid({0.5f, 0.2f, -1.0f}, 2.1f, {0, 1, 0}), glm::vec3(1.6f))},
};
INSTANTIATE_TEST_SUITE_P(Roots, PropPlacement, ::testing::ValuesIn(kRoots),
                         [](const auto& info) { return info.param.name; });

TEST(PropPlacementValidation, BrokenJobsWriteNothing) {
  const std::vector<glm::mat4> animated = AnimatedPose(glm::mat4(1.0f));
  std::vector<glm::mat4> models = animated;
  MoveHand(models, glm::mat4(1.0f));
  const std::vector<glm::mat4> before = models;
  PropSockets above = Sockets();
  above.carry = kTip;  // the socket inside the prop's own subtree
  PropSockets out_of_range = Sockets();
  out_of_range.stow = 99;
  PropSockets none = Sockets();
  none.prop = -1;
  for (const PropSockets* s : {&above, &out_of_range, &none}) {
    EXPECT_FALSE(Job(*s, animated, models).Run());
  }
  const PropSockets good = Sockets();
  PropPlacementJob nan_weight = Job(good, animated, models);
  nan_weight.stow_weight = std::nanf("");
  EXPECT_FALSE(nan_weight.Run());
  PropPlacementJob short_animated = Job(good, animated, models);
  short_animated.animated_ms = std::span<const glm::mat4>(animated).first(3);
  EXPECT_FALSE(short_animated.Run());
  PropPlacementJob no_sockets = Job(good, animated, models);
  no_sockets.sockets = nullptr;
  EXPECT_FALSE(no_sockets.Run());
  EXPECT_EQ(models, before);
}

}  // namespace
}  // namespace knights::anim
