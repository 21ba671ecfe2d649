// Retargeting at load (knights/character/retarget.h), measured from
// outside: the knight's clips carried onto the knight itself give back its
// own poses; carried onto a Mixamo-like rig with no clips (a T-pose, a 0.01
// armature, other proportions), every role the knight plays is there, the
// arms hang as the knight's do, each sole moves during the source's
// contacts as the knight's sole moves there, scaled by leg length, and
// each ladder hold is the knight's, scaled, within 2 cm; a rig the climb
// does not fit climbs the procedural climb.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "knights/anim/model_pose.h"
#include "knights/character/clip_baker.h"
#include "knights/character/retarget.h"
#include "tests/asset/game_character.h"

namespace knights {
namespace {

using character::ClipRole;

constexpr char kTPose[] = "tests/data/characters/mixamo_tpose/mixamo_tpose.json";
constexpr float kSampleStepS = 1.0f / 60.0f;

// A sole point in its root's frame at time t_s of a clip: how far the foot
// is from where the character stands.
glm::vec3 SoleInRoot(const test::GameCharacter& c, const anim::Clip& clip, float t_s, int side) {
  const std::vector<glm::mat4> pose_ms = anim::ModelPoseAt(c.model.skeleton, &clip, t_s);
  const int foot = side == 0 ? c.rig.leg_l.end : c.rig.leg_r.end;
  const glm::vec3 sole_ls = side == 0 ? c.rig.sole_offset_l_ls : c.rig.sole_offset_r_ls;
  return glm::vec3(glm::inverse(pose_ms[0]) * pose_ms[foot] * glm::vec4(sole_ls, 1.0f));
}

TEST(Retarget, TheKnightOntoItselfGivesBackItsOwnPoses) {
  auto knight = test::LoadGameCharacter("knight.json");
  ASSERT_NE(knight, nullptr);
  const character::ClipBaker baker(knight->model.skeleton, knight->rig);
  const character::Retargeter retargeter(baker, baker);
  EXPECT_FLOAT_EQ(retargeter.Scale(), 1.0f);
  for (const ClipRole role :
       {ClipRole::kIdle, ClipRole::kWalk, ClipRole::kRun, ClipRole::kTurn, ClipRole::kAttack3, ClipRole::kKnockdown}) {
    const anim::Clip& source = knight->Clip(role);
    auto copy = retargeter.Retarget(source, "copy");
    ASSERT_TRUE(copy.ok()) << copy.status().message();
    // At the baked keys (the copy is linear between them, the source's own
    // keys may be elsewhere).
    float worst_m = 0.0f;
    for (int key = 0; key <= static_cast<int>(source.DurationS() * character::ClipBaker::kKeysPerS); ++key) {
      const float t = static_cast<float>(key) / character::ClipBaker::kKeysPerS;
      const std::vector<glm::mat4> a_ms = anim::ModelPoseAt(knight->model.skeleton, &source, t);
      const std::vector<glm::mat4> b_ms = anim::ModelPoseAt(knight->model.skeleton, &*copy, t);
      for (size_t j = 0; j < a_ms.size(); ++j)
        worst_m = std::max(worst_m, glm::distance(glm::vec3(a_ms[j][3]), glm::vec3(b_ms[j][3])));
    }
    EXPECT_LT(worst_m, 0.001f) << source.Name();
  }
}

class RetargetTPose : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    knight_ = test::LoadGameCharacter("knight.json").release();
    target_ = test::LoadGameCharacter(kTPose).release();
  }
  static void TearDownTestSuite() {
    delete knight_;
    delete target_;
  }
  static test::GameCharacter* knight_;
  static test::GameCharacter* target_;
};
test::GameCharacter* RetargetTPose::knight_ = nullptr;
test::GameCharacter* RetargetTPose::target_ = nullptr;

TEST_F(RetargetTPose, EveryRoleTheKnightPlaysIsThereAndSaysWhereItCameFrom) {
  ASSERT_NE(target_, nullptr);
  EXPECT_TRUE(character::NeedsRetargeting(target_->desc));
  for (int r = 0; r < character::kClipRoleCount; ++r) {
    const auto role = static_cast<ClipRole>(r);
    ASSERT_NE(target_->clips[r], nullptr) << character::ClipRoleKey(role);
    EXPECT_EQ(target_->Source(role), character::ClipSource::kRetargeted) << character::ClipRoleKey(role);
  }
  const float scale = target_->report.roles.retarget_scale;
  EXPECT_NEAR(scale, target_->report.rest.leg_length_m[0] / knight_->report.rest.leg_length_m[0], 0.01f);
  EXPECT_NEAR(*target_->Clip(ClipRole::kWalk).SpeedMps(), scale * *knight_->Clip(ClipRole::kWalk).SpeedMps(), 1e-4f);
}

// The hold points of a ladder clip (balls of the feet, grips) in the root's
// frame: on the rungs, wherever the rest pose had them.
glm::vec3 HoldInRoot(const test::GameCharacter& c, const anim::Clip& clip, float t_s, int limb) {
  const std::vector<glm::mat4> pose_ms = anim::ModelPoseAt(c.model.skeleton, &clip, t_s);
  const character::LimbChain* chains[4] = {&c.rig.leg_l, &c.rig.leg_r, &c.rig.arm_l, &c.rig.arm_r};
  const glm::vec3 points_ls[4] = {c.rig.ball_offset_l_ls, c.rig.ball_offset_r_ls, c.rig.grip_offset_l_ls,
                                  c.rig.grip_offset_r_ls};
  return glm::vec3(glm::inverse(pose_ms[0]) * pose_ms[chains[limb]->end] * glm::vec4(points_ls[limb], 1.0f));
}

TEST_F(RetargetTPose, LadderHoldsAreTheKnightsScaledWithinTwoCentimetres) {
  ASSERT_NE(target_, nullptr);
  const float scale = target_->report.roles.retarget_scale;
  int samples = 0;
  for (const ClipRole role :
       {ClipRole::kClimbUp, ClipRole::kClimbDown, ClipRole::kLadderEnterBottom, ClipRole::kLadderExitTop}) {
    const anim::Clip& source = knight_->Clip(role);
    const anim::Clip& clip = target_->Clip(role);
    for (int limb = 0; limb < anim::kLimbCount; ++limb) {
      for (float t = 0.0f; t <= source.DurationS(); t += kSampleStepS) {
        if (!source.IsInContact(static_cast<anim::Limb>(limb), t)) continue;
        EXPECT_LT(glm::distance(HoldInRoot(*target_, clip, t, limb), scale * HoldInRoot(*knight_, source, t, limb)),
                  0.02f)
            << clip.Name() << " limb " << limb << " t " << t;
        ++samples;
      }
    }
  }
  EXPECT_GT(samples, 300);
}

// A rig the knight's climb does not fit (a child: the level's rungs do not
// shrink; short arms on long legs) climbs the procedural climb instead.
TEST(Retarget, AClimbThatDoesNotFitTheRigIsTheProceduralOne) {
  for (const char* file :
       {"tests/data/characters/child/child.json", "tests/data/characters/long_legs/long_legs.json"}) {
    auto c = test::LoadGameCharacter(file);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->Source(ClipRole::kClimbUp), character::ClipSource::kProceduralClimb) << file;
    EXPECT_EQ(c->Source(ClipRole::kWalk), character::ClipSource::kRetargeted) << file;
  }
  auto giant = test::LoadGameCharacter("tests/data/characters/giant/giant.json");
  ASSERT_NE(giant, nullptr);
  EXPECT_EQ(giant->Source(ClipRole::kClimbUp), character::ClipSource::kRetargeted);
}

TEST_F(RetargetTPose, TheTPoseArmsHangAsTheKnightsDo) {
  ASSERT_NE(target_, nullptr);
  const std::vector<glm::mat4> idle_ms =
      anim::ModelPoseAt(target_->model.skeleton, &target_->Clip(ClipRole::kIdle), 0.0f);
  for (const character::LimbChain* arm : {&target_->rig.arm_l, &target_->rig.arm_r}) {
    const float shoulder_y = idle_ms[arm->upper][3].y;
    const float wrist_y = idle_ms[arm->end][3].y;
    EXPECT_LT(wrist_y, shoulder_y - 0.35f) << "the T-pose's arm still out";
  }
}

TEST_F(RetargetTPose, SolesFollowTheKnightsContactsScaledWithinTwoCentimetres) {
  ASSERT_NE(target_, nullptr);
  const float scale = target_->report.roles.retarget_scale;
  int samples = 0;
  for (int r = 0; r < character::kClipRoleCount; ++r) {
    const auto role = static_cast<ClipRole>(r);
    if (character::IsLadderRole(role)) continue;
    const anim::Clip& source = knight_->Clip(role);
    const anim::Clip& clip = target_->Clip(role);
    for (int side = 0; side < 2; ++side) {
      const auto limb = static_cast<anim::Limb>(side);
      ASSERT_EQ(clip.Contacts(limb).size(), source.Contacts(limb).size()) << clip.Name();
      const glm::vec3 source_rest = SoleInRoot(*knight_, source, 0.0f, side);
      const glm::vec3 target_rest = SoleInRoot(*target_, clip, 0.0f, side);
      for (float t = 0.0f; t <= source.DurationS(); t += kSampleStepS) {
        if (!source.IsInContact(limb, t)) continue;
        const glm::vec3 source_moved = SoleInRoot(*knight_, source, t, side) - source_rest;
        const glm::vec3 target_moved = SoleInRoot(*target_, clip, t, side) - target_rest;
        EXPECT_LT(glm::distance(target_moved, scale * source_moved), 0.02f) << clip.Name() << " t " << t;
        ++samples;
      }
    }
  }
  EXPECT_GT(samples, 500);
}

}  // namespace
}  // namespace knights
