#include "knights/anim/blending_job.h"

#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "anim_test_util.h"
#include "knights/math/approx.h"

namespace knights::anim {
namespace {

using test::AxisAngle;
using test::kHalfPi;

glm::quat Z(float angle) { return AxisAngle(angle, {0, 0, 1}); }

using Pose = std::vector<math::Transform>;

Pose Blend(const std::vector<BlendLayer>& layers, const Pose& rest, size_t joints = 1,
           const std::vector<std::span<const float>>& joint_weights = {}, bool slerp_pairs = false) {
  Pose out(joints);
  BlendingJob job;
  job.layers = layers;
  job.joint_weights = joint_weights;
  job.slerp_pairs = slerp_pairs;
  job.rest_pose_ls = rest;
  job.output_ls = out;
  EXPECT_TRUE(job.Run());
  return out;
}

const Pose kRest = {test::Trs({0, 10, 0}, AxisAngle(0.4f, {1, 0, 0}), {2, 2, 2})};

TEST(BlendingJobTest, TwoLayers) {
  const Pose a = {test::Trs({0, 0, 0}, Z(0.0f), {1, 1, 1})};
  const Pose b = {test::Trs({4, 0, 0}, Z(kHalfPi), {3, 1, 1})};
  const Pose out = Blend({{a, 0.75f}, {b, 0.25f}}, kRest);
  EXPECT_TRUE(math::ApproxEqual(out[0].translation, glm::vec3(1, 0, 0)));
  EXPECT_TRUE(math::ApproxEqual(out[0].scale, glm::vec3(1.5f, 1, 1)));
  // Equal weights would give exactly 45 degrees; here a normalised weighted sum.
  const glm::quat expected = glm::normalize(Z(0.0f) * 0.75f + Z(kHalfPi) * 0.25f);
  EXPECT_TRUE(math::SameRotation(out[0].rotation, expected));
  const Pose half = Blend({{a, 0.5f}, {b, 0.5f}}, kRest);
  EXPECT_TRUE(math::SameRotation(half[0].rotation, Z(kHalfPi / 2)));
}

TEST(BlendingJobTest, ThreeLayersAndManyJoints) {
  const Pose a = {test::Trs({3, 0, 0}), test::Trs({0, 0, 0}, Z(0.2f))};
  const Pose b = {test::Trs({0, 3, 0}), test::Trs({0, 0, 0}, Z(0.2f))};
  const Pose c = {test::Trs({0, 0, 3}), test::Trs({0, 0, 0}, Z(0.2f))};
  const Pose rest = {kRest[0], kRest[0]};
  const Pose out = Blend({{a, 1.0f}, {b, 1.0f}, {c, 1.0f}}, rest, 2);
  EXPECT_TRUE(math::ApproxEqual(out[0].translation, glm::vec3(1, 1, 1)));
  EXPECT_TRUE(math::SameRotation(out[1].rotation, Z(0.2f)));
  EXPECT_TRUE(math::ApproxEqual(out[1].scale, glm::vec3(1, 1, 1)));
}

TEST(BlendingJobTest, WeightsNeedNotSumToOne) {
  const Pose a = {test::Trs({0, 0, 0}, Z(0.1f))};
  const Pose b = {test::Trs({4, 0, 0}, Z(0.9f), {5, 5, 5})};
  const Pose small = Blend({{a, 0.2f}, {b, 0.6f}}, kRest);
  const Pose normalised = Blend({{a, 0.25f}, {b, 0.75f}}, kRest);
  const Pose big = Blend({{a, 2.0f}, {b, 6.0f}}, kRest);
  EXPECT_TRUE(math::ApproxEqual(small[0], normalised[0]));
  EXPECT_TRUE(math::ApproxEqual(big[0], normalised[0]));
  EXPECT_TRUE(math::ApproxEqual(normalised[0].translation, glm::vec3(3, 0, 0)));
}

TEST(BlendingJobTest, ZeroWeightsGiveRestPose) {
  const Pose a = {test::Trs({4, 0, 0}, Z(1.0f))};
  const Pose out = Blend({{a, 0.0f}, {a, 0.0f}}, kRest);
  EXPECT_TRUE(math::ApproxEqual(out[0], kRest[0]));
  const Pose none = Blend({}, kRest);
  EXPECT_TRUE(math::ApproxEqual(none[0], kRest[0]));
}

TEST(BlendingJobTest, RestPoseFadesInBelowThreshold) {
  // Total 0.05 < threshold 0.1: the rest pose gets the remaining 0.05.
  const Pose a = {test::Trs({4, 0, 0}, kRest[0].rotation, kRest[0].scale)};
  const Pose out = Blend({{a, 0.05f}}, kRest);
  EXPECT_TRUE(math::ApproxEqual(out[0].translation, glm::vec3(2, 5, 0), 1e-5f));
}

TEST(BlendingJobTest, SingleLayerIsCopied) {
  const Pose a = {test::Trs({1, 2, 3}, AxisAngle(2.0f, {1, 2, 3}), {0.5f, 2, 1})};
  const Pose out = Blend({{a, 0.7f}}, kRest);
  EXPECT_TRUE(math::ApproxEqual(out[0], a[0]));
}

TEST(BlendingJobTest, HemisphereQAndMinusQ) {
  // q and -q are the same rotation: blending them must give that rotation,
  // not a zero quaternion (which a naive sum would give).
  const glm::quat q = AxisAngle(1.2f, {0, 1, 1});
  const Pose a = {test::Trs({0, 0, 0}, q)};
  const Pose b = {test::Trs({0, 0, 0}, test::Negate(q))};
  const Pose out = Blend({{a, 0.5f}, {b, 0.5f}}, kRest);
  EXPECT_TRUE(math::SameRotation(out[0].rotation, q));
  // And -q with another rotation blends as if it were q.
  const glm::quat r = AxisAngle(0.4f, {0, 1, 1});
  const Pose c = {test::Trs({0, 0, 0}, r)};
  const Pose with_neg = Blend({{c, 0.5f}, {b, 0.5f}}, kRest);
  const Pose with_pos = Blend({{c, 0.5f}, {a, 0.5f}}, kRest);
  EXPECT_TRUE(math::SameRotation(with_neg[0].rotation, with_pos[0].rotation));
  EXPECT_TRUE(math::SameRotation(with_pos[0].rotation, AxisAngle(0.8f, {0, 1, 1})));
}

// Per-joint weights: joint 0 blends 3:1, joint 1 (weights 0:1) takes b
// alone, and a joint whose weights all but vanish meets the rest pose joint
// by joint; with all factors 1 the result is the plain blend, bit for bit.
TEST(BlendingJobTest, JointWeightsBlendEachJointOnItsOwn) {
  const Pose a = {test::Trs({0, 0, 0}, Z(0.0f)), test::Trs({0, 0, 0}, Z(0.0f)), test::Trs({4, 0, 0})};
  const Pose b = {test::Trs({4, 0, 0}, Z(kHalfPi)), test::Trs({8, 0, 0}, Z(1.0f)), test::Trs({4, 0, 0})};
  const Pose rest = {kRest[0], kRest[0], kRest[0]};
  const std::vector<float> a_factors = {3.0f, 0.0f, 0.02f}, b_factors = {1.0f, 1.0f, 0.02f};
  const Pose out = Blend({{a, 1.0f}, {b, 1.0f}}, rest, 3, {a_factors, b_factors});
  EXPECT_TRUE(math::ApproxEqual(out[0].translation, glm::vec3(1, 0, 0)));
  EXPECT_TRUE(math::ApproxEqual(out[1], b[1]));
  // Joint 2: total 0.04 under the threshold 0.1: the rest pose gets 0.06.
  EXPECT_TRUE(math::ApproxEqual(out[2].translation, glm::vec3(0.04f * 4.0f, 0.06f * 10.0f, 0) / 0.1f, 1e-4f));
  const std::vector<float> ones = {1.0f, 1.0f, 1.0f};
  const Pose with_ones = Blend({{a, 0.25f}, {b, 0.75f}}, rest, 3, {ones, ones});
  const Pose plain = Blend({{a, 0.25f}, {b, 0.75f}}, rest, 3);
  for (int j = 0; j < 3; ++j) EXPECT_TRUE(math::ApproxEqual(with_ones[j], plain[j], 1e-6f)) << j;
}

// Slerped pairs: a cross-fade between rotations 170 degrees apart turns at a
// uniform rate (the angle is the weight's share of the arc); the plain
// normalised sum covers most of the arc in the middle of the fade.
TEST(BlendingJobTest, SlerpedPairsTurnAtAUniformRate) {
  const float arc = glm::radians(170.0f);
  const Pose a = {test::Trs({0, 0, 0}, Z(0.0f))};
  const Pose b = {test::Trs({2, 0, 0}, Z(arc))};
  float nlerp_at_quarter = 0.0f;
  for (const float t : {0.1f, 0.25f, 0.5f, 0.75f, 0.9f}) {
    const std::vector<BlendLayer> layers = {{a, 1.0f - t}, {b, t}};
    const Pose slerped = Blend(layers, kRest, 1, {}, /*slerp_pairs=*/true);
    EXPECT_NEAR(glm::angle(slerped[0].rotation), t * arc, 1e-3f) << t;
    EXPECT_TRUE(math::ApproxEqual(slerped[0].translation, glm::vec3(2.0f * t, 0, 0)));
    if (t == 0.25f) nlerp_at_quarter = glm::angle(Blend(layers, kRest)[0].rotation);
  }
  // A quarter of the way through, the normalised sum lags the uniform turn
  // by more than a tenth: the rest comes in a rush around the middle.
  EXPECT_LT(nlerp_at_quarter, 0.9f * 0.25f * arc);
}

TEST(BlendingJobTest, ValidateRejectsBadInput) {
  const Pose a = {test::Trs({1, 0, 0})};
  Pose out(2);
  const Pose rest2 = {kRest[0], kRest[0]};
  BlendingJob job;
  const std::vector<BlendLayer> short_layer = {{a, 1.0f}};
  job.layers = short_layer;
  job.rest_pose_ls = rest2;
  job.output_ls = out;
  EXPECT_FALSE(job.Run());  // layer smaller than the output
  const std::vector<BlendLayer> negative = {{rest2, -1.0f}};
  job.layers = negative;
  EXPECT_FALSE(job.Run());
  const std::vector<BlendLayer> nan = {{rest2, std::numeric_limits<float>::quiet_NaN()}};
  job.layers = nan;
  EXPECT_FALSE(job.Run());
  const std::vector<BlendLayer> ok = {{rest2, 1.0f}};
  job.layers = ok;
  job.rest_pose_ls = kRest;  // too small
  EXPECT_FALSE(job.Run());
  job.rest_pose_ls = rest2;
  job.threshold = 0.0f;
  EXPECT_FALSE(job.Run());
  job.threshold = BlendingJob::kDefaultThreshold;
  EXPECT_TRUE(job.Run());
  const std::vector<float> short_factors = {1.0f}, nan_factors = {1.0f, std::nanf("")};
  const std::vector<std::span<const float>> short_joint_weights = {short_factors};
  job.joint_weights = short_joint_weights;
  EXPECT_FALSE(job.Run());
  const std::vector<std::span<const float>> nan_joint_weights = {nan_factors};
  job.joint_weights = nan_joint_weights;
  EXPECT_FALSE(job.Run());
  const std::vector<std::span<const float>> two_for_one_layer = {{}, {}};
  job.joint_weights = two_for_one_layer;
  EXPECT_FALSE(job.Run());
}

}  // namespace
}  // namespace knights::anim
