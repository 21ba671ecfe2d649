// ContactEndPositions on a two-joint skeleton whose root rises 1 m/s: the
// hip's model-space position at the end of each contact (start, when played
// backwards), the clip time left until then, wrapping contacts of a loop,
// and limbs without a joint or not in contact.

#include "knights/anim/contact_end_positions.h"

#include <gtest/gtest.h>

#include "anim_test_util.h"

namespace knights::anim {
namespace {

constexpr int kHip = 1;

Skeleton MakeRootAndHip() {
  auto skeleton =
      Skeleton::Create({"root", "hip"}, {-1, 0}, {test::Trs({0.0f, 0.0f, 0.0f}), test::Trs({0.0f, 1.0f, 0.0f})},
                       {glm::mat4(1.0f), glm::mat4(1.0f)});
  EXPECT_TRUE(skeleton.ok());
  return std::move(skeleton).value();
}

// The root rises from y = 0 to y = 2 over 2 s (root motion in the pose).
Clip MakeRisingClip(bool loop, std::vector<ContactRange> foot_l) {
  ClipDesc desc;
  desc.name = "rise";
  desc.joint_count = 2;
  desc.loop = loop;
  JointTrackDesc root;
  root.joint = 0;
  root.translations = {{0.0f, glm::vec3(0.0f)}, {2.0f, glm::vec3(0.0f, 2.0f, 0.0f)}};
  desc.tracks.push_back(root);
  desc.contacts[kFootL] = std::move(foot_l);
  auto clip = Clip::Create(std::move(desc));
  EXPECT_TRUE(clip.ok()) << clip.status().message();
  return std::move(clip).value();
}

void ExpectEnd(const std::optional<ContactEndPositions::End>& end, float hip_y, float left_s) {
  ASSERT_TRUE(end.has_value());
  EXPECT_NEAR(end->joint_ms.x, 0.0f, 1e-5f);
  EXPECT_NEAR(end->joint_ms.y, hip_y, 1e-5f);
  EXPECT_NEAR(end->clip_s_left, left_s, 1e-5f);
}

TEST(ContactEndPositions, EndOfTheContactInTheDirectionOfPlay) {
  const Skeleton skeleton = MakeRootAndHip();
  const Clip clip = MakeRisingClip(false, {{0.5f, 1.0f}, {1.5f, 2.0f}});
  ContactEndPositions ends;
  ASSERT_TRUE(ends.Build(skeleton, clip, {kHip, -1, kHip, 5}));
  // Forward: the hip when the contact ends (root at 1.0, hip 1 m above it).
  ExpectEnd(ends.Find(kFootL, 0.7f, true), 2.0f, 0.3f);
  ExpectEnd(ends.Find(kFootL, 1.6f, true), 3.0f, 0.4f);
  // Backward: the hip when the contact started.
  ExpectEnd(ends.Find(kFootL, 0.7f, false), 1.5f, 0.2f);
  // Between contacts, limbs without contacts, joints not in the skeleton.
  EXPECT_FALSE(ends.Find(kFootL, 1.2f, true).has_value());
  EXPECT_FALSE(ends.Find(kHandL, 0.7f, true).has_value());
  EXPECT_FALSE(ends.Find(kFootR, 0.7f, true).has_value());
  EXPECT_FALSE(ends.Find(kHandR, 0.7f, true).has_value());
}

TEST(ContactEndPositions, WrappingContactOfALoop) {
  const Skeleton skeleton = MakeRootAndHip();
  const Clip clip = MakeRisingClip(true, {{1.8f, 0.2f}});
  ContactEndPositions ends;
  ASSERT_TRUE(ends.Build(skeleton, clip, {kHip, -1, -1, -1}));
  ExpectEnd(ends.Find(kFootL, 1.9f, true), 1.2f, 0.3f);  // ends at 0.2 s after the wrap
  ExpectEnd(ends.Find(kFootL, 0.1f, true), 1.2f, 0.1f);
  ExpectEnd(ends.Find(kFootL, 0.1f, false), 2.8f, 0.3f);  // started at 1.8 s before the wrap
  ExpectEnd(ends.Find(kFootL, 2.1f, true), 1.2f, 0.1f);   // loop time wraps
  EXPECT_FALSE(ends.Find(kFootL, 1.0f, true).has_value());
}

TEST(ContactEndPositions, NothingBuiltFindsNothing) {
  const Skeleton skeleton = MakeRootAndHip();
  const Clip clip = MakeRisingClip(false, {{0.5f, 1.0f}});
  ContactEndPositions ends;
  EXPECT_FALSE(ends.Find(kFootL, 0.7f, true).has_value());
  ASSERT_TRUE(ends.Build(skeleton, clip, {kHip, -1, -1, -1}));
  ends.Clear();
  EXPECT_FALSE(ends.Find(kFootL, 0.7f, true).has_value());
}

}  // namespace
}  // namespace knights::anim
