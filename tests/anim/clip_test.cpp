#include "knights/anim/clip.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "anim_test_util.h"
#include "knights/math/approx.h"
#include "knights/math/quaternion.h"

namespace knights::anim {
namespace {

using test::AxisAngle;

ClipDesc TwoKeyDesc() {
  ClipDesc desc;
  desc.name = "test";
  desc.joint_count = 3;
  JointTrackDesc track;
  track.joint = 1;
  track.translations = {{0.0f, {0, 0, 0}}, {1.0f, {1, 0, 0}}};
  track.rotations = {{0.0f, glm::identity<glm::quat>()}, {1.0f, AxisAngle(1.0f, {0, 0, 1})}};
  desc.tracks.push_back(track);
  return desc;
}

TEST(ClipTest, CreatesAndReportsMetadata) {
  ClipDesc desc = TwoKeyDesc();
  desc.loop = true;
  desc.speed_mps = 1.5f;
  desc.climb_m_per_cycle = 0.6f;
  const core::Expected<Clip> clip = Clip::Create(desc);
  ASSERT_TRUE(clip.ok()) << clip.status().message();
  EXPECT_EQ(clip->Name(), "test");
  EXPECT_EQ(clip->JointCount(), 3);
  EXPECT_TRUE(clip->Loop());
  EXPECT_FLOAT_EQ(clip->DurationS(), 1.0f);
  EXPECT_FLOAT_EQ(*clip->SpeedMps(), 1.5f);
  EXPECT_FLOAT_EQ(*clip->ClimbMPerCycle(), 0.6f);
  EXPECT_EQ(clip->Tracks()[0].rotation.count, 0u);
  EXPECT_EQ(clip->Tracks()[1].rotation.count, 2u);
  EXPECT_EQ(clip->Tracks()[1].scale.count, 0u);
}

TEST(ClipTest, ToDescRebuildsAClipThatSamplesTheSame) {
  ClipDesc desc = TwoKeyDesc();
  desc.loop = true;
  desc.speed_mps = 1.2f;
  desc.duration_s = 1.25f;
  desc.contacts[kFootL] = {{0.9f, 0.2f}};
  JointTrackDesc late;
  late.joint = 2;
  late.translations = {{0.25f, {0, 1, 0}}, {0.5f, {0, 2, 0}}, {0.75f, {0, 2, 0}}, {1.0f, {0, 2, 0}}};
  late.scales = {{0.0f, {2, 2, 2}}};
  desc.tracks.push_back(late);
  const core::Expected<Clip> clip = Clip::Create(desc);
  ASSERT_TRUE(clip.ok()) << clip.status().message();
  const core::Expected<Clip> again = Clip::Create(clip->ToDesc());
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->Name(), "test");
  EXPECT_TRUE(again->Loop());
  EXPECT_FLOAT_EQ(again->DurationS(), 1.25f);
  EXPECT_FLOAT_EQ(*again->SpeedMps(), 1.2f);
  ASSERT_EQ(again->Contacts(kFootL).size(), 1u);
  EXPECT_FLOAT_EQ(again->Contacts(kFootL)[0].start_s, 0.9f);
  EXPECT_TRUE(std::equal(clip->TranslationTimes().begin(), clip->TranslationTimes().end(),
                         again->TranslationTimes().begin(), again->TranslationTimes().end()));
  EXPECT_TRUE(std::equal(clip->TranslationValues().begin(), clip->TranslationValues().end(),
                         again->TranslationValues().begin(), again->TranslationValues().end()));
  EXPECT_TRUE(std::equal(clip->RotationValues().begin(), clip->RotationValues().end(), again->RotationValues().begin(),
                         again->RotationValues().end()));
  EXPECT_TRUE(std::equal(clip->ScaleValues().begin(), clip->ScaleValues().end(), again->ScaleValues().begin(),
                         again->ScaleValues().end()));
  for (int joint = 0; joint < 3; ++joint) {
    EXPECT_EQ(clip->Tracks()[joint].translation.count, again->Tracks()[joint].translation.count);
    EXPECT_EQ(clip->Tracks()[joint].rotation.count, again->Tracks()[joint].rotation.count);
  }
}

TEST(ClipTest, DurationIsTheRealKeyRangeStartingAtZero) {
  // Blender-style export starting at frame 1 (1/24 s) and ending at frame 25.
  ClipDesc desc = TwoKeyDesc();
  desc.tracks[0].translations = {{1.0f / 24, {0, 0, 0}}, {25.0f / 24, {1, 0, 0}}};
  desc.tracks[0].rotations = {{1.0f / 24, glm::identity<glm::quat>()}, {13.0f / 24, AxisAngle(1.0f, {0, 0, 1})}};
  desc.contacts[kFootL] = {{1.0f / 24, 13.0f / 24}};
  const core::Expected<Clip> clip = Clip::Create(desc);
  ASSERT_TRUE(clip.ok()) << clip.status().message();
  EXPECT_NEAR(clip->DurationS(), 1.0f, 1e-6f);
  EXPECT_NEAR(clip->TranslationTimes()[0], 0.0f, 1e-7f);
  EXPECT_NEAR(clip->RotationTimes()[1], 0.5f, 1e-6f);
  // Contacts shift with the keys.
  EXPECT_NEAR(clip->Contacts(kFootL)[0].start_s, 0.0f, 1e-6f);
  EXPECT_NEAR(clip->Contacts(kFootL)[0].end_s, 0.5f, 1e-6f);
}

TEST(ClipTest, RequestedDurationMayExtendButNotShorten) {
  ClipDesc longer = TwoKeyDesc();
  longer.duration_s = 1.25f;
  const core::Expected<Clip> clip = Clip::Create(longer);
  ASSERT_TRUE(clip.ok());
  EXPECT_FLOAT_EQ(clip->DurationS(), 1.25f);
  ClipDesc shorter = TwoKeyDesc();
  shorter.duration_s = 0.5f;
  EXPECT_FALSE(Clip::Create(shorter).ok());
}

TEST(ClipTest, NormalisesQuaternionsAndAlignsHemispheres) {
  ClipDesc desc = TwoKeyDesc();
  const glm::quat q1 = AxisAngle(0.3f, {1, 0, 0});
  const glm::quat q2 = AxisAngle(0.5f, {1, 0, 0});
  desc.tracks[0].rotations = {{0.0f, q1 * 3.0f}, {0.5f, test::Negate(q2)}, {1.0f, q1}};
  const core::Expected<Clip> clip = Clip::Create(desc);
  ASSERT_TRUE(clip.ok());
  const auto values = clip->RotationValues();
  ASSERT_EQ(values.size(), 3u);
  for (const glm::quat& q : values) EXPECT_NEAR(math::QuatDot(q, q), 1.0f, 1e-6f);
  EXPECT_TRUE(math::ApproxEqual(values[0], q1));
  // Same rotation as -q2, stored in q1's hemisphere.
  EXPECT_TRUE(math::SameRotation(values[1], q2));
  EXPECT_GE(math::QuatDot(values[0], values[1]), 0.0f);
  EXPECT_GE(math::QuatDot(values[1], values[2]), 0.0f);
}

TEST(ClipTest, DropsKeysThatChangeNothing) {
  ClipDesc desc = TwoKeyDesc();
  const glm::vec3 a(1, 2, 3), b(4, 2, 3);
  // A hold (keys 0..2 equal) then a move; a constant scale channel.
  desc.tracks[0].translations = {{0.0f, a}, {0.5f, a}, {1.0f, a}, {2.0f, b}};
  desc.tracks[0].scales.clear();
  for (int k = 0; k <= 30; ++k) desc.tracks[0].scales.push_back({k / 15.0f, {1, 1, 1}});
  const core::Expected<Clip> clip = Clip::Create(desc);
  ASSERT_TRUE(clip.ok());
  const Clip::JointTracks& tracks = clip->Tracks()[1];
  EXPECT_EQ(tracks.translation.count, 3u);  // the middle key of the hold went
  EXPECT_EQ(tracks.scale.count, 1u);
  EXPECT_FLOAT_EQ(clip->DurationS(), 2.0f);  // the key range still counts
  const auto times = clip->TranslationTimes();
  EXPECT_FLOAT_EQ(times[tracks.translation.first + 1], 1.0f);
  EXPECT_TRUE(math::ApproxEqual(clip->TranslationValues()[tracks.translation.first + 1], a));
}

// Keys up to kMaxKeyComponent in every channel pass; one past it in any
// channel is refused, naming the channel and key.
TEST(ClipTest, RefusesKeyValuesBeyondTheLimit) {
  const float limit = kMaxKeyComponent;
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].translations[1].value = {-limit, limit, 0.0f};
    d.tracks[0].scales = {{0.0f, {limit, 1, 1}}};
    EXPECT_TRUE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].translations[1].value.y = -2.0f * limit;
    const auto clip = Clip::Create(d);
    ASSERT_FALSE(clip.ok());
    EXPECT_NE(clip.status().message().find("translation key 1"), std::string::npos) << clip.status().message();
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].scales = {{0.0f, {1, 1, 1e30f}}};
    const auto clip = Clip::Create(d);
    ASSERT_FALSE(clip.ok());
    EXPECT_NE(clip.status().message().find("scale key 0"), std::string::npos) << clip.status().message();
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].rotations[0].value = glm::quat(1e30f, 0, 0, 0);  // normalises to identity, but squares overflow
    const auto clip = Clip::Create(d);
    ASSERT_FALSE(clip.ok());
    EXPECT_NE(clip.status().message().find("rotation key 0"), std::string::npos) << clip.status().message();
  }
}

TEST(ClipTest, RejectsBadInput) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].translations[1].time_s = 0.0f;  // not increasing
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].rotations = {{0.5f, glm::identity<glm::quat>()}, {0.2f, glm::identity<glm::quat>()}};
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].translations[0].time_s = nan;
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].translations[1].value.z = std::numeric_limits<float>::infinity();
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].rotations[0].value = glm::quat(0, 0, 0, 0);
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks[0].joint = 3;  // only 3 joints
    EXPECT_FALSE(Clip::Create(d).ok());
    d.tracks[0].joint = -1;
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks.push_back(d.tracks[0]);  // two tracks for joint 1
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.tracks.clear();
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.joint_count = 0;
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.speed_mps = -1.0f;
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.contacts[kHandR] = {{0.2f, 1.5f}};  // past the end
    EXPECT_FALSE(Clip::Create(d).ok());
  }
  {
    ClipDesc d = TwoKeyDesc();
    d.contacts[kHandR] = {{0.8f, 0.2f}};  // wraps, but the clip does not loop
    EXPECT_FALSE(Clip::Create(d).ok());
    d.loop = true;
    EXPECT_TRUE(Clip::Create(d).ok());
  }
}

TEST(ClipTest, ErrorNamesTheClip) {
  ClipDesc d = TwoKeyDesc();
  d.name = "knight_walk";
  d.tracks[0].translations[1].time_s = -1.0f;
  const core::Expected<Clip> clip = Clip::Create(d);
  ASSERT_FALSE(clip.ok());
  EXPECT_NE(clip.status().message().find("knight_walk"), std::string::npos);
}

TEST(ClipTest, WrapAndNormalizedTime) {
  ClipDesc d = TwoKeyDesc();
  d.tracks[0].translations[1].time_s = 2.0f;
  d.loop = true;
  const Clip loop = Clip::Create(d).value();
  EXPECT_FLOAT_EQ(loop.WrapTime(0.5f), 0.5f);
  EXPECT_FLOAT_EQ(loop.WrapTime(2.0f), 0.0f);
  EXPECT_FLOAT_EQ(loop.WrapTime(2.5f), 0.5f);
  EXPECT_FLOAT_EQ(loop.WrapTime(-0.5f), 1.5f);
  EXPECT_FLOAT_EQ(loop.NormalizedTime(5.0f), 0.5f);
  d.loop = false;
  const Clip once = Clip::Create(d).value();
  EXPECT_FLOAT_EQ(once.WrapTime(2.5f), 2.0f);
  EXPECT_FLOAT_EQ(once.WrapTime(-0.5f), 0.0f);
  EXPECT_FLOAT_EQ(once.NormalizedTime(3.0f), 1.0f);
}

TEST(ClipTest, ContactsAndPhase) {
  ClipDesc d = TwoKeyDesc();
  d.loop = true;
  d.contacts[kFootL] = {{0.0f, 0.4f}};
  d.contacts[kFootR] = {{0.5f, 0.9f}};
  d.contacts[kHandL] = {{0.8f, 0.2f}};  // wraps round the loop: 0.4 s long
  const Clip clip = Clip::Create(d).value();

  EXPECT_TRUE(clip.IsInContact(kFootL, 0.1f));
  EXPECT_FALSE(clip.IsInContact(kFootL, 0.45f));
  EXPECT_TRUE(clip.IsInContact(kFootL, 1.1f));   // wraps to 0.1
  EXPECT_FALSE(clip.IsInContact(kHandR, 0.1f));  // no ranges at all
  EXPECT_FALSE(clip.ContactPhase(kHandR, 0.1f).has_value());

  EXPECT_NEAR(*clip.ContactPhase(kFootR, 0.5f), 0.0f, 1e-6f);
  EXPECT_NEAR(*clip.ContactPhase(kFootR, 0.6f), 0.25f, 1e-5f);
  EXPECT_NEAR(*clip.ContactPhase(kFootR, 0.9f), 1.0f, 1e-6f);
  EXPECT_FALSE(clip.ContactPhase(kFootR, 0.95f).has_value());
  EXPECT_NEAR(*clip.ContactTimeLeftS(kFootR, 0.6f), 0.3f, 1e-5f);

  // Wrapping range: 0.9 is 0.1 s in, 0.1 is 0.3 s in.
  EXPECT_TRUE(clip.IsInContact(kHandL, 0.9f));
  EXPECT_TRUE(clip.IsInContact(kHandL, 0.1f));
  EXPECT_FALSE(clip.IsInContact(kHandL, 0.5f));
  EXPECT_NEAR(*clip.ContactPhase(kHandL, 0.9f), 0.25f, 1e-5f);
  EXPECT_NEAR(*clip.ContactPhase(kHandL, 0.1f), 0.75f, 1e-5f);
  EXPECT_NEAR(*clip.ContactTimeLeftS(kHandL, 0.1f), 0.1f, 1e-5f);
}

}  // namespace
}  // namespace knights::anim
