#include "knights/anim/root_motion.h"

#include <cmath>

#include <gtest/gtest.h>

#include "knights/anim/sampling_job.h"
#include "knights/math/approx.h"

namespace knights::anim {
namespace {

// Hips travelling forward (+z) at 2 m/s over 1 s, swaying side to side (x)
// and bobbing (y); a second joint with its own translation track.
ClipDesc TravellingDesc() {
  ClipDesc d;
  d.name = "walk_travel";
  d.joint_count = 2;
  d.loop = true;
  JointTrackDesc hips;
  hips.joint = 0;
  for (int k = 0; k <= 8; ++k) {
    const float t = k / 8.0f;
    const float sway = 0.05f * std::sin(2.0f * 3.14159265f * t);
    const float bob = 1.0f + 0.03f * std::cos(4.0f * 3.14159265f * t);
    hips.translations.push_back({t, {sway, bob, 2.0f * t}});
  }
  JointTrackDesc spine;
  spine.joint = 1;
  spine.translations = {{0.0f, {0, 0.2f, 0}}, {1.0f, {0, 0.2f, 0.5f}}};
  d.tracks = {hips, spine};
  return d;
}

TEST(RootMotionTest, RemovesSteadyTravelKeepsSwayAndBob) {
  ClipDesc d = TravellingDesc();
  const ClipDesc original = d;
  const core::Expected<glm::vec3> v = ExtractRootMotion(d, 0);
  ASSERT_TRUE(v.ok()) << v.status().message();
  EXPECT_TRUE(math::ApproxEqual(*v, glm::vec3(0, 0, 2), 1e-5f));
  ASSERT_TRUE(d.speed_mps.has_value());
  EXPECT_NEAR(*d.speed_mps, 2.0f, 1e-5f);
  const auto& keys = d.tracks[0].translations;
  for (size_t k = 0; k < keys.size(); ++k) {
    const glm::vec3& before = original.tracks[0].translations[k].value;
    EXPECT_NEAR(keys[k].value.z, 0.0f, 1e-5f);      // no forward travel
    EXPECT_NEAR(keys[k].value.x, before.x, 1e-6f);  // sway kept
    EXPECT_NEAR(keys[k].value.y, before.y, 1e-6f);  // bob (vertical) kept
  }
  // The loop is now seamless: last key equals first.
  EXPECT_TRUE(math::ApproxEqual(keys.front().value, keys.back().value, 1e-5f));
  // Other joints untouched.
  EXPECT_TRUE(math::ApproxEqual(d.tracks[1].translations[1].value, glm::vec3(0, 0.2f, 0.5f)));
}

TEST(RootMotionTest, SampledRootStaysInPlace) {
  ClipDesc d = TravellingDesc();
  ASSERT_TRUE(ExtractRootMotion(d, 0).ok());
  const Clip clip = Clip::Create(d).value();
  math::Transform pose[2];
  SamplingJob job;
  job.clip = &clip;
  job.output_ls = pose;
  for (float t = 0.0f; t < 3.0f; t += 0.05f) {
    job.time_s = t;
    ASSERT_TRUE(job.Run());
    EXPECT_NEAR(pose[0].translation.z, 0.0f, 1e-5f) << t;
  }
}

TEST(RootMotionTest, RemoveAllHorizontalPinsToFirstKey) {
  ClipDesc d = TravellingDesc();
  const ClipDesc original = d;
  ASSERT_TRUE(ExtractRootMotion(d, 0, {0, 1, 0}, true).ok());
  for (size_t k = 0; k < d.tracks[0].translations.size(); ++k) {
    const glm::vec3& v = d.tracks[0].translations[k].value;
    EXPECT_NEAR(v.x, 0.0f, 1e-6f);
    EXPECT_NEAR(v.z, 0.0f, 1e-6f);
    EXPECT_NEAR(v.y, original.tracks[0].translations[k].value.y, 1e-6f);
  }
}

TEST(RootMotionTest, KeepsAuthoredSpeedAndHandlesOtherUpAxes) {
  ClipDesc d = TravellingDesc();
  d.speed_mps = 1.8f;
  // With z up, the travel along z is vertical: only the (tiny) x drift goes.
  const core::Expected<glm::vec3> v = ExtractRootMotion(d, 0, {0, 0, 5});
  ASSERT_TRUE(v.ok());
  EXPECT_NEAR(v->z, 0.0f, 1e-6f);
  EXPECT_FLOAT_EQ(*d.speed_mps, 1.8f);
  EXPECT_NEAR(d.tracks[0].translations.back().value.z, 2.0f, 1e-5f);
}

TEST(RootMotionTest, NothingToRemoveAndErrors) {
  ClipDesc d = TravellingDesc();
  d.joint_count = 3;
  const core::Expected<glm::vec3> none = ExtractRootMotion(d, 2);  // joint without track
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(math::ApproxEqual(*none, glm::vec3(0.0f)));
  EXPECT_FALSE(d.speed_mps.has_value());
  EXPECT_FALSE(ExtractRootMotion(d, 3).ok());
  EXPECT_FALSE(ExtractRootMotion(d, -1).ok());
  EXPECT_FALSE(ExtractRootMotion(d, 0, glm::vec3(0.0f)).ok());
}

}  // namespace
}  // namespace knights::anim
