// TwoBoneIkJob and ApplyTwoBoneIk, parameterised over the root transform the
// leg lives under (identity, translated, rotated, uniformly scaled,
// non-uniformly scaled, mirrored).

#include "knights/ik/two_bone_ik_job.h"

#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "knights/ik/apply_two_bone_ik.h"
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

class TwoBoneIkTest : public ::testing::TestWithParam<RootCase> {
 protected:
  const glm::mat4& Root() const { return GetParam().root_ms; }

  // Model-space point from a point in the hip's parent space.
  static glm::vec3 FromParentSpace(const LegPose& pose, const glm::vec3& p_ps) {
    return glm::vec3(pose.models_ms[kPelvis] * glm::vec4(p_ps, 1.0f));
  }

  // Solves with `settings` and returns whether ApplyTwoBoneIk succeeded.
  static bool Apply(LegPose& pose, TwoBoneIkJob settings, bool* reached = nullptr) {
    return ApplyTwoBoneIk(settings, kLeg, kLegParents, pose.locals_ls, pose.models_ms, pose.root_ms, reached);
  }

  static TwoBoneIkJob Settings(const glm::vec3& target_ms) {
    TwoBoneIkJob job;
    job.target_ms = target_ms;
    return job;
  }

  // Bone lengths must be kept in the space where the chain is rigid: model
  // space when the root is a similarity, the hip's parent space otherwise
  // (under non-uniform scale a bone's model length changes with any
  // rotation, animated or not). Both are checked where meaningful.
  void ExpectLengthsKept(const LegPose& before, const LegPose& after) const {
    const float ps_ab0 = glm::distance(before.PositionPs(kHip), before.PositionPs(kKnee));
    const float ps_bc0 = glm::distance(before.PositionPs(kKnee), before.PositionPs(kAnkle));
    EXPECT_NEAR(glm::distance(after.PositionPs(kHip), after.PositionPs(kKnee)), ps_ab0, 1e-5f * ps_ab0);
    EXPECT_NEAR(glm::distance(after.PositionPs(kKnee), after.PositionPs(kAnkle)), ps_bc0, 1e-5f * ps_bc0);
    if (GetParam().similarity) {
      const float ab0 = glm::distance(before.Position(kHip), before.Position(kKnee));
      const float bc0 = glm::distance(before.Position(kKnee), before.Position(kAnkle));
      EXPECT_NEAR(glm::distance(after.Position(kHip), after.Position(kKnee)), ab0, 1e-5f * ab0);
      EXPECT_NEAR(glm::distance(after.Position(kKnee), after.Position(kAnkle)), bc0, 1e-5f * bc0);
    }
  }
};

// A target at parent-space distance `dist` from the hip, in direction dir_ps
// (parent space), returned in model space.
glm::vec3 TargetAt(const LegPose& pose, glm::vec3 dir_ps, float dist) {
  const glm::vec3 a_ps = pose.PositionPs(kHip);
  return glm::vec3(pose.models_ms[kPelvis] * glm::vec4(a_ps + glm::normalize(dir_ps) * dist, 1.0f));
}

TEST_P(TwoBoneIkTest, ReachableTargetPutsEndOnTarget) {
  const glm::vec3 dirs[] = {
      {0.2f, -1.0f, 0.3f}, {0.0f, -1.0f, 0.0f}, {1.0f, 0.1f, 0.0f}, {-0.3f, 0.5f, 0.8f}, {0.0f, 1.0f, 0.0f}};
  for (const glm::vec3& dir : dirs) {
    for (float dist : {0.1f, 0.3f, 0.6f, 0.84f}) {
      LegPose pose = MakeLeg(Root());
      const LegPose before = pose;
      const glm::vec3 target = TargetAt(pose, dir, dist);
      bool reached = false;
      ASSERT_TRUE(Apply(pose, Settings(target), &reached));
      EXPECT_LT(glm::distance(pose.Position(kAnkle), target), 1e-5f)
          << "dir " << dir.x << "," << dir.y << "," << dir.z << " dist " << dist;
      EXPECT_TRUE(reached);
      ExpectLengthsKept(before, pose);
      // Bones only rotate: the hip does not move.
      EXPECT_LT(glm::distance(pose.Position(kHip), before.Position(kHip)), 1e-6f);
    }
  }
}

TEST_P(TwoBoneIkTest, TooFarTargetFullyExtendsTowardTarget) {
  LegPose pose = MakeLeg(Root());
  const LegPose before = pose;
  const glm::vec3 dir_ps = glm::normalize(glm::vec3(0.4f, -1.0f, 0.5f));
  const glm::vec3 target = TargetAt(pose, dir_ps, 2.0f);  // chain is 0.85 long
  bool reached = true;
  ASSERT_TRUE(Apply(pose, Settings(target), &reached));
  EXPECT_FALSE(reached);
  const glm::vec3 a = pose.PositionPs(kHip), b = pose.PositionPs(kKnee), c = pose.PositionPs(kAnkle);
  // Knee and end on the ray from the hip toward the target, fully extended.
  EXPECT_LT(glm::length(glm::normalize(b - a) - dir_ps), 1e-5f);
  EXPECT_LT(glm::length(glm::normalize(c - a) - dir_ps), 1e-5f);
  EXPECT_NEAR(glm::distance(a, c), 0.85f, 1e-5f);
  ExpectLengthsKept(before, pose);
}

// ik.md case 1 with l_ab > l_bc: the thigh points at the target, the shin
// folds back; with l_ab < l_bc the thigh points away and the shin reaches
// past the hip toward the target.
TEST_P(TwoBoneIkTest, TooCloseTargetFoldsPerIkMd) {
  for (const auto& [l1, l2] : {std::pair{0.6f, 0.3f}, std::pair{0.3f, 0.6f}}) {
    LegPose pose = MakeLeg(Root(), l1, l2);
    const LegPose before = pose;
    const glm::vec3 dir_ps = glm::normalize(glm::vec3(0.1f, -1.0f, 0.2f));
    const glm::vec3 target = TargetAt(pose, dir_ps, 0.1f);  // < |l1 - l2| = 0.3
    bool reached = true;
    ASSERT_TRUE(Apply(pose, Settings(target), &reached));
    EXPECT_FALSE(reached);
    const glm::vec3 a = pose.PositionPs(kHip), b = pose.PositionPs(kKnee), c = pose.PositionPs(kAnkle);
    const glm::vec3 n = -dir_ps;  // from target to root
    const float s = l1 > l2 ? 1.0f : -1.0f;
    const glm::vec3 b_expected = a - s * l1 * n;
    const glm::vec3 c_expected = b_expected + s * l2 * n;
    EXPECT_LT(glm::distance(b, b_expected), 1e-5f) << l1 << " " << l2;
    EXPECT_LT(glm::distance(c, c_expected), 1e-5f) << l1 << " " << l2;
    ExpectLengthsKept(before, pose);
  }
}

TEST_P(TwoBoneIkTest, KneeStaysInAnimatedBendPlaneAndMovesLeast) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> coord(-1.0f, 1.0f);
  int tested = 0;
  while (tested < 50) {
    LegPose pose = MakeLeg(Root());
    const glm::vec3 a = pose.PositionPs(kHip), b = pose.PositionPs(kKnee);
    const glm::vec3 t_ps = a + glm::vec3(coord(rng), coord(rng), coord(rng)) * 0.8f;
    const float l_at = glm::distance(a, t_ps);
    if (l_at < 0.1f || l_at > 0.8f) continue;  // reachable only, away from the limits
    ++tested;
    ASSERT_TRUE(Apply(pose, Settings(FromParentSpace(pose, t_ps))));
    const glm::vec3 b2 = pose.PositionPs(kKnee);
    // In the plane through hip, target and animated knee, on the knee's side.
    const glm::vec3 normal = glm::normalize(glm::cross(t_ps - a, b - a));
    EXPECT_LT(std::abs(glm::dot(b2 - a, normal)), 1e-5f);
    const glm::vec3 axis = glm::normalize(t_ps - a);
    const glm::vec3 side_old = (b - a) - glm::dot(b - a, axis) * axis;
    const glm::vec3 side_new = (b2 - a) - glm::dot(b2 - a, axis) * axis;
    EXPECT_GT(glm::dot(side_old, side_new), 0.0f);
    // Least motion: no other point on the circle of valid knees is closer to
    // the animated knee.
    const float moved = glm::distance(b2, b);
    for (int k = 1; k < 36; ++k) {
      const glm::quat spin = glm::angleAxis(k * glm::two_pi<float>() / 36.0f, axis);
      const glm::vec3 candidate = a + spin * (b2 - a);
      EXPECT_LE(moved, glm::distance(candidate, b) + 1e-6f);
    }
  }
}

TEST_P(TwoBoneIkTest, StraightLimbBendsTowardPole) {
  for (const glm::vec3& pole_ps : {glm::vec3(0, 0, 1), glm::vec3(1, 0, 0), glm::vec3(-0.5f, 0, -1)}) {
    LegPose pose = MakeLeg(Root(), 0.45f, 0.4f, /*knee_bend_rad=*/0.0f);
    const glm::vec3 a = pose.PositionPs(kHip), c = pose.PositionPs(kAnkle);
    const glm::vec3 dir = glm::normalize(c - a);
    const glm::vec3 target = TargetAt(pose, dir, 0.6f);  // along the straight leg
    TwoBoneIkJob settings = Settings(target);
    settings.pole_vector_ms = glm::mat3(pose.models_ms[kPelvis]) * pole_ps;
    ASSERT_TRUE(Apply(pose, settings));
    EXPECT_LT(glm::distance(pose.Position(kAnkle), target), 1e-5f);
    const glm::vec3 b2 = pose.PositionPs(kKnee);
    const glm::vec3 side = (b2 - a) - glm::dot(b2 - a, dir) * dir;
    const glm::vec3 pole_perp = glm::normalize(pole_ps - glm::dot(pole_ps, dir) * dir);
    EXPECT_GT(glm::length(side), 0.1f);  // it does bend
    EXPECT_LT(glm::length(glm::normalize(side) - pole_perp), 1e-4f);
  }
}

TEST_P(TwoBoneIkTest, StraightLimbWithoutPoleStillSolves) {
  LegPose pose = MakeLeg(Root(), 0.45f, 0.4f, 0.0f, glm::identity<glm::quat>());
  const LegPose before = pose;
  const glm::vec3 dir = glm::normalize(pose.PositionPs(kAnkle) - pose.PositionPs(kHip));
  const glm::vec3 target = TargetAt(pose, dir, 0.5f);
  ASSERT_TRUE(Apply(pose, Settings(target)));
  EXPECT_TRUE(test::AllFinite(pose));
  EXPECT_LT(glm::distance(pose.Position(kAnkle), target), 1e-5f);
  ExpectLengthsKept(before, pose);
}

// l_at ~ 0: n comes from the current limb (end to root), so the end folds
// back along the current leg direction; nothing is NaN.
TEST_P(TwoBoneIkTest, TargetOnRootUsesCurrentLimbDirection) {
  LegPose pose = MakeLeg(Root(), 0.5f, 0.3f);
  const LegPose before = pose;
  const glm::vec3 a = pose.PositionPs(kHip);
  const glm::vec3 old_dir = glm::normalize(pose.PositionPs(kAnkle) - a);
  bool reached = true;
  ASSERT_TRUE(Apply(pose, Settings(pose.Position(kHip)), &reached));
  EXPECT_TRUE(test::AllFinite(pose));
  EXPECT_FALSE(reached);  // the closest the end can get is 0.2 away
  const glm::vec3 c = pose.PositionPs(kAnkle);
  EXPECT_NEAR(glm::distance(a, c), 0.2f, 1e-5f);
  EXPECT_LT(glm::length(glm::normalize(c - a) - old_dir), 1e-4f);
  ExpectLengthsKept(before, pose);

  // Equal bones: the end lands on the root itself.
  LegPose equal = MakeLeg(Root(), 0.4f, 0.4f);
  ASSERT_TRUE(Apply(equal, Settings(equal.Position(kHip)), &reached));
  EXPECT_TRUE(test::AllFinite(equal));
  EXPECT_LT(glm::distance(equal.PositionPs(kAnkle), equal.PositionPs(kHip)), 1e-5f);
}

// Soft IK: below the soft zone the end is on the target; inside it the end
// trails the target; end distance and knee angle vary continuously with
// slope continuity, while the hard solve's knee angle jumps near full
// extension.
TEST_P(TwoBoneIkTest, SoftIkIsContinuousAndDoesNotPop) {
  const float chain = 0.85f;
  const float soften = 0.2f;
  const glm::vec3 dir = glm::normalize(glm::vec3(0.1f, -1.0f, 0.15f));
  const int steps = 400;
  auto sweep = [&](float soften_value, std::vector<float>& end_dist, std::vector<float>& knee,
                   std::vector<bool>& reached_flags) {
    for (int i = 0; i <= steps; ++i) {
      const float dist = chain * (0.5f + 0.7f * i / steps);
      LegPose pose = MakeLeg(Root());
      TwoBoneIkJob settings = Settings(TargetAt(pose, dir, dist));
      settings.soften = soften_value;
      bool reached = false;
      ASSERT_TRUE(Apply(pose, settings, &reached));
      const glm::vec3 a = pose.PositionPs(kHip), b = pose.PositionPs(kKnee), c = pose.PositionPs(kAnkle);
      end_dist.push_back(glm::distance(a, c));
      knee.push_back(std::acos(glm::clamp(glm::dot(glm::normalize(b - a), glm::normalize(c - b)), -1.0f, 1.0f)));
      reached_flags.push_back(reached);
    }
  };
  std::vector<float> soft_end, soft_knee, hard_end, hard_knee;
  std::vector<bool> soft_reached, hard_reached;
  sweep(soften, soft_end, soft_knee, soft_reached);
  sweep(0.0f, hard_end, hard_knee, hard_reached);
  const float step = chain * 0.7f / steps;
  float max_soft_knee_jump = 0.0f, max_hard_knee_jump = 0.0f;
  for (int i = 1; i <= steps; ++i) {
    const float dist = chain * (0.5f + 0.7f * i / steps);
    // End distance never exceeds the target distance or the chain length.
    EXPECT_LE(soft_end[i], std::min(dist, chain) + 1e-5f);
    // Continuous: the end moves no faster than the target.
    const float slope = (soft_end[i] - soft_end[i - 1]) / step;
    EXPECT_GE(slope, -1e-3f);
    EXPECT_LE(slope, 1.0f + 2e-3f);
    // C1-ish: the slope itself changes gradually (no kink).
    if (i >= 2) {
      const float prev_slope = (soft_end[i - 1] - soft_end[i - 2]) / step;
      EXPECT_LT(std::abs(slope - prev_slope), 0.05f) << "at " << dist;
    }
    max_soft_knee_jump = std::max(max_soft_knee_jump, std::abs(soft_knee[i] - soft_knee[i - 1]));
    max_hard_knee_jump = std::max(max_hard_knee_jump, std::abs(hard_knee[i] - hard_knee[i - 1]));
    // Below the soft zone soft IK changes nothing and the target is reached.
    if (dist < chain * (1.0f - soften) - step) {
      EXPECT_NEAR(soft_end[i], dist, 1e-5f);
      EXPECT_TRUE(soft_reached[i]);
    }
    // Deep in the soft zone the (unsoftened) target is not reached.
    if (dist > chain * (1.0f - soften * 0.5f)) {
      EXPECT_FALSE(soft_reached[i]) << dist;
    }
    // The hard solve reaches up to full extension.
    if (dist < chain - 1e-3f) {
      EXPECT_TRUE(hard_reached[i]);
    }
  }
  // The hard solve pops near full extension (the knee angle goes as the
  // square root of the remaining distance); the soft one stays smooth.
  EXPECT_GT(max_hard_knee_jump, 3.0f * max_soft_knee_jump);
  EXPECT_LT(max_soft_knee_jump, 0.02f);
}

// Hinge: the knee bends only forward about its axis (local +x here), within
// [min, max] degrees, whatever the target; backwards-animated knees flip.
TEST_P(TwoBoneIkTest, HingeLimitsKeepKneeForwardAndInRange) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> coord(-1.0f, 1.0f);
  std::uniform_real_distribution<float> bend(-0.6f, 1.5f);
  const float min_deg = 5.0f, max_deg = 120.0f;
  const float rad = glm::pi<float>() / 180.0f;
  for (int i = 0; i < 300; ++i) {
    LegPose pose = MakeLeg(Root(), 0.45f, 0.4f, bend(rng));
    const glm::vec3 a = pose.PositionPs(kHip);
    glm::vec3 offset(coord(rng), coord(rng) - 0.5f, coord(rng));
    const glm::vec3 t_ps = a + offset * 0.7f;
    TwoBoneIkJob settings = Settings(FromParentSpace(pose, t_ps));
    settings.hinge_enabled = true;
    settings.mid_axis_ls = {1.0f, 0.0f, 0.0f};
    settings.hinge_min_deg = min_deg;
    settings.hinge_max_deg = max_deg;
    ASSERT_TRUE(Apply(pose, settings));
    // The bend measured in the knee's local frame, about its local +x.
    const glm::mat4 knee_inv = glm::inverse(pose.models_ms[kKnee]);
    auto local = [&](int joint) { return glm::vec3(knee_inv * glm::vec4(pose.Position(joint), 1.0f)); };
    const float bend_rad = test::SignedBend(local(kHip), local(kKnee), local(kAnkle), {1.0f, 0.0f, 0.0f});
    EXPECT_GE(bend_rad, min_deg * rad - 1e-3f) << "case " << i;
    EXPECT_LE(bend_rad, max_deg * rad + 1e-3f) << "case " << i;
  }
}

TEST_P(TwoBoneIkTest, HingeMaxBendLimitsFolding) {
  LegPose pose = MakeLeg(Root());
  const glm::vec3 a = pose.PositionPs(kHip);
  const glm::vec3 target = TargetAt(pose, {0.0f, -1.0f, 0.1f}, 0.08f);  // wants ~170 degrees
  TwoBoneIkJob settings = Settings(target);
  settings.hinge_enabled = true;
  settings.mid_axis_ls = {1.0f, 0.0f, 0.0f};
  settings.hinge_max_deg = 100.0f;
  bool reached = true;
  ASSERT_TRUE(Apply(pose, settings, &reached));
  EXPECT_FALSE(reached);
  const glm::vec3 b = pose.PositionPs(kKnee), c = pose.PositionPs(kAnkle);
  const float bend = std::acos(glm::dot(glm::normalize(b - a), glm::normalize(c - b)));
  EXPECT_NEAR(bend, 100.0f * glm::pi<float>() / 180.0f, 1e-3f);
  // The end is aimed at the target.
  const glm::vec3 to_target = glm::normalize(pose.ParentSpace(target) - a);
  EXPECT_LT(glm::length(glm::normalize(c - a) - to_target), 1e-4f);
}

TEST_P(TwoBoneIkTest, WeightBlendsCorrection) {
  LegPose base = MakeLeg(Root());
  const glm::vec3 target = TargetAt(base, {0.5f, -1.0f, 0.4f}, 0.6f);
  glm::quat start_full, mid_full;
  TwoBoneIkJob job = Settings(target);
  job.start_joint_ms = &base.models_ms[kHip];
  job.mid_joint_ms = &base.models_ms[kKnee];
  job.end_joint_ms = &base.models_ms[kAnkle];
  job.parent_ms = &base.models_ms[kPelvis];
  job.start_correction = &start_full;
  job.mid_correction = &mid_full;
  ASSERT_TRUE(job.Run());
  ASSERT_GT(glm::angle(start_full), 0.05f);

  // Weight 0: identity, pose bit-for-bit unchanged.
  LegPose zero = base;
  TwoBoneIkJob settings = Settings(target);
  settings.weight = 0.0f;
  bool reached = true;
  ASSERT_TRUE(Apply(zero, settings, &reached));
  EXPECT_FALSE(reached);
  for (int j = 0; j < 5; ++j) {
    EXPECT_LT(glm::distance(zero.Position(j), base.Position(j)), 1e-6f) << j;
  }

  // Weight 0.5: exactly half the angle (nlerp at 0.5 is the slerp midpoint).
  glm::quat start_half, mid_half;
  job.weight = 0.5f;
  job.start_correction = &start_half;
  job.mid_correction = &mid_half;
  ASSERT_TRUE(job.Run());
  EXPECT_NEAR(glm::angle(start_half), 0.5f * glm::angle(start_full), 1e-4f);
  EXPECT_NEAR(glm::angle(mid_half), 0.5f * glm::angle(mid_full), 1e-4f);
  EXPECT_GT(glm::dot(glm::axis(start_half), glm::axis(start_full)), 0.9999f);
  LegPose half = base;
  settings.weight = 0.5f;
  ASSERT_TRUE(Apply(half, settings));
  const float d_half = glm::distance(half.Position(kAnkle), target);
  const float d_base = glm::distance(base.Position(kAnkle), target);
  EXPECT_LT(d_half, d_base);
  EXPECT_GT(d_half, 1e-3f);

  // Weight 1: full solve.
  LegPose full = base;
  settings.weight = 1.0f;
  ASSERT_TRUE(Apply(full, settings, &reached));
  EXPECT_TRUE(reached);
  EXPECT_LT(glm::distance(full.Position(kAnkle), target), 1e-5f);
}

TEST_P(TwoBoneIkTest, NanAndInfInputsAreRefusedAndPoseKept) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const LegPose base = MakeLeg(Root());
  auto expect_refused = [&](TwoBoneIkJob settings, const char* what) {
    LegPose pose = base;
    bool reached = true;
    EXPECT_FALSE(Apply(pose, settings, &reached)) << what;
    EXPECT_FALSE(reached) << what;
    for (int j = 0; j < 5; ++j) {
      EXPECT_EQ(pose.models_ms[j], base.models_ms[j]) << what;
      EXPECT_EQ(pose.locals_ls[j].rotation, base.locals_ls[j].rotation) << what;
    }
  };
  const glm::vec3 good = TargetAt(base, {0, -1, 0}, 0.6f);
  TwoBoneIkJob s = Settings({nan, 0.0f, 0.0f});
  expect_refused(s, "nan target");
  s = Settings({0.0f, inf, 0.0f});
  expect_refused(s, "inf target");
  s = Settings(good);
  s.pole_vector_ms = {0.0f, 0.0f, nan};
  expect_refused(s, "nan pole");
  s = Settings(good);
  s.weight = nan;
  expect_refused(s, "nan weight");
  s = Settings(good);
  s.weight = 1.5f;
  expect_refused(s, "weight > 1");
  s = Settings(good);
  s.soften = nan;
  expect_refused(s, "nan soften");
  s = Settings(good);
  s.hinge_enabled = true;
  s.hinge_min_deg = 90.0f;
  s.hinge_max_deg = 10.0f;
  expect_refused(s, "empty hinge range");

  // A NaN in a joint matrix (e.g. a broken animation) is refused by the job.
  LegPose broken = base;
  broken.models_ms[kKnee][3][1] = nan;
  glm::quat start_q(0.5f, 0.5f, 0.5f, 0.5f), mid_q(0.5f, 0.5f, 0.5f, 0.5f);
  bool reached = true;
  TwoBoneIkJob job = Settings(good);
  job.start_joint_ms = &broken.models_ms[kHip];
  job.mid_joint_ms = &broken.models_ms[kKnee];
  job.end_joint_ms = &broken.models_ms[kAnkle];
  job.start_correction = &start_q;
  job.mid_correction = &mid_q;
  job.reached = &reached;
  EXPECT_FALSE(job.Run());
  EXPECT_EQ(start_q, glm::identity<glm::quat>());
  EXPECT_EQ(mid_q, glm::identity<glm::quat>());
  EXPECT_FALSE(reached);
  broken.models_ms[kKnee][3][1] = inf;
  EXPECT_FALSE(job.Run());
  // Null pointers.
  job.mid_joint_ms = nullptr;
  EXPECT_FALSE(job.Validate());
  job.mid_joint_ms = &base.models_ms[kKnee];
  job.start_correction = nullptr;
  EXPECT_FALSE(job.Validate());
  EXPECT_FALSE(job.Run());
}

TEST_P(TwoBoneIkTest, ApplyRefusesBadChains) {
  LegPose pose = MakeLeg(Root());
  const LegPose base = pose;
  const TwoBoneIkJob s = Settings(TargetAt(pose, {0, -1, 0}, 0.6f));
  for (const TwoBoneChain& chain :
       {TwoBoneChain{kKnee, kHip, kAnkle}, TwoBoneChain{kHip, kKnee, 9}, TwoBoneChain{-1, kKnee, kAnkle}}) {
    EXPECT_FALSE(ApplyTwoBoneIk(s, chain, kLegParents, pose.locals_ls, pose.models_ms, pose.root_ms));
  }
  for (int j = 0; j < 5; ++j) EXPECT_EQ(pose.models_ms[j], base.models_ms[j]);
  // Non-adjacent but ancestral joints are fine (e.g. twist joints between).
  EXPECT_TRUE(ApplyTwoBoneIk(s, TwoBoneChain{kPelvis, kKnee, test::kToe}, kLegParents, pose.locals_ls, pose.models_ms,
                             pose.root_ms));
  EXPECT_LT(glm::distance(pose.Position(test::kToe), s.target_ms), 1e-5f);
}

TEST_P(TwoBoneIkTest, ReachedFlag) {
  struct Case {
    float dist;
    bool reached;
  };
  for (const Case& c :
       {Case{0.6f, true}, Case{0.849f, true}, Case{0.86f, false}, Case{2.0f, false}, Case{0.01f, false}}) {
    LegPose pose = MakeLeg(Root());
    // dist in parent units; the tolerance is 1e-3 in model units, so keep the
    // misses well above it for the largest scale (2.5).
    bool reached = !c.reached;
    ASSERT_TRUE(Apply(pose, Settings(TargetAt(pose, {0.2f, -1, 0.1f}, c.dist)), &reached));
    EXPECT_EQ(reached, c.reached) << c.dist;
  }
}

TEST_P(TwoBoneIkTest, MatchesReferenceSolver) {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> coord(-1.0f, 1.0f);
  std::uniform_real_distribution<float> length(0.1f, 1.0f);
  std::uniform_real_distribution<float> bend(-1.0f, 2.0f);
  for (int i = 0; i < 500; ++i) {
    const glm::quat hip_rot =
        glm::normalize(glm::quat(coord(rng), coord(rng), coord(rng), coord(rng)) + glm::quat(0.2f, 0.0f, 0.0f, 0.0f));
    LegPose pose = MakeLeg(Root(), length(rng), length(rng), bend(rng), hip_rot);
    LegPose reference = pose;
    const glm::vec3 t_ps = pose.PositionPs(kHip) + glm::vec3(coord(rng), coord(rng), coord(rng)) * 1.5f;
    const glm::vec3 target = FromParentSpace(pose, t_ps);
    ASSERT_TRUE(Apply(pose, Settings(target)));
    test::RefSolve(reference, target);
    for (int j : {kKnee, kAnkle, test::kToe}) {
      EXPECT_LT(glm::distance(pose.PositionPs(j), reference.PositionPs(j)), 2e-4f) << "case " << i << " joint " << j;
    }
    // Same joint orientations, too (columns of the model matrices).
    for (int j : {kHip, kKnee}) {
      const glm::mat3 m(pose.models_ms[j]), r(reference.models_ms[j]);
      for (int k = 0; k < 3; ++k) {
        EXPECT_LT(glm::distance(glm::normalize(m[k]), glm::normalize(r[k])), 5e-5f) << "case " << i;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Roots, TwoBoneIkTest, ::testing::ValuesIn(test::RootCases()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace knights::ik
