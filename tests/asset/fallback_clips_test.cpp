// The fallbacks for the ground roles (knights/character/fallback_clips.h) as the game
// builds them for the shipped squire, loaded as the game loads it: which
// source plays each role, and each fallback measured from its own pose
// (soles against where they stand, the pelvis, the root's turn). Here, not
// in tests/game, because loading the character needs the asset layer.

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "knights/anim/model_pose.h"
#include "tests/asset/game_character.h"
#include "knights/character/clip_baker.h"
#include "knights/character/fallback_clips.h"
#include "knights/character/rig.h"

namespace knights::game {
namespace {

// The squire as squire_common.json has it (idle, walk, run, a single jump),
// with helpers measuring its clips.
struct Squire : knights::test::GameCharacter {
  // A foot's sole point in `clip` at t_s, model space.
  glm::vec3 Sole(const anim::Clip& clip, float t_s, int foot) const {
    const auto models_ms = anim::ModelPoseAt(model.skeleton, &clip, t_s);
    const int end = foot == anim::kFootL ? rig.leg_l.end : rig.leg_r.end;
    const glm::vec3 sole_ls = foot == anim::kFootL ? rig.sole_offset_l_ls : rig.sole_offset_r_ls;
    return glm::vec3(models_ms[end] * glm::vec4(sole_ls, 1.0f));
  }
  float PelvisY(const anim::Clip& clip, float t_s) const {
    return anim::ModelPoseAt(model.skeleton, &clip, t_s)[rig.pelvis][3].y;
  }
};

std::unique_ptr<Squire> LoadSquire(const std::function<void(character::CharacterDesc&)>& edit = {}) {
  auto loaded = knights::test::LoadGameCharacter("squire_common.json", edit);
  if (loaded == nullptr) return nullptr;
  auto squire = std::make_unique<Squire>();
  static_cast<knights::test::GameCharacter&>(*squire) = std::move(*loaded);
  // The clip set points into the model's clips, which moved with it.
  for (int role = 0; role < character::kClipRoleCount; ++role) {
    const int index = squire->report.roles.clip[role];
    squire->clips[role] = index >= 0 ? &squire->model.clips[index] : nullptr;
  }
  return squire;
}

// Without a jump clip: the tucked walk pose and the landing dip.
std::unique_ptr<Squire> LoadSquireWithoutJump() {
  return LoadSquire([](character::CharacterDesc& d) { d.jump_clip.clear(); });
}

// squire_common's own roles: its idle, walk and run, its jump split.
void ExpectTheFilesOwnClips(const Squire& squire) {
  for (const character::ClipRole role :
       {character::ClipRole::kIdle, character::ClipRole::kWalk, character::ClipRole::kRun}) {
    EXPECT_EQ(squire.Source(role), character::ClipSource::kClip) << character::ClipRoleKey(role);
  }
  for (const character::ClipRole role :
       {character::ClipRole::kJumpUp, character::ClipRole::kFall, character::ClipRole::kLand}) {
    EXPECT_EQ(squire.Source(role), character::ClipSource::kJumpSplit) << character::ClipRoleKey(role);
  }
}

TEST(FallbackClips, EachRoleSaysWhereItsClipComesFrom) {
  const auto squire = LoadSquire();
  ASSERT_NE(squire, nullptr);
  ExpectTheFilesOwnClips(*squire);
  EXPECT_EQ(squire->Source(character::ClipRole::kTurn), character::ClipSource::kProceduralTurn);
  EXPECT_EQ(squire->Source(character::ClipRole::kClimbUp), character::ClipSource::kProceduralClimb);
  EXPECT_EQ(squire->Source(character::ClipRole::kAttack1), character::ClipSource::kNone);
  EXPECT_EQ(squire->report.roles.clip[static_cast<int>(character::ClipRole::kAttack1)], -1);

  const auto plain = LoadSquireWithoutJump();
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->Source(character::ClipRole::kJumpUp), character::ClipSource::kTuckedPose);
  EXPECT_EQ(plain->Source(character::ClipRole::kFall), character::ClipSource::kTuckedPose);
  EXPECT_EQ(plain->Source(character::ClipRole::kLand), character::ClipSource::kLandingDip);
  const auto no_run =
      LoadSquire([](character::CharacterDesc& d) { d.clips[static_cast<int>(character::ClipRole::kRun)].clear(); });
  ASSERT_NE(no_run, nullptr);
  EXPECT_EQ(no_run->Source(character::ClipRole::kRun), character::ClipSource::kWarpedWalk);
}

// With retargeting on (the default), the same file keeps its own idle,
// walk, run and jump, and every other role is the knight's, retargeted:
// the turn and the fights; the climb stays procedural, the knight's not
// fitting the squire's proportions (Retargeter::ClimbFits).
TEST(FallbackClips, RetargetedRolesFillWhatTheFilesOwnClipsLeaveOut) {
  const auto squire = LoadSquire([](character::CharacterDesc& d) { d.retarget = true; });
  ASSERT_NE(squire, nullptr);
  ExpectTheFilesOwnClips(*squire);
  for (const character::ClipRole role :
       {character::ClipRole::kTurn, character::ClipRole::kAttack1, character::ClipRole::kGetUp}) {
    EXPECT_EQ(squire->Source(role), character::ClipSource::kRetargeted) << character::ClipRoleKey(role);
  }
  EXPECT_EQ(squire->Source(character::ClipRole::kClimbUp), character::ClipSource::kProceduralClimb);
  EXPECT_GT(squire->report.roles.retarget_scale, 0.5f);
  // Idle left out with retargeting off: nothing to build the rest from.
  auto desc = asset::LoadCharacterDesc(std::string(KNIGHTS_SOURCE_DIR) + "/assets/characters/squire_common.json");
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  desc->clips[static_cast<int>(character::ClipRole::kIdle)].clear();
  asset::CharacterLoadReport report;
  EXPECT_EQ(asset::LoadCharacterForGame(&*desc, &report).status().message(),
            desc->file + ": clips.idle: missing, and \"retarget\" is false");
}

// The run made from the walk: faster and longer-strided, each planted sole
// moving back at the clip's stated speed (so at any playing speed the feet
// do not slide), its contacts the walk's, sooner.
TEST(FallbackClips, TheWarpedRunPlantsItsFeetAtItsOwnSpeed) {
  const auto squire =
      LoadSquire([](character::CharacterDesc& d) { d.clips[static_cast<int>(character::ClipRole::kRun)].clear(); });
  ASSERT_NE(squire, nullptr);
  const anim::Clip& walk = squire->Clip(character::ClipRole::kWalk);
  const anim::Clip& run = squire->Clip(character::ClipRole::kRun);
  ASSERT_TRUE(run.Loop());
  EXPECT_NEAR(run.DurationS(), walk.DurationS() / character::kWarpedRunCadence, 1e-4f);
  EXPECT_NEAR(*run.SpeedMps(), *walk.SpeedMps() * character::kWarpedRunCadence * character::kWarpedRunStride, 1e-4f);
  for (const int foot : {anim::kFootL, anim::kFootR}) {
    const anim::ContactRange range = run.Contacts(static_cast<anim::Limb>(foot))[0];
    const anim::ContactRange walked = walk.Contacts(static_cast<anim::Limb>(foot))[0];
    EXPECT_NEAR(range.start_s, walked.start_s / character::kWarpedRunCadence, 1e-4f);
    // The middle half of the contact (its ends are the walk's own roll).
    float length = range.end_s - range.start_s;
    if (length < 0.0f) length += run.DurationS();
    const float a = range.start_s + 0.25f * length, b = range.start_s + 0.75f * length;
    const glm::vec3 from = squire->Sole(run, a, foot), to = squire->Sole(run, b, foot);
    const float speed = (from.x - to.x) / (b - a);
    EXPECT_NEAR(speed, *run.SpeedMps(), 0.1f * *run.SpeedMps()) << anim::kLimbNames[foot];
    EXPECT_LT(std::fabs(to.y - from.y), 0.01f) << anim::kLimbNames[foot];
  }
}

// The single jump split where both feet are off the ground and the pelvis
// is highest: jump_up from standing to the apex, fall from there to a foot
// down, land from there to the end.
TEST(FallbackClips, TheJumpIsSplitAtItsApexAndItsLanding) {
  const auto squire = LoadSquire();
  ASSERT_NE(squire, nullptr);
  const anim::Clip& jump = squire->model.clips[squire->model.FindClip("jump")];
  const character::ClipBaker baker(squire->model.skeleton, squire->rig);
  auto split = character::SplitJumpAtApex(baker, jump);
  ASSERT_TRUE(split.ok()) << split.status().message();
  EXPECT_LT(split->take_off_s, split->apex_s);
  EXPECT_LT(split->apex_s, split->landing_s);
  // The apex is the pelvis's highest point of the flight.
  const float apex_y = squire->PelvisY(jump, split->apex_s);
  for (float t = split->take_off_s; t <= split->landing_s; t += 0.02f) {
    EXPECT_LE(squire->PelvisY(jump, t), apex_y + 1e-3f) << t;
  }
  EXPECT_NEAR(split->jump_up.DurationS(), split->apex_s, 1e-4f);
  EXPECT_NEAR(split->fall.DurationS(), split->landing_s - split->apex_s, 1e-4f);
  EXPECT_NEAR(split->land.DurationS(), jump.DurationS() - split->landing_s, 1e-4f);
  EXPECT_TRUE(split->jump_up.IsInContact(anim::kFootL, 0.05f));  // it starts standing
  EXPECT_FALSE(split->jump_up.IsInContact(anim::kFootL, split->jump_up.DurationS()));
  EXPECT_TRUE(split->fall.Contacts(anim::kFootL).empty());
  EXPECT_TRUE(split->land.IsInContact(anim::kFootL, 0.01f));
  // The pieces are the jump's own pose at the same times.
  EXPECT_LT(glm::distance(squire->Sole(split->land, 0.1f, anim::kFootR),
                          squire->Sole(jump, split->landing_s + 0.1f, anim::kFootR)),
            2e-3f);
  // A clip that never leaves the ground cannot be split: one line says why.
  auto idle = character::SplitJumpAtApex(baker, squire->Clip(character::ClipRole::kIdle));
  ASSERT_FALSE(idle.ok());
  EXPECT_NE(idle.status().message().find("jump clip 'idle': must be a one-shot"), std::string::npos)
      << idle.status().message();
}

// Without a jump clip: a walk pose with the legs tucked (the soles well up
// under the body), held while falling; the landing dips the pelvis on a
// spring with the soles where they stand.
TEST(FallbackClips, WithoutAJumpTheLegsTuckAndTheLandingDipsOverPlantedFeet) {
  const auto squire = LoadSquireWithoutJump();
  ASSERT_NE(squire, nullptr);
  const character::ClipBaker baker(squire->model.skeleton, squire->rig);
  const float leg_m = baker.LimbLengthM(anim::kFootL);
  const anim::Clip& fall = squire->Clip(character::ClipRole::kFall);
  EXPECT_TRUE(fall.Loop());
  for (const int foot : {anim::kFootL, anim::kFootR}) {
    EXPECT_GT(squire->Sole(fall, 0.5f, foot).y, 0.25f * leg_m) << anim::kLimbNames[foot];
  }
  const anim::Clip& up = squire->Clip(character::ClipRole::kJumpUp);
  EXPECT_LT(squire->Sole(up, 0.0f, anim::kFootL).y, squire->Sole(up, up.DurationS(), anim::kFootL).y - 0.15f);

  const anim::Clip& land = squire->Clip(character::ClipRole::kLand);
  const float stand_y = squire->PelvisY(land, 0.0f);
  float deepest_m = 0.0f, sole_drift_m = 0.0f;
  const glm::vec3 sole0 = squire->Sole(land, 0.0f, anim::kFootL);
  for (float t = 0.0f; t <= land.DurationS(); t += 0.01f) {
    deepest_m = std::max(deepest_m, stand_y - squire->PelvisY(land, t));
    sole_drift_m = std::max(sole_drift_m, glm::distance(squire->Sole(land, t, anim::kFootL), sole0));
    EXPECT_TRUE(land.IsInContact(anim::kFootL, t) && land.IsInContact(anim::kFootR, t)) << t;
  }
  EXPECT_GT(deepest_m, 0.05f);
  // Exact at the keys (60 a second); the joints' rotations interpolated
  // between two keys of the dip move a sole a few millimetres.
  EXPECT_LT(sole_drift_m, 5e-3f);
  EXPECT_NEAR(squire->PelvisY(land, land.DurationS()), stand_y, 2e-3f);  // it ends standing
}

// Half a turn to the left on the spot: the root ends turned round, the feet
// step one at a time (one always planted), a planted foot stays where it
// was put, and both end where the idle's feet are, turned round.
TEST(FallbackClips, TheTurnYawsTheRootWhileEachFootStepsRoundInTurn) {
  const auto squire = LoadSquire();
  ASSERT_NE(squire, nullptr);
  const anim::Clip& turn = squire->Clip(character::ClipRole::kTurn);
  const auto end_ms = anim::ModelPoseAt(squire->model.skeleton, &turn, turn.DurationS());
  const glm::vec3 facing = glm::mat3(end_ms[0]) * glm::vec3(1.0f, 0.0f, 0.0f);
  EXPECT_NEAR(facing.x, -1.0f, 1e-3f);
  for (float t = 0.0f; t <= turn.DurationS(); t += 0.01f) {
    EXPECT_TRUE(turn.IsInContact(anim::kFootL, t) || turn.IsInContact(anim::kFootR, t)) << t;
  }
  for (const int foot : {anim::kFootL, anim::kFootR}) {
    const auto contacts = turn.Contacts(static_cast<anim::Limb>(foot));
    EXPECT_EQ(contacts.size(), 3u) << anim::kLimbNames[foot];
    for (const anim::ContactRange& r : contacts) {
      const glm::vec3 a = squire->Sole(turn, r.start_s, foot), b = squire->Sole(turn, r.end_s, foot);
      EXPECT_LT(glm::distance(a, b), 3e-3f) << anim::kLimbNames[foot] << " at " << r.start_s;
    }
    const glm::vec3 stand = squire->Sole(squire->Clip(character::ClipRole::kIdle), 0.0f, foot);
    const glm::vec3 turned(-stand.x, stand.y, -stand.z);
    EXPECT_LT(glm::distance(squire->Sole(turn, turn.DurationS(), foot), turned), 0.01f) << anim::kLimbNames[foot];
  }
}

}  // namespace
}  // namespace knights::game
