// FindClipFeatures on clips built here with known answers: an in-place walk
// (loop, speed, each foot's stance), a climb (hands and feet held on rungs
// moving down), a clip that travels (speed from the root), feet that never
// touch the ground, and a clip in the air.

#include "knights/asset/clip_features.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace knights::asset {
namespace {

// root (0, on the ground), hips (1, 0.9 m up), feet (2, 3) and hands (4, 5)
// hanging from the hips; every rest rotation the identity.
anim::Skeleton Body() {
  std::vector<math::Transform> rest(6);
  rest[1].translation = {0, 0.9f, 0};
  rest[2].translation = {0, -0.9f, -0.1f};
  rest[3].translation = {0, -0.9f, 0.1f};
  rest[4].translation = {0, 0.5f, -0.2f};
  rest[5].translation = {0, 0.5f, 0.2f};
  std::vector<glm::mat4> inverse_bind(6, glm::mat4(1.0f));
  auto skeleton = anim::Skeleton::Create({"root", "hips", "foot_l", "foot_r", "hand_l", "hand_r"}, {-1, 0, 1, 1, 1, 1},
                                         rest, inverse_bind);
  EXPECT_TRUE(skeleton.ok());
  return *skeleton;
}

const std::array<LimbPoint, anim::kLimbCount> kLimbs = {LimbPoint{2, glm::vec3(0.0f)}, LimbPoint{3, glm::vec3(0.0f)},
                                                        LimbPoint{4, glm::vec3(0.0f)}, LimbPoint{5, glm::vec3(0.0f)}};

// A clip keyed at 60 Hz from model-space positions of the limbs (relative
// to the hips, which stay at rest unless `root_mps` moves the root).
anim::Clip Keyed(float duration_s, glm::vec3 (*limb_at)(int limb, float t), glm::vec3 root_mps = glm::vec3(0.0f)) {
  anim::ClipDesc desc;
  desc.name = "test";
  desc.joint_count = 6;
  const int keys = static_cast<int>(std::round(duration_s * 60.0f));
  for (int joint = 0; joint < 6; ++joint) {
    if (joint == 1) continue;
    anim::JointTrackDesc track;
    track.joint = joint;
    for (int k = 0; k <= keys; ++k) {
      const float t = duration_s * static_cast<float>(k) / static_cast<float>(keys);
      const glm::vec3 value = joint == 0 ? root_mps * t : limb_at(joint - 2, t) - glm::vec3(0, 0.9f, 0);
      track.translations.push_back({t, value});
    }
    desc.tracks.push_back(track);
  }
  auto clip = anim::Clip::Create(desc);
  EXPECT_TRUE(clip.ok()) << clip.status().message();
  return *clip;
}

// A walk at 1.5 m/s, 1 s cycle: each foot slides back on the ground for
// half of it (the left from 0, the right from 0.5 s) and swings forward
// 0.1 m up for the other half. Hands swing with the body.
glm::vec3 WalkLimb(int limb, float t) {
  if (limb >= 2) return {0.2f * std::sin(6.2831853f * t), 1.4f, limb == 2 ? -0.2f : 0.2f};
  const float phase = std::fmod(t + (limb == 1 ? 0.5f : 0.0f), 1.0f);
  const float z = limb == 0 ? -0.1f : 0.1f;
  if (phase <= 0.5f) return {0.375f - 1.5f * phase, 0.0f, z};
  const float u = (phase - 0.5f) / 0.5f;  // swing, 0..1
  return {-0.375f + 0.75f * (0.5f - 0.5f * std::cos(3.14159265f * u)), 0.1f * std::sin(3.14159265f * u), z};
}

TEST(FindClipFeatures, InPlaceWalkLoopsAtItsSpeedWithEachFootsStance) {
  const anim::Skeleton body = Body();
  const ClipFeatures f = FindClipFeatures(body, Keyed(1.0f, WalkLimb), kLimbs, ContactKind::kGround);
  EXPECT_TRUE(f.loop);
  ASSERT_TRUE(f.speed_mps.has_value());
  EXPECT_NEAR(*f.speed_mps, 1.5f, 0.02f);
  EXPECT_NEAR(f.contact_velocity_ms.x, -1.5f, 0.02f);
  ASSERT_EQ(f.contacts[anim::kFootL].size(), 1u);
  EXPECT_NEAR(f.contacts[anim::kFootL][0].start_s, 0.0f, 0.03f);
  EXPECT_NEAR(f.contacts[anim::kFootL][0].end_s, 0.5f, 0.05f);
  ASSERT_EQ(f.contacts[anim::kFootR].size(), 1u);
  EXPECT_NEAR(f.contacts[anim::kFootR][0].start_s, 0.5f, 0.03f);
  EXPECT_NEAR(f.contacts[anim::kFootR][0].end_s, 1.0f, 0.05f);
  EXPECT_TRUE(f.contacts[anim::kHandL].empty());  // on the ground only the feet count
}

// A sprint's short stance across the loop's seam: the left foot is down
// from 0.94 s to 0.06 s of a 1 s cycle, sliding back at 4 m/s. Each side
// of the seam, trimmed by the edges' velocity change, is held less than the
// 0.05 s a hold must last; the hold is not.
glm::vec3 SeamStanceLimb(int limb, float t) {
  if (limb != 0) return {0, 0.3f, 0.1f};
  const float phase = std::fmod(t + 0.06f, 1.0f);  // stance while phase < 0.12
  if (phase <= 0.12f) return {0.24f - 4.0f * phase, 0.0f, -0.1f};
  const float u = (phase - 0.12f) / 0.88f;
  return {-0.24f + 0.48f * u, 0.2f * std::sin(3.14159265f * u), -0.1f};
}

TEST(FindClipFeatures, AShortStanceAcrossTheSeamIsOneWrappingHold) {
  const ClipFeatures f = FindClipFeatures(Body(), Keyed(1.0f, SeamStanceLimb), kLimbs, ContactKind::kGround);
  EXPECT_TRUE(f.loop);
  EXPECT_NEAR(f.contact_velocity_ms.x, -4.0f, 0.05f);
  ASSERT_EQ(f.contacts[anim::kFootL].size(), 1u);
  EXPECT_NEAR(f.contacts[anim::kFootL][0].start_s, 0.94f, 0.03f);
  EXPECT_NEAR(f.contacts[anim::kFootL][0].end_s, 0.06f, 0.03f);
}

// A climb at 0.5 m/s, 1.2 s cycle: every limb holds its rung (moving down
// with the ladder, in place) for 0.9 s and reaches up for 0.3 s, one after
// the other.
glm::vec3 ClimbLimb(int limb, float t) {
  const float phase = std::fmod(t + 0.3f * static_cast<float>(limb), 1.2f);
  const float base = limb >= 2 ? 1.5f : 0.3f;
  const float z = (limb % 2 == 0 ? -1.0f : 1.0f) * (limb >= 2 ? 0.2f : 0.1f);
  if (phase <= 0.9f) return {0.35f, base - 0.5f * phase, z};
  const float u = (phase - 0.9f) / 0.3f;
  return {0.3f, base - 0.45f + 0.6f * (0.5f - 0.5f * std::cos(3.14159265f * u)), z};
}

TEST(FindClipFeatures, ClimbHoldsEveryLimbOnRungsMovingDown) {
  const ClipFeatures f = FindClipFeatures(Body(), Keyed(1.2f, ClimbLimb), kLimbs, ContactKind::kLadder);
  EXPECT_TRUE(f.loop);
  EXPECT_NEAR(f.contact_velocity_ms.y, -0.5f, 0.02f);
  ASSERT_TRUE(f.climb_m_per_cycle.has_value());
  EXPECT_NEAR(*f.climb_m_per_cycle, 0.6f, 0.03f);
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    ASSERT_EQ(f.contacts[limb].size(), 1u) << limb;
    const anim::ContactRange& r = f.contacts[limb][0];
    const float length_s = r.start_s <= r.end_s ? r.end_s - r.start_s : r.end_s + 1.2f - r.start_s;
    EXPECT_NEAR(length_s, 0.9f, 0.06f) << limb;
  }
  // The left foot holds from the start; the right foot's hold (0.9 s to
  // 0.6 s) wraps the seam.
  EXPECT_NEAR(f.contacts[anim::kFootL][0].start_s, 0.0f, 0.03f);
  EXPECT_NEAR(f.contacts[anim::kFootR][0].start_s, 0.9f, 0.03f);
  EXPECT_NEAR(f.contacts[anim::kFootR][0].end_s, 0.6f, 0.05f);
}

glm::vec3 StandStill(int limb, float /*t*/) {
  return limb < 2 ? glm::vec3(0, 0, limb == 0 ? -0.1f : 0.1f) : glm::vec3(0, 1.4f, 0);
}

TEST(FindClipFeatures, TravellingClipTakesItsSpeedFromTheRoot) {
  // The root carries the body 1 m forward in 1 s; the feet stay put in the
  // root's space, so they move with it in the clip's: no held limb.
  const ClipFeatures f =
      FindClipFeatures(Body(), Keyed(1.0f, StandStill, glm::vec3(1, 0, 0)), kLimbs, ContactKind::kGround);
  ASSERT_TRUE(f.speed_mps.has_value());
  EXPECT_NEAR(*f.speed_mps, 1.0f, 1e-3f);
}

TEST(FindClipFeatures, StandingStillIsHeldTheWholeClip) {
  const ClipFeatures f = FindClipFeatures(Body(), Keyed(2.0f, StandStill), kLimbs, ContactKind::kGround);
  EXPECT_TRUE(f.loop);
  EXPECT_FALSE(f.speed_mps.has_value());
  ASSERT_EQ(f.contacts[anim::kFootL].size(), 1u);
  EXPECT_FLOAT_EQ(f.contacts[anim::kFootL][0].start_s, 0.0f);
  EXPECT_FLOAT_EQ(f.contacts[anim::kFootL][0].end_s, 2.0f);
}

glm::vec3 Hover(int limb, float t) { return StandStill(limb, t) + glm::vec3(0, 0.2f, 0); }

TEST(FindClipFeatures, FeetThatNeverTouchTheGroundAndAFallHoldNothing) {
  const ClipFeatures hover = FindClipFeatures(Body(), Keyed(1.0f, Hover), kLimbs, ContactKind::kGround);
  EXPECT_TRUE(hover.contacts[anim::kFootL].empty());
  EXPECT_TRUE(hover.contacts[anim::kFootR].empty());
  const ClipFeatures fall = FindClipFeatures(Body(), Keyed(1.0f, StandStill), kLimbs, ContactKind::kNone);
  for (const auto& ranges : fall.contacts) EXPECT_TRUE(ranges.empty());
}

}  // namespace
}  // namespace knights::asset
