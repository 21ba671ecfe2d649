#include "knights/anim/sampling_job.h"

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim_test_util.h"
#include "knights/math/approx.h"

namespace knights::anim {
namespace {

using test::AxisAngle;
using test::kHalfPi;

glm::quat Z(float angle) { return AxisAngle(angle, {0, 0, 1}); }

// Joint 0: translation and rotation keyed at 0, 1, 2 s; joint 1: no track;
// joint 2: scale only.
ClipDesc BasicDesc(bool loop) {
  ClipDesc d;
  d.name = "basic";
  d.joint_count = 3;
  d.loop = loop;
  JointTrackDesc j0;
  j0.joint = 0;
  j0.translations = {{0.0f, {0, 0, 0}}, {1.0f, {2, 0, 0}}, {2.0f, {2, 4, 0}}};
  j0.rotations = {{0.0f, Z(0.0f)}, {1.0f, Z(kHalfPi)}, {2.0f, Z(0.0f)}};
  JointTrackDesc j2;
  j2.joint = 2;
  j2.scales = {{0.0f, {1, 1, 1}}, {2.0f, {3, 1, 1}}};
  d.tracks = {j0, j2};
  return d;
}

std::vector<math::Transform> RestPose() {
  return {test::Trs({0, 1, 0}), test::Trs({0, 0, 5}, AxisAngle(0.3f, {1, 0, 0})),
          test::Trs({7, 0, 0}, AxisAngle(0.2f, {0, 1, 0}), {2, 2, 2})};
}

std::vector<math::Transform> Sample(const Clip& clip, float time_s, SamplingCache* cache = nullptr,
                                    bool with_rest = true) {
  const std::vector<math::Transform> rest = RestPose();
  std::vector<math::Transform> out(static_cast<size_t>(clip.JointCount()));
  SamplingJob job;
  job.clip = &clip;
  job.time_s = time_s;
  job.cache = cache;
  if (with_rest) job.rest_pose_ls = rest;
  job.output_ls = out;
  EXPECT_TRUE(job.Run());
  return out;
}

TEST(SamplingJobTest, ExactAtKeys) {
  const Clip clip = Clip::Create(BasicDesc(false)).value();
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 0.0f)[0].translation, glm::vec3(0, 0, 0)));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 1.0f)[0].translation, glm::vec3(2, 0, 0)));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 2.0f)[0].translation, glm::vec3(2, 4, 0)));
  EXPECT_TRUE(math::SameRotation(Sample(clip, 1.0f)[0].rotation, Z(kHalfPi)));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 2.0f)[2].scale, glm::vec3(3, 1, 1)));
}

TEST(SamplingJobTest, InterpolatesBetweenKeys) {
  const Clip clip = Clip::Create(BasicDesc(false)).value();
  const auto a = Sample(clip, 0.5f);
  EXPECT_TRUE(math::ApproxEqual(a[0].translation, glm::vec3(1, 0, 0)));
  // Midpoint of 0 and 90 degrees: 45 degrees, unit length.
  EXPECT_TRUE(math::SameRotation(a[0].rotation, Z(kHalfPi / 2)));
  EXPECT_NEAR(glm::length(a[0].rotation), 1.0f, 1e-6f);
  EXPECT_TRUE(math::ApproxEqual(a[2].scale, glm::vec3(1.5f, 1, 1)));
  const auto b = Sample(clip, 1.25f);
  EXPECT_TRUE(math::ApproxEqual(b[0].translation, glm::vec3(2, 1, 0)));
}

TEST(SamplingJobTest, ChannelsWithoutKeysTakeRestPoseOrStayUntouched) {
  const Clip clip = Clip::Create(BasicDesc(false)).value();
  const std::vector<math::Transform> rest = RestPose();
  const auto with_rest = Sample(clip, 0.5f);
  EXPECT_TRUE(math::ApproxEqual(with_rest[1], rest[1]));
  // Joint 2 is scale-only: translation and rotation come from the rest pose.
  EXPECT_TRUE(math::ApproxEqual(with_rest[2].translation, rest[2].translation));
  EXPECT_TRUE(math::ApproxEqual(with_rest[2].rotation, rest[2].rotation));

  // Without a rest pose the caller's values stay.
  const math::Transform sentinel = test::Trs({9, 9, 9}, Z(1.0f), {4, 4, 4});
  std::vector<math::Transform> out(3, sentinel);
  SamplingJob job;
  job.clip = &clip;
  job.time_s = 0.5f;
  job.output_ls = out;
  ASSERT_TRUE(job.Run());
  EXPECT_TRUE(math::ApproxEqual(out[1], sentinel));
  EXPECT_TRUE(math::ApproxEqual(out[2].translation, sentinel.translation));
  EXPECT_TRUE(math::ApproxEqual(out[2].scale, glm::vec3(1.5f, 1, 1)));
}

TEST(SamplingJobTest, LoopWrapsAtAndPastTheEnd) {
  const Clip clip = Clip::Create(BasicDesc(true)).value();
  ASSERT_FLOAT_EQ(clip.DurationS(), 2.0f);
  auto same = [&](float t_a, float t_b) {
    const auto a = Sample(clip, t_a), b = Sample(clip, t_b);
    for (size_t j = 0; j < a.size(); ++j) {
      EXPECT_TRUE(math::ApproxEqual(a[j], b[j], 1e-4f)) << "t=" << t_a << " vs " << t_b << " joint " << j;
    }
  };
  same(2.0f, 0.0f);
  same(2.5f, 0.5f);
  same(4.25f, 0.25f);
  same(-0.5f, 1.5f);
  same(-3.0f, 1.0f);
  // At the end a loop clip shows its start (the first key), not the last key.
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 2.0f)[0].translation, glm::vec3(0, 0, 0)));
}

TEST(SamplingJobTest, NonLoopClamps) {
  const Clip clip = Clip::Create(BasicDesc(false)).value();
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 5.0f)[0].translation, glm::vec3(2, 4, 0)));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, -1.0f)[0].translation, glm::vec3(0, 0, 0)));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 5.0f)[2].scale, glm::vec3(3, 1, 1)));
}

TEST(SamplingJobTest, LoopWithoutDuplicatedEndKeyInterpolatesAcrossTheWrap) {
  ClipDesc d;
  d.name = "gap";
  d.joint_count = 2;
  d.loop = true;
  d.duration_s = 2.0f;
  JointTrackDesc ends_early;  // keys 0 .. 1.5 s: wrap segment 1.5 -> 2.0 (= first key)
  ends_early.joint = 0;
  ends_early.translations = {{0.0f, {0, 0, 0}}, {1.5f, {3, 0, 0}}};
  JointTrackDesc starts_late;  // keys 0.5 .. 2 s: wrap segment 2.0 -> 2.5 (= 0.5 next cycle)
  starts_late.joint = 1;
  starts_late.translations = {{0.5f, {0, 2, 0}}, {2.0f, {0, 8, 0}}};
  d.tracks = {ends_early, starts_late};
  const Clip clip = Clip::Create(d).value();
  ASSERT_FLOAT_EQ(clip.DurationS(), 2.0f);
  // Halfway through the gap from the last key back to the first.
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 1.75f)[0].translation, glm::vec3(1.5f, 0, 0)));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 0.25f)[1].translation, glm::vec3(0, 5, 0)));
  // Continuous at both ends of the gap (10 us before a key, slope <= 12 units/s).
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 1.99999f)[0].translation, glm::vec3(0, 0, 0), 1e-3f));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 0.49999f)[1].translation, glm::vec3(0, 2, 0), 1e-3f));
}

TEST(SamplingJobTest, RotationTakesShortPathAcrossHemispheres) {
  ClipDesc d;
  d.name = "hemisphere";
  d.joint_count = 1;
  d.loop = true;
  d.duration_s = 3.0f;
  JointTrackDesc track;
  track.joint = 0;
  // 0, 120 and 240 degrees about z, the middle key given as -q. Neighbouring
  // keys end up in one hemisphere, but the wrap segment from 240 back to 360
  // degrees joins quaternions with a negative dot product: it must turn
  // through 300 degrees (the short way), not back through 120.
  const float third = 2.0f * test::kPi / 3.0f;
  track.rotations = {{0.0f, Z(0.0f)}, {1.0f, test::Negate(Z(third))}, {2.0f, Z(2.0f * third)}};
  d.tracks = {track};
  const Clip clip = Clip::Create(d).value();
  EXPECT_TRUE(math::SameRotation(Sample(clip, 0.5f)[0].rotation, Z(third / 2)));
  EXPECT_TRUE(math::SameRotation(Sample(clip, 1.5f)[0].rotation, Z(third * 1.5f)));
  EXPECT_TRUE(math::SameRotation(Sample(clip, 2.5f)[0].rotation, Z(-third / 2), 1e-5f));
}

TEST(SamplingJobTest, DroppedHoldKeysDoNotChangeSamples) {
  ClipDesc d;
  d.name = "hold";
  d.joint_count = 1;
  JointTrackDesc track;
  track.joint = 0;
  const glm::vec3 a(1, 2, 3), b(5, 2, 3);
  track.translations = {{0.0f, a}, {0.5f, a}, {1.0f, a}, {2.0f, b}};
  track.scales = {{0.0f, {2, 2, 2}}, {1.0f, {2, 2, 2}}, {2.0f, {2, 2, 2}}};
  d.tracks = {track};
  const Clip clip = Clip::Create(d).value();
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 0.25f)[0].translation, a));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 0.75f)[0].translation, a));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 1.5f)[0].translation, glm::vec3(3, 2, 3)));
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 1.7f)[0].scale, glm::vec3(2, 2, 2)));
}

TEST(SamplingJobTest, SingleKeyClipIsConstant) {
  ClipDesc d;
  d.name = "pose";
  d.joint_count = 1;
  d.loop = true;
  JointTrackDesc track;
  track.joint = 0;
  track.translations = {{0.3f, {1, 2, 3}}};
  d.tracks = {track};
  const Clip clip = Clip::Create(d).value();
  EXPECT_FLOAT_EQ(clip.DurationS(), 0.0f);
  EXPECT_TRUE(math::ApproxEqual(Sample(clip, 12.0f)[0].translation, glm::vec3(1, 2, 3)));
}

TEST(SamplingJobTest, ValidateRejectsBadInput) {
  const Clip clip = Clip::Create(BasicDesc(true)).value();
  std::vector<math::Transform> out(3);
  std::vector<math::Transform> small(2);
  std::vector<math::Transform> rest = RestPose();
  SamplingCache small_cache(2);
  SamplingJob job;
  job.output_ls = out;
  EXPECT_FALSE(job.Run());  // no clip
  job.clip = &clip;
  EXPECT_TRUE(job.Validate());
  job.time_s = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(job.Run());
  job.time_s = 0.0f;
  job.cache = &small_cache;
  EXPECT_FALSE(job.Run());
  job.cache = nullptr;
  job.rest_pose_ls = std::span<const math::Transform>(rest).first(2);
  EXPECT_FALSE(job.Run());
  job.rest_pose_ls = {};
  job.output_ls = small;
  const math::Transform sentinel = test::Trs({9, 9, 9});
  small.assign(2, sentinel);
  EXPECT_FALSE(job.Run());
  EXPECT_TRUE(math::ApproxEqual(small[0], sentinel));  // nothing written
}

// A clip of many joints with random key counts and irregular times.
Clip RandomClip(uint32_t seed, bool loop) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> key_count(1, 12);
  std::uniform_real_distribution<float> step(0.01f, 0.3f);
  ClipDesc d;
  d.name = "random";
  d.joint_count = 12;
  d.loop = loop;
  for (int j = 0; j < d.joint_count; ++j) {
    if (j == 5) continue;  // one joint without a track
    JointTrackDesc track;
    track.joint = j;
    float t = step(rng) - 0.01f;
    for (int k = key_count(rng); k > 0; --k, t += step(rng)) {
      track.translations.push_back({t, test::RandomTransform(rng).translation});
    }
    t = 0.0f;
    for (int k = key_count(rng); k > 0; --k, t += step(rng)) {
      track.rotations.push_back({t, test::RandomTransform(rng).rotation});
    }
    t = step(rng);
    for (int k = key_count(rng); k > 0; --k, t += step(rng)) {
      track.scales.push_back({t, test::RandomTransform(rng).scale});
    }
    d.tracks.push_back(track);
  }
  return Clip::Create(d).value();
}

void ExpectCachedMatchesFresh(const Clip& clip, const std::vector<float>& times) {
  SamplingCache cache(clip.JointCount());
  for (float t : times) {
    const auto cached = Sample(clip, t, &cache, false);
    const auto fresh = Sample(clip, t, nullptr, false);
    for (size_t j = 0; j < cached.size(); ++j) {
      ASSERT_TRUE(math::ApproxEqual(cached[j], fresh[j], 1e-5f)) << "t=" << t << " joint " << j;
    }
  }
}

TEST(SamplingJobTest, CacheMatchesBinarySearchForward) {
  for (bool loop : {true, false}) {
    const Clip clip = RandomClip(11, loop);
    std::vector<float> times;
    for (float t = -0.1f; t < 3.0f * clip.DurationS(); t += 1.0f / 60.0f) times.push_back(t);
    ExpectCachedMatchesFresh(clip, times);
    // Fast forward: several segments per step.
    times.clear();
    for (float t = 0.0f; t < 3.0f * clip.DurationS(); t += 0.37f) times.push_back(t);
    ExpectCachedMatchesFresh(clip, times);
  }
}

TEST(SamplingJobTest, CacheMatchesBinarySearchBackward) {
  for (bool loop : {true, false}) {
    const Clip clip = RandomClip(12, loop);
    std::vector<float> times;
    for (float t = 2.0f * clip.DurationS(); t > -1.0f; t -= 1.0f / 60.0f) times.push_back(t);
    ExpectCachedMatchesFresh(clip, times);
  }
}

TEST(SamplingJobTest, CacheMatchesBinarySearchRandom) {
  for (bool loop : {true, false}) {
    const Clip clip = RandomClip(13, loop);
    std::mt19937 rng(99);
    std::uniform_real_distribution<float> u(-clip.DurationS(), 2.0f * clip.DurationS());
    std::vector<float> times;
    for (int i = 0; i < 500; ++i) times.push_back(u(rng));
    ExpectCachedMatchesFresh(clip, times);
  }
}

TEST(SamplingJobTest, CacheRebindsWhenTheClipChanges) {
  const Clip a = RandomClip(21, true);
  const Clip b = RandomClip(22, true);
  SamplingCache cache(12);
  for (float t = 0.0f; t < 2.0f; t += 0.1f) {
    for (const Clip* clip : {&a, &b}) {
      const auto cached = Sample(*clip, t, &cache, false);
      const auto fresh = Sample(*clip, t, nullptr, false);
      for (size_t j = 0; j < cached.size(); ++j) {
        ASSERT_TRUE(math::ApproxEqual(cached[j], fresh[j], 1e-5f)) << "t=" << t << " joint " << j;
      }
    }
  }
}

}  // namespace
}  // namespace knights::anim
