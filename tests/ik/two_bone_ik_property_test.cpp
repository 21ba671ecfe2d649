// Property test: a million random chains, parent transforms and targets
// (fixed seed). Bone lengths are kept, the end reaches every reachable target,
// nothing is ever NaN.

#include <algorithm>
#include <cmath>
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

glm::quat RandomRotation(std::mt19937& rng) {
  std::normal_distribution<float> g(0.0f, 1.0f);
  return glm::normalize(glm::quat(g(rng), g(rng), g(rng), g(rng)));
}

glm::vec3 RandomUnit(std::mt19937& rng) {
  std::normal_distribution<float> g(0.0f, 1.0f);
  return glm::normalize(glm::vec3(g(rng), g(rng), g(rng)));
}

// Distance between two joints in the pelvis (hip parent) space, in double.
float BoneLengthPs(const LegPose& pose, int j0, int j1) {
  const glm::dmat4 p_inv = glm::inverse(glm::dmat4(pose.models_ms[kPelvis]));
  const glm::dvec3 a(p_inv * glm::dvec4(glm::dvec3(pose.Position(j0)), 1.0));
  const glm::dvec3 b(p_inv * glm::dvec4(glm::dvec3(pose.Position(j1)), 1.0));
  return static_cast<float>(glm::distance(a, b));
}

TEST(TwoBoneIkProperty, MillionRandomChains) {
  constexpr int kCases = 1000000;
  std::mt19937 rng(20240607);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::uniform_real_distribution<float> bone(0.05f, 2.0f);
  std::uniform_real_distribution<float> coord(-3.0f, 3.0f);
  std::uniform_real_distribution<float> scale(0.5f, 2.0f);
  int reachable = 0, failures = 0;
  for (int i = 0; i < kCases && failures < 20; ++i) {
    // Parent transform: rotation and translation always; uniform,
    // non-uniform or mirrored scale, or none.
    glm::vec3 s(1.0f);
    const float kind = unit(rng);
    if (kind < 0.25f) {
      s = glm::vec3(scale(rng));
    } else if (kind < 0.5f) {
      s = glm::vec3(scale(rng), scale(rng), scale(rng));
    } else if (kind < 0.75f) {
      s = glm::vec3(-scale(rng), scale(rng), scale(rng));
    }
    LegPose pose;
    pose.root_ms = test::Trs({coord(rng), coord(rng), coord(rng)}, RandomRotation(rng), s);
    pose.locals_ls[kHip].translation = glm::vec3(0.1f, 0.0f, 0.0f);
    pose.locals_ls[kHip].rotation = RandomRotation(rng);
    const float l1 = bone(rng), l2 = bone(rng);
    pose.locals_ls[kKnee].translation = RandomUnit(rng) * l1;
    pose.locals_ls[kKnee].rotation = RandomRotation(rng);
    pose.locals_ls[kAnkle].translation = RandomUnit(rng) * l2;
    pose.UpdateModels();

    // Target: a random direction from the hip, at a distance from well
    // inside to beyond the reach (in the hip's parent space).
    const float d_ps = (l1 + l2) * 1.2f * unit(rng);
    const glm::vec3 a_ps = pose.PositionPs(kHip);
    const glm::vec3 target = glm::vec3(pose.models_ms[kPelvis] * glm::vec4(a_ps + RandomUnit(rng) * d_ps, 1.0f));
    // Reachable with a margin, so float rounding of the boundary is moot.
    const float margin = 1e-4f * (l1 + l2);
    const bool is_reachable = d_ps > std::abs(l1 - l2) + margin && d_ps < l1 + l2 - margin;

    const float old_l1 = BoneLengthPs(pose, kHip, kKnee);
    const float old_l2 = BoneLengthPs(pose, kKnee, kAnkle);
    TwoBoneIkJob settings;
    settings.target_ms = target;
    bool reached = false;
    if (!ApplyTwoBoneIk(settings, {kHip, kKnee, kAnkle}, kLegParents, pose.locals_ls, pose.models_ms, pose.root_ms,
                        &reached)) {
      ADD_FAILURE() << "case " << i << " refused";
      ++failures;
      continue;
    }
    if (!test::AllFinite(pose)) {
      ADD_FAILURE() << "case " << i << " NaN";
      ++failures;
      continue;
    }
    // Lengths in the hip's parent space, where the chain is rigid, measured
    // in double. The tolerance is 1e-5 relative plus the rounding floor of
    // the float model positions themselves (2 ulp of their magnitude): a 5 cm
    // bone 8 m from the origin cannot be stored more finely than that.
    const float new_l1 = BoneLengthPs(pose, kHip, kKnee);
    const float new_l2 = BoneLengthPs(pose, kKnee, kAnkle);
    const float floor = 2.4e-7f * std::max({glm::length(pose.Position(kHip)), glm::length(pose.Position(kKnee)),
                                            glm::length(pose.Position(kAnkle)), 1.0f});
    bool ok =
        std::abs(new_l1 - old_l1) <= 1e-5f * old_l1 + floor && std::abs(new_l2 - old_l2) <= 1e-5f * old_l2 + floor;
    if (is_reachable) {
      ++reachable;
      ok = ok && glm::distance(pose.Position(kAnkle), target) <= 1e-4f && reached;
    }
    if (!ok) {
      ADD_FAILURE() << "case " << i << " l1 " << l1 << "->" << new_l1 << " l2 " << l2 << "->" << new_l2 << " (before "
                    << old_l1 << ", " << old_l2 << ")"
                    << " reachable " << is_reachable << " miss " << glm::distance(pose.Position(kAnkle), target)
                    << " scale " << s.x << "," << s.y << "," << s.z;
      ++failures;
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(reachable, kCases / 2);  // the test exercises the main case
}

}  // namespace
}  // namespace knights::ik
