// MoveTravelToGround: the hips' travel goes to the ground joint, their bob
// stays, a climb's rise goes with the travel, and the sum is unchanged.

#include "knights/asset/ground_root.h"

#include <gtest/gtest.h>

namespace knights::asset {
namespace {

anim::ClipDesc HipsClip(const std::vector<anim::Vec3Key>& hips_keys) {
  anim::ClipDesc desc;
  desc.name = "clip";
  desc.joint_count = 3;
  anim::JointTrackDesc hips;
  hips.joint = 1;
  hips.translations = hips_keys;
  desc.tracks.push_back(hips);
  return desc;
}

const anim::JointTrackDesc* Track(const anim::ClipDesc& desc, int joint) {
  for (const anim::JointTrackDesc& t : desc.tracks) {
    if (t.joint == joint) return &t;
  }
  return nullptr;
}

TEST(MoveTravelToGround, TravelGoesToTheGroundAndTheBobStaysInTheHips) {
  anim::ClipDesc desc = HipsClip({{0.0f, {0, 0.9f, 0}}, {0.5f, {0.6f, 0.85f, 0.02f}}, {1.0f, {1.2f, 0.9f, 0}}});
  MoveTravelToGround(desc, 0, 1, glm::vec3(0.0f));
  const anim::JointTrackDesc* ground = Track(desc, 0);
  const anim::JointTrackDesc* hips = Track(desc, 1);
  ASSERT_NE(ground, nullptr);
  ASSERT_EQ(ground->translations.size(), 3u);
  EXPECT_EQ(ground->translations[1].value, glm::vec3(0.6f, 0.0f, 0.02f));
  EXPECT_EQ(ground->translations[2].value, glm::vec3(1.2f, 0.0f, 0.0f));
  EXPECT_NEAR(hips->translations[1].value.y, 0.85f, 1e-6f);  // the bob
  EXPECT_NEAR(hips->translations[1].value.x, 0.0f, 1e-6f);
  EXPECT_NEAR(hips->translations[2].value.x, 0.0f, 1e-6f);
  for (size_t k = 0; k < 3; ++k) EXPECT_EQ(ground->translations[k].time_s, hips->translations[k].time_s);
}

TEST(MoveTravelToGround, AClimbOntoALedgeMovesItsRiseToo) {
  anim::ClipDesc desc = HipsClip({{0.0f, {0, 0.9f, 0}}, {1.0f, {0.4f, 1.7f, 0}}, {2.0f, {0.8f, 2.4f, 0}}});
  MoveTravelToGround(desc, 0, 1, glm::vec3(0.0f));
  const anim::JointTrackDesc* ground = Track(desc, 0);
  ASSERT_NE(ground, nullptr);
  EXPECT_NEAR(glm::length(ground->translations[2].value - glm::vec3(0.8f, 1.5f, 0)), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(Track(desc, 1)->translations[2].value - glm::vec3(0, 0.9f, 0)), 0.0f, 1e-6f);
}

TEST(MoveTravelToGround, LeavesClipsWithoutHipsTravelOrWithAGroundTrack) {
  anim::ClipDesc still = HipsClip({{0.0f, {0, 0.9f, 0}}});
  MoveTravelToGround(still, 0, 1, glm::vec3(0.0f));
  EXPECT_EQ(Track(still, 0), nullptr);
  anim::ClipDesc keyed = HipsClip({{0.0f, {0, 0.9f, 0}}, {1.0f, {1, 0.9f, 0}}});
  anim::JointTrackDesc ground;
  ground.joint = 0;
  keyed.tracks.push_back(ground);
  MoveTravelToGround(keyed, 0, 1, glm::vec3(0.0f));
  EXPECT_EQ(Track(keyed, 1)->translations[1].value, glm::vec3(1, 0.9f, 0));
}

TEST(SettleRiseOnSoles, TheRiseEndsWhereTheSolesStandAndTheSumIsKept) {
  // A climb onto a 1.5 m ledge whose hips end 3.5 cm higher over the feet
  // than they climbed; the ground joint keyed where the hips are not.
  anim::ClipDesc desc = HipsClip({{0.0f, {0, 0.64f, 0}}, {2.0f, {0, 0.64f, 0}}});
  anim::JointTrackDesc ground;
  ground.joint = 0;
  ground.translations = {{0.0f, {0, 0, 0}}, {1.0f, {0.4f, 0.8f, 0}}, {2.0f, {0.9f, 1.535f, 0}}};
  desc.tracks.push_back(ground);
  SettleRiseOnSoles(desc, 0, 1, 1.5f);
  const anim::JointTrackDesc* settled = Track(desc, 0);
  const anim::JointTrackDesc* hips = Track(desc, 1);
  ASSERT_EQ(settled->translations.size(), 3u);
  ASSERT_EQ(hips->translations.size(), 3u);  // keyed at the union of the times
  EXPECT_NEAR(settled->translations[2].value.y, 1.5f, 1e-6f);
  EXPECT_NEAR(settled->translations[2].value.x, 0.9f, 1e-6f);
  const float sums[3] = {0.64f, 0.8f + 0.64f, 1.535f + 0.64f};
  for (size_t k = 0; k < 3; ++k)
    EXPECT_NEAR(settled->translations[k].value.y + hips->translations[k].value.y, sums[k], 1e-5f) << k;
}

}  // namespace
}  // namespace knights::asset
