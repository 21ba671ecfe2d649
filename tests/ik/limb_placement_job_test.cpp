// LimbPlacementJob: the effector point of the end joint lands on the target,
// the end joint keeps its animated model rotation (or is tilted onto a surface
// normal), the weight blends from the animated effector, and bad input is
// refused with the pose untouched. Run under several root transforms.

#include "knights/ik/limb_placement_job.h"

#include <cmath>
#include <cstring>
#include <limits>

#include <gtest/gtest.h>

#include "ik_test_util.h"

namespace knights::ik {
namespace {

using test::kAnkle;
using test::kHip;
using test::kKnee;
using test::kLegParents;
using test::kPelvis;
using test::kToe;
using test::LegPose;
using test::MakeLeg;
using test::RootCase;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
// The sole point under the ankle, in the ankle's space (metres).
const glm::vec3 kEffectorLs{0.02f, -0.07f, 0.05f};

// Proper similarity roots only (translation, rotation, uniform scale): the
// job measures the end joint's rotation with the scale removed and does not
// claim support for mirrored or non-uniformly scaled rigs.
std::vector<RootCase> ProperSimilarityCases() {
  std::vector<RootCase> out;
  for (const RootCase& c : test::RootCases()) {
    if (c.similarity && glm::determinant(glm::mat3(c.root_ms)) > 0.0f) out.push_back(c);
  }
  return out;
}

glm::vec3 EffectorMs(const LegPose& pose, const glm::vec3& effector_ls = kEffectorLs) {
  return glm::vec3(pose.models_ms[kAnkle] * glm::vec4(effector_ls, 1.0f));
}

// Rotation of a model matrix with its (positive) column scale removed.
glm::mat3 UnitRotation(const glm::mat4& m) {
  return glm::mat3(glm::normalize(glm::vec3(m[0])), glm::normalize(glm::vec3(m[1])), glm::normalize(glm::vec3(m[2])));
}

float MaxAbsDiff(const glm::mat3& a, const glm::mat3& b) {
  float d = 0.0f;
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r) d = std::max(d, std::fabs(a[c][r] - b[c][r]));
  }
  return d;
}

float AngleBetween(const glm::vec3& a, const glm::vec3& b) {
  const glm::vec3 u = glm::normalize(a), v = glm::normalize(b);
  return std::atan2(glm::length(glm::cross(u, v)), glm::dot(u, v));
}

LimbPlacementJob MakeJob(LegPose& pose) {
  LimbPlacementJob job;
  job.chain = {kHip, kKnee, kAnkle};
  job.parents = kLegParents;
  job.locals_ls = pose.locals_ls;
  job.models_ms = pose.models_ms;
  job.root_ms = pose.root_ms;
  job.effector_ls = kEffectorLs;
  return job;
}

// A model-space offset of the given metres in the pelvis frame (scaled and
// rotated like the rig, so the same target is reachable under every root).
glm::vec3 OffsetMs(const LegPose& pose, const glm::vec3& offset_ps) {
  return glm::mat3(pose.models_ms[kPelvis]) * offset_ps;
}

class LimbPlacementTest : public ::testing::TestWithParam<RootCase> {};

TEST_P(LimbPlacementTest, EffectorLandsOnTargetAndEndKeepsItsModelRotation) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::mat3 end_rotation_before = UnitRotation(pose.models_ms[kAnkle]);
  const float l_thigh = glm::distance(pose.Position(kHip), pose.Position(kKnee));
  const float l_shin = glm::distance(pose.Position(kKnee), pose.Position(kAnkle));
  const glm::vec3 target_ms = EffectorMs(pose) + OffsetMs(pose, {0.06f, 0.09f, -0.04f});
  bool reached = false;
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = target_ms;
  job.reached = &reached;
  ASSERT_TRUE(job.Run());
  EXPECT_TRUE(reached);
  const float scale = glm::length(glm::vec3(pose.models_ms[kPelvis][0]));
  EXPECT_LT(glm::distance(EffectorMs(pose), target_ms), 1e-4f * scale);
  // Without alignment the end joint keeps the animated model rotation.
  EXPECT_LT(MaxAbsDiff(UnitRotation(pose.models_ms[kAnkle]), end_rotation_before), 1e-4f);
  // Bones only rotate.
  EXPECT_NEAR(glm::distance(pose.Position(kHip), pose.Position(kKnee)), l_thigh, 1e-4f * scale);
  EXPECT_NEAR(glm::distance(pose.Position(kKnee), pose.Position(kAnkle)), l_shin, 1e-4f * scale);
  // Model matrices below the end were recomputed: the toe still follows the ankle.
  LegPose recomputed = pose;
  recomputed.UpdateModels();
  EXPECT_LT(glm::distance(recomputed.Position(kToe), pose.Position(kToe)), 1e-5f * scale);
}

TEST_P(LimbPlacementTest, AlignTurnsTheEndUpOntoTheNormalAndStillPlacesTheEffector) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  // The foot's "up" in its own space: the pelvis up, seen from the ankle.
  const glm::vec3 up_ms = OffsetMs(pose, {0.0f, 1.0f, 0.0f});
  const glm::vec3 end_up_ls = glm::normalize(glm::inverse(glm::mat3(pose.models_ms[kAnkle])) * up_ms);
  // A slope normal 25 degrees off the pelvis up (below the 40 degree limit).
  const glm::vec3 normal_ps =
      glm::normalize(glm::vec3(std::sin(glm::radians(25.0f)), std::cos(glm::radians(25.0f)), 0.0f));
  const glm::vec3 normal_ms = glm::normalize(OffsetMs(pose, normal_ps));
  const glm::vec3 target_ms = EffectorMs(pose) + OffsetMs(pose, {-0.03f, 0.07f, 0.02f});
  bool reached = false;
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = target_ms;
  job.align = true;
  job.normal_ms = normal_ms * 3.0f;  // need not be unit
  job.end_up_ls = end_up_ls;
  job.reached = &reached;
  ASSERT_TRUE(job.Run());
  EXPECT_TRUE(reached);
  const float scale = glm::length(glm::vec3(pose.models_ms[kPelvis][0]));
  EXPECT_LT(glm::distance(EffectorMs(pose), target_ms), 1e-4f * scale);
  EXPECT_LT(AngleBetween(glm::mat3(pose.models_ms[kAnkle]) * end_up_ls, normal_ms), 1e-3f);
}

// end_turn_ms turns the end joint before its alignment: its model rotation
// is the turn times the animated one, the effector still on the target, with
// and without alignment (a turn about the normal keeps the sole on it).
TEST_P(LimbPlacementTest, EndTurnTurnsTheEndJointAndStillPlacesTheEffector) {
  for (const bool align : {false, true}) {
    LegPose pose = MakeLeg(GetParam().root_ms);
    const glm::vec3 up_ms = glm::normalize(OffsetMs(pose, {0.0f, 1.0f, 0.0f}));
    const glm::quat turn_ms = glm::angleAxis(glm::radians(20.0f), up_ms);
    const glm::mat3 expected = glm::mat3_cast(turn_ms) * UnitRotation(pose.models_ms[kAnkle]);
    const glm::vec3 target_ms = EffectorMs(pose) + OffsetMs(pose, {0.04f, 0.05f, 0.02f});
    bool reached = false;
    LimbPlacementJob job = MakeJob(pose);
    job.target_ms = target_ms;
    job.end_turn_ms = turn_ms;
    job.align = align;
    job.normal_ms = up_ms;
    job.end_up_ls = glm::normalize(glm::inverse(glm::mat3(pose.models_ms[kAnkle])) * up_ms);
    job.reached = &reached;
    ASSERT_TRUE(job.Run());
    EXPECT_TRUE(reached) << "align " << align;
    const float scale = glm::length(glm::vec3(pose.models_ms[kPelvis][0]));
    EXPECT_LT(glm::distance(EffectorMs(pose), target_ms), 1e-4f * scale) << "align " << align;
    EXPECT_LT(MaxAbsDiff(UnitRotation(pose.models_ms[kAnkle]), expected), 1e-4f) << "align " << align;
  }
}

TEST_P(LimbPlacementTest, TiltIsLimitedByMaxTilt) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::vec3 up_ms = glm::normalize(OffsetMs(pose, {0.0f, 1.0f, 0.0f}));
  const glm::vec3 end_up_ls = glm::normalize(glm::inverse(glm::mat3(pose.models_ms[kAnkle])) * up_ms);
  // 70 degrees off up, limited to 30.
  const glm::vec3 normal_ps(0.0f, std::cos(glm::radians(70.0f)), std::sin(glm::radians(70.0f)));
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = EffectorMs(pose);
  job.align = true;
  job.normal_ms = OffsetMs(pose, normal_ps);
  job.end_up_ls = end_up_ls;
  job.max_tilt_deg = 30.0f;
  ASSERT_TRUE(job.Run());
  const glm::vec3 up_after = glm::mat3(pose.models_ms[kAnkle]) * end_up_ls;
  EXPECT_NEAR(AngleBetween(up_after, up_ms), glm::radians(30.0f), 1e-3f);
  // Towards the normal: the remaining angle is 40 degrees.
  EXPECT_NEAR(AngleBetween(up_after, job.normal_ms), glm::radians(40.0f), 1e-3f);
}

TEST_P(LimbPlacementTest, TipFollowsTheNormalToo) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  // Bend the toe so its frame differs from the foot's.
  pose.locals_ls[kToe].rotation = glm::angleAxis(0.35f, glm::vec3(1.0f, 0.0f, 0.0f));
  pose.UpdateModels();
  const glm::vec3 up_ms = glm::normalize(OffsetMs(pose, {0.0f, 1.0f, 0.0f}));
  const glm::vec3 end_up_ls = glm::normalize(glm::inverse(glm::mat3(pose.models_ms[kAnkle])) * up_ms);
  const glm::vec3 toe_up_ls = glm::normalize(glm::inverse(glm::mat3(pose.models_ms[kToe])) * up_ms);
  const glm::vec3 normal_ms = glm::normalize(OffsetMs(pose, glm::normalize(glm::vec3(0.0f, 1.0f, -0.3f))));
  LimbPlacementJob job = MakeJob(pose);
  job.tip = kToe;
  job.target_ms = EffectorMs(pose);
  job.align = true;
  job.normal_ms = normal_ms;
  job.end_up_ls = end_up_ls;
  ASSERT_TRUE(job.Run());
  EXPECT_LT(AngleBetween(glm::mat3(pose.models_ms[kAnkle]) * end_up_ls, normal_ms), 1e-3f);
  EXPECT_LT(AngleBetween(glm::mat3(pose.models_ms[kToe]) * toe_up_ls, normal_ms), 1e-3f);
}

TEST_P(LimbPlacementTest, WeightBlendsFromTheAnimatedEffector) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::vec3 animated_ms = EffectorMs(pose);
  const glm::vec3 target_ms = animated_ms + OffsetMs(pose, {0.08f, 0.1f, 0.0f});
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = target_ms;
  job.weight = 0.25f;
  ASSERT_TRUE(job.Run());
  const float scale = glm::length(glm::vec3(pose.models_ms[kPelvis][0]));
  EXPECT_LT(glm::distance(EffectorMs(pose), glm::mix(animated_ms, target_ms, 0.25f)), 1e-4f * scale);
}

// At a partial weight with alignment the effector still lands exactly on
// the weighted target, and the end is tilted by the weighted part of the
// way (nlerp at one half: half the angle).
TEST_P(LimbPlacementTest, PartialWeightWithAlignPlacesTheEffectorExactly) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::vec3 up_ms = glm::normalize(OffsetMs(pose, {0.0f, 1.0f, 0.0f}));
  const glm::vec3 end_up_ls = glm::normalize(glm::inverse(glm::mat3(pose.models_ms[kAnkle])) * up_ms);
  const glm::vec3 normal_ps(std::sin(glm::radians(25.0f)), std::cos(glm::radians(25.0f)), 0.0f);
  const glm::vec3 animated_ms = EffectorMs(pose);
  const glm::vec3 target_ms = animated_ms + OffsetMs(pose, {0.05f, 0.08f, 0.02f});
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = target_ms;
  job.align = true;
  job.normal_ms = OffsetMs(pose, normal_ps);
  job.end_up_ls = end_up_ls;
  job.weight = 0.5f;
  ASSERT_TRUE(job.Run());
  const float scale = glm::length(glm::vec3(pose.models_ms[kPelvis][0]));
  EXPECT_LT(glm::distance(EffectorMs(pose), glm::mix(animated_ms, target_ms, 0.5f)), 1e-4f * scale);
  EXPECT_NEAR(AngleBetween(glm::mat3(pose.models_ms[kAnkle]) * end_up_ls, up_ms), glm::radians(12.5f), 1e-3f);
}

// EndTargetMs says beforehand where Run will put the end joint, the
// alignment's turn of the effector offset included (a caller moving the
// body toward a hold weighs the reach with it), and changes nothing.
TEST_P(LimbPlacementTest, EndTargetIsWhereRunPutsTheEndJoint) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  const glm::vec3 up_ms = glm::normalize(OffsetMs(pose, {0.0f, 1.0f, 0.0f}));
  const glm::vec3 end_up_ls = glm::normalize(glm::inverse(glm::mat3(pose.models_ms[kAnkle])) * up_ms);
  const glm::vec3 normal_ps(std::sin(glm::radians(30.0f)), std::cos(glm::radians(30.0f)), 0.0f);
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = EffectorMs(pose) + OffsetMs(pose, {0.04f, 0.06f, -0.02f});
  job.align = true;
  job.normal_ms = OffsetMs(pose, normal_ps);
  job.end_up_ls = end_up_ls;
  const LegPose before = pose;
  glm::vec3 end_target_ms(0.0f);
  ASSERT_TRUE(job.EndTargetMs(&end_target_ms));
  EXPECT_EQ(std::memcmp(pose.models_ms.data(), before.models_ms.data(), sizeof(pose.models_ms)), 0);
  // Not the unturned offset: the 30 degree turn moves the ankle target.
  const glm::vec3 unturned_ms = job.target_ms - (EffectorMs(pose) - pose.Position(kAnkle));
  const float scale = glm::length(glm::vec3(pose.models_ms[kPelvis][0]));
  EXPECT_GT(glm::distance(end_target_ms, unturned_ms), 0.01f * scale);
  ASSERT_TRUE(job.Run());
  EXPECT_LT(glm::distance(pose.Position(kAnkle), end_target_ms), 1e-4f * scale);
  job.effector_ls = glm::vec3(kNaN);
  EXPECT_FALSE(job.EndTargetMs(&end_target_ms));
  EXPECT_FALSE(MakeJob(pose).EndTargetMs(nullptr));
}

TEST_P(LimbPlacementTest, ZeroWeightKeepsThePose) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  const LegPose before = pose;
  bool reached = true;
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = EffectorMs(pose) + OffsetMs(pose, {0.1f, 0.1f, 0.1f});
  job.align = true;
  job.normal_ms = glm::vec3(1.0f, 1.0f, 0.0f);
  job.weight = 0.0f;
  job.reached = &reached;
  ASSERT_TRUE(job.Run());
  EXPECT_FALSE(reached);
  EXPECT_EQ(std::memcmp(&before.locals_ls, &pose.locals_ls, sizeof(pose.locals_ls)), 0);
  EXPECT_EQ(std::memcmp(&before.models_ms, &pose.models_ms, sizeof(pose.models_ms)), 0);
}

TEST_P(LimbPlacementTest, UnreachableTargetIsNotReachedAndBonesKeepTheirLength) {
  LegPose pose = MakeLeg(GetParam().root_ms);
  const float l_thigh = glm::distance(pose.Position(kHip), pose.Position(kKnee));
  const float l_shin = glm::distance(pose.Position(kKnee), pose.Position(kAnkle));
  const glm::vec3 target_ms = pose.Position(kHip) + OffsetMs(pose, {0.0f, -2.0f, 0.3f});
  bool reached = true;
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = target_ms;
  job.reached = &reached;
  ASSERT_TRUE(job.Run());
  EXPECT_FALSE(reached);
  EXPECT_TRUE(test::AllFinite(pose));
  const float scale = glm::length(glm::vec3(pose.models_ms[kPelvis][0]));
  EXPECT_NEAR(glm::distance(pose.Position(kHip), pose.Position(kKnee)), l_thigh, 1e-4f * scale);
  EXPECT_NEAR(glm::distance(pose.Position(kKnee), pose.Position(kAnkle)), l_shin, 1e-4f * scale);
  // Fully stretched towards the target: the ankle lies on the hip-target line.
  const glm::vec3 to_target =
      glm::normalize(target_ms - EffectorMs(pose) + pose.Position(kAnkle) - pose.Position(kHip));
  const glm::vec3 to_ankle = glm::normalize(pose.Position(kAnkle) - pose.Position(kHip));
  EXPECT_GT(glm::dot(to_target, to_ankle), 0.99f);
}

// A target nearer the hip than the leg reaches bent max_bend_deg: the knee
// stops at that bend (not folded flat, where its direction is lost) and
// the end joint lies on the hip-target line, pushed out along it.
TEST_P(LimbPlacementTest, MaxBendStopsTheKneeShortOfATargetAtTheHip) {
  for (const float max_bend_deg : {150.0f, 172.0f}) {
    LegPose pose = MakeLeg(GetParam().root_ms);
    const float l_thigh = glm::distance(pose.Position(kHip), pose.Position(kKnee));
    const float l_shin = glm::distance(pose.Position(kKnee), pose.Position(kAnkle));
    // The ankle asked to come 2% of the thigh below and in front of the hip.
    const glm::vec3 ankle_goal_ms = pose.Position(kHip) + OffsetMs(pose, {0.0f, -0.008f, 0.004f});
    bool reached = true;
    LimbPlacementJob job = MakeJob(pose);
    job.target_ms = ankle_goal_ms + EffectorMs(pose) - pose.Position(kAnkle);
    job.max_bend_deg = max_bend_deg;
    job.reached = &reached;
    ASSERT_TRUE(job.Run());
    EXPECT_FALSE(reached);
    const glm::vec3 thigh = pose.Position(kKnee) - pose.Position(kHip);
    const glm::vec3 shin = pose.Position(kAnkle) - pose.Position(kKnee);
    const float bend_deg = glm::degrees(AngleBetween(thigh, shin));
    EXPECT_NEAR(bend_deg, max_bend_deg, 0.2f) << max_bend_deg;
    EXPECT_NEAR(glm::length(thigh), l_thigh, 1e-4f * l_thigh);
    EXPECT_NEAR(glm::length(shin), l_shin, 1e-4f * l_shin);
    const glm::vec3 to_goal = glm::normalize(ankle_goal_ms - pose.Position(kHip));
    const glm::vec3 to_ankle = glm::normalize(pose.Position(kAnkle) - pose.Position(kHip));
    EXPECT_GT(glm::dot(to_goal, to_ankle), 0.999f) << max_bend_deg;
  }
}

// The limit changes nothing for a target the leg reaches less bent.
TEST_P(LimbPlacementTest, MaxBendLeavesAReachableTargetAlone) {
  LegPose limited = MakeLeg(GetParam().root_ms);
  LegPose free = limited;
  const glm::vec3 target_ms = EffectorMs(limited) + OffsetMs(limited, {0.05f, 0.1f, 0.02f});
  LimbPlacementJob job = MakeJob(limited);
  job.target_ms = target_ms;
  job.max_bend_deg = 150.0f;
  ASSERT_TRUE(job.Run());
  LimbPlacementJob unlimited = MakeJob(free);
  unlimited.target_ms = target_ms;
  ASSERT_TRUE(unlimited.Run());
  EXPECT_EQ(std::memcmp(&limited.models_ms, &free.models_ms, sizeof(free.models_ms)), 0);
}

INSTANTIATE_TEST_SUITE_P(Roots, LimbPlacementTest, ::testing::ValuesIn(ProperSimilarityCases()),
                         [](const auto& info) { return info.param.name; });

// --- Validation: every bad input is refused and the pose is left untouched. ---

struct BadInput {
  const char* name;
  void (*mutate)(LimbPlacementJob& job);
};

class LimbPlacementValidation : public ::testing::TestWithParam<BadInput> {};

TEST_P(LimbPlacementValidation, RefusedWithPoseUntouched) {
  LegPose pose = MakeLeg(glm::mat4(1.0f));
  const LegPose before = pose;
  LimbPlacementJob job = MakeJob(pose);
  job.target_ms = EffectorMs(pose) + glm::vec3(0.05f, 0.05f, 0.0f);
  job.align = true;
  bool reached = true;
  job.reached = &reached;
  ASSERT_TRUE(job.Validate()) << "the baseline job must be valid";
  GetParam().mutate(job);
  EXPECT_FALSE(job.Validate());
  EXPECT_FALSE(job.Run());
  EXPECT_EQ(std::memcmp(&before.locals_ls, &pose.locals_ls, sizeof(pose.locals_ls)), 0);
  EXPECT_EQ(std::memcmp(&before.models_ms, &pose.models_ms, sizeof(pose.models_ms)), 0);
}

const BadInput kBadInputs[] = {
    {"NanTarget", [](LimbPlacementJob& j) { j.target_ms.y = kNaN; }},
    {"InfTarget", [](LimbPlacementJob& j) { j.target_ms.x = std::numeric_limits<float>::infinity(); }},
    {"NanEffector", [](LimbPlacementJob& j) { j.effector_ls.z = kNaN; }},
    {"NanNormal", [](LimbPlacementJob& j) { j.normal_ms.x = kNaN; }},
    {"NanEndUp", [](LimbPlacementJob& j) { j.end_up_ls.y = kNaN; }},
    {"NanPole", [](LimbPlacementJob& j) { j.pole_vector_ms.x = kNaN; }},
    {"ZeroNormalWhenAligning", [](LimbPlacementJob& j) { j.normal_ms = glm::vec3(0.0f); }},
    {"ZeroEndUpWhenAligning", [](LimbPlacementJob& j) { j.end_up_ls = glm::vec3(0.0f); }},
    {"StartNegative", [](LimbPlacementJob& j) { j.chain.start = -1; }},
    {"MidPastEnd", [](LimbPlacementJob& j) { j.chain.mid = 5; }},
    {"EndPastEnd", [](LimbPlacementJob& j) { j.chain.end = 99; }},
    {"TipPastEnd", [](LimbPlacementJob& j) { j.tip = 5; }},
    {"LocalsTooShort", [](LimbPlacementJob& j) { j.locals_ls = j.locals_ls.first(4); }},
    {"ModelsTooShort", [](LimbPlacementJob& j) { j.models_ms = j.models_ms.first(4); }},
    {"WeightAboveOne", [](LimbPlacementJob& j) { j.weight = 1.5f; }},
    {"WeightNegative", [](LimbPlacementJob& j) { j.weight = -0.1f; }},
    {"WeightNan", [](LimbPlacementJob& j) { j.weight = kNaN; }},
    {"SoftenAboveOne", [](LimbPlacementJob& j) { j.soften = 1.5f; }},
    {"AlignWeightAboveOne", [](LimbPlacementJob& j) { j.align_weight = 2.0f; }},
    {"AlignWeightNan", [](LimbPlacementJob& j) { j.align_weight = kNaN; }},
    {"EndTurnNotUnit", [](LimbPlacementJob& j) { j.end_turn_ms = glm::quat(2.0f, 0.0f, 0.0f, 0.0f); }},
    {"EndTurnNan", [](LimbPlacementJob& j) { j.end_turn_ms.x = kNaN; }},
    {"MaxBendNegative", [](LimbPlacementJob& j) { j.max_bend_deg = -1.0f; }},
    {"MaxBendPastFold", [](LimbPlacementJob& j) { j.max_bend_deg = 181.0f; }},
    {"MaxBendNan", [](LimbPlacementJob& j) { j.max_bend_deg = kNaN; }},
};

INSTANTIATE_TEST_SUITE_P(BadInputs, LimbPlacementValidation, ::testing::ValuesIn(kBadInputs),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace knights::ik
