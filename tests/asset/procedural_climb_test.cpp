// The procedural climb (knights/character/procedural_climb.h) built for the shipped rigs
// as the game loads them: the squire with only its common clips, the
// knight with the climb forced on over its own climb clips, and a 1.1 m
// child (tests/data/characters: arms of 0.31 m, legs of 0.45). The baked clips
// are measured against the ladder they are built on (limb sequence, rung
// choice, arcs, getting on and off), then a whole game::Knight climbs
// ladders of every spacing and lean the level format allows, its hands and
// feet measured against the real rungs. Here, not in tests/game, because
// loading the characters needs the asset layer.

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "knights/anim/model_pose.h"
#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_loader.h"
#include "knights/asset/level_loader.h"
#include "knights/core/file_io.h"
#include "knights/character/clip_baker.h"
#include "tests/asset/game_character.h"
#include "tests/game/game_test_util.h"
#include "knights/game/knight/knight.h"
#include "knights/character/procedural_climb.h"
#include "knights/character/rig.h"
#include "knights/ik/hinge_axis.h"
#include "knights/world/ladder.h"

namespace knights::game {
namespace {

using test::Input;
using test::kDt;

using LoadedCast = knights::test::GameCharacter;

class ProceduralClimbTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    cast_ = knights::test::LoadGameCharacter(GetParam());
    ASSERT_NE(cast_, nullptr);
    baker_ = std::make_unique<character::ClipBaker>(cast_->model.skeleton, cast_->rig);
    geometry_ = character::MeasureClimb(*baker_);
  }
  // Each limb's effector (balls of the feet on a ladder, grips) in `clip`
  // at t_s, model space.
  std::array<glm::vec3, anim::kLimbCount> Effectors(const anim::Clip& clip, float t_s) const {
    const std::vector<glm::mat4> models_ms = anim::ModelPoseAt(cast_->model.skeleton, &clip, t_s);
    const character::Rig& rig = cast_->rig;
    const int ends[4] = {rig.leg_l.end, rig.leg_r.end, rig.arm_l.end, rig.arm_r.end};
    const glm::vec3 offsets[4] = {rig.ball_offset_l_ls, rig.ball_offset_r_ls, rig.grip_offset_l_ls,
                                  rig.grip_offset_r_ls};
    std::array<glm::vec3, anim::kLimbCount> out{};
    for (int limb = 0; limb < anim::kLimbCount; ++limb) {
      out[limb] = glm::vec3(models_ms[ends[limb]] * glm::vec4(offsets[limb], 1.0f));
    }
    return out;
  }
  // How far `p_ms` is from the nearest rung of the ladder the clip is built
  // on (rungs along z at x = reach, every spacing up from the root, which is
  // at `root_y_ms`), a foot's ball measured on the rung's top.
  float FromNearestRung(int limb, const glm::vec3& p_ms, float root_y_ms) const {
    const float top = limb < 2 ? world::Ladder::kRungRadius : 0.0f;
    const float s = geometry_.rung_spacing_m;
    const float k = std::round((p_ms.y - top - root_y_ms) / s);
    return glm::length(glm::vec2(p_ms.x - geometry_.rung_reach_m, p_ms.y - (root_y_ms + k * s + top)));
  }

  std::unique_ptr<LoadedCast> cast_;
  std::unique_ptr<character::ClipBaker> baker_;
  character::ClimbGeometry geometry_;
};

TEST_P(ProceduralClimbTest, AllFourLadderRolesComeFromIt) {
  for (const character::ClipRole role :
       {character::ClipRole::kClimbUp, character::ClipRole::kClimbDown, character::ClipRole::kLadderEnterBottom,
        character::ClipRole::kLadderExitTop}) {
    EXPECT_EQ(cast_->report.roles.source[static_cast<int>(role)], character::ClipSource::kProceduralClimb)
        << character::ClipRoleKey(role);
  }
  const anim::Clip& climb = cast_->Clip(character::ClipRole::kClimbUp);
  EXPECT_TRUE(climb.Loop());
  // The climb's speed is set by the rung spacing: two rungs a cycle, one
  // for legs shorter than two rungs' step (the child's).
  const float rungs = geometry_.rung_spacing_m * 2.0f > baker_->LegLengthM() ? 1.0f : 2.0f;
  EXPECT_EQ(geometry_.rungs_per_cycle, static_cast<int>(rungs));
  EXPECT_FLOAT_EQ(*climb.ClimbMPerCycle(), rungs * geometry_.rung_spacing_m);
  EXPECT_FLOAT_EQ(*climb.SpeedMps(), rungs * geometry_.rung_spacing_m / climb.DurationS());
  EXPECT_FLOAT_EQ(*climb.RungSpacingM(), geometry_.rung_spacing_m);
  EXPECT_FLOAT_EQ(*climb.RungReachM(), geometry_.rung_reach_m);
}

// A diagonal gait: the left hand takes its rung with the right foot, the
// right hand with the left foot half a cycle later; each holds the same
// share of the cycle, so a pair swings while the other holds.
TEST_P(ProceduralClimbTest, TheLimbsMoveInADiagonalGait) {
  const anim::Clip& climb = cast_->Clip(character::ClipRole::kClimbUp);
  const float cycle_s = climb.DurationS();
  std::array<anim::ContactRange, anim::kLimbCount> range{};
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    const auto contacts = climb.Contacts(static_cast<anim::Limb>(limb));
    ASSERT_EQ(contacts.size(), 1u) << anim::kLimbNames[limb];
    range[limb] = contacts[0];
    float held_s = range[limb].end_s - range[limb].start_s;
    if (held_s < 0.0f) held_s += cycle_s;  // wraps past the cycle's end
    EXPECT_NEAR(held_s, character::kHoldShare * cycle_s, 1e-3f) << anim::kLimbNames[limb];
  }
  EXPECT_NEAR(range[anim::kHandL].start_s, range[anim::kFootR].start_s, 1e-4f);
  EXPECT_NEAR(range[anim::kHandR].start_s, range[anim::kFootL].start_s, 1e-4f);
  EXPECT_NEAR(std::fmod(range[anim::kHandR].start_s - range[anim::kHandL].start_s + cycle_s, cycle_s), 0.5f * cycle_s,
              1e-3f);
  // At every instant at least one hand and one foot hold.
  for (float t = 0.0f; t < cycle_s; t += 0.01f) {
    const bool hand = climb.IsInContact(anim::kHandL, t) || climb.IsInContact(anim::kHandR, t);
    const bool foot = climb.IsInContact(anim::kFootL, t) || climb.IsInContact(anim::kFootR, t);
    EXPECT_TRUE(hand && foot) << "t " << t;
  }
}

// Rung choice in the clip: every hold is on a rung of the ladder it is built
// on, the hands at the top of their reach, the feet on the rung below the
// hips; a held limb stays on its rung (moving down with it as the body
// rises) to within a centimetre; between holds each limb swings up two
// rungs on an arc away from the ladder.
TEST_P(ProceduralClimbTest, EveryHoldIsOnARungAndEverySwingBowsAway) {
  const anim::Clip& climb = cast_->Clip(character::ClipRole::kClimbUp);
  const float rise_mps = *climb.SpeedMps();
  const float s = geometry_.rung_spacing_m;
  for (int limb = 0; limb < anim::kLimbCount; ++limb) {
    const anim::ContactRange r = climb.Contacts(static_cast<anim::Limb>(limb))[0];
    const glm::vec3 grab_ms = Effectors(climb, r.start_s)[limb];
    const int top_rung = limb < 2 ? geometry_.foot_top_rung : geometry_.hand_top_rung;
    const float rung_top = limb < 2 ? world::Ladder::kRungRadius : 0.0f;
    EXPECT_NEAR(grab_ms.y, static_cast<float>(top_rung) * s + rung_top, 0.01f) << anim::kLimbNames[limb];
    float worst_m = 0.0f, farthest_back_m = 0.0f;
    for (float u = 0.0f; u <= 1.0f; u += 0.05f) {
      const float held_s = (r.end_s >= r.start_s ? r.end_s - r.start_s : r.end_s + climb.DurationS() - r.start_s);
      const float t = std::fmod(r.start_s + u * held_s, climb.DurationS());
      // The rung held moved down by the body's rise since the grab.
      const float root_y = -rise_mps * u * held_s;
      worst_m = std::max(worst_m, FromNearestRung(limb, Effectors(climb, t)[limb] + glm::vec3(0, -root_y, 0), 0.0f));
    }
    EXPECT_LT(worst_m, 0.01f) << anim::kLimbNames[limb] << " held from " << r.start_s;
    // Half way through the swing the limb is further from the ladder.
    const float swing_mid_s =
        std::fmod(r.end_s + 0.5f * (1.0f - character::kHoldShare) * climb.DurationS(), climb.DurationS());
    farthest_back_m = geometry_.rung_reach_m - Effectors(climb, swing_mid_s)[limb].x;
    EXPECT_GT(farthest_back_m, 0.05f) << anim::kLimbNames[limb];
  }
}

// Down is up played backwards, at the same place of the cycle.
TEST_P(ProceduralClimbTest, ClimbDownIsTheClimbBackwards) {
  const anim::Clip& up = cast_->Clip(character::ClipRole::kClimbUp);
  const anim::Clip& down = cast_->Clip(character::ClipRole::kClimbDown);
  ASSERT_FLOAT_EQ(up.DurationS(), down.DurationS());
  for (const float t : {0.1f, 0.37f, 0.8f}) {
    const auto a = Effectors(up, t);
    const auto b = Effectors(down, up.DurationS() - t);
    for (int limb = 0; limb < anim::kLimbCount; ++limb) EXPECT_LT(glm::distance(a[limb], b[limb]), 2e-3f) << t;
  }
}

// Getting on ends in the climb's first pose and getting off starts there;
// getting off ends in the idle's first pose on the ledge, where its root
// motion took the root.
TEST_P(ProceduralClimbTest, GettingOnAndOffMeetTheClimbAndTheStandPose) {
  const anim::Skeleton& skeleton = cast_->model.skeleton;
  const anim::Clip& enter = cast_->Clip(character::ClipRole::kLadderEnterBottom);
  const anim::Clip& climb = cast_->Clip(character::ClipRole::kClimbUp);
  const anim::Clip& exit = cast_->Clip(character::ClipRole::kLadderExitTop);
  const auto enter_end = anim::ModelPoseAt(skeleton, &enter, enter.DurationS());
  const auto climb_start = anim::ModelPoseAt(skeleton, &climb, 0.0f);
  const auto exit_start = anim::ModelPoseAt(skeleton, &exit, 0.0f);
  const auto exit_end = anim::ModelPoseAt(skeleton, &exit, exit.DurationS());
  const auto stand = anim::ModelPoseAt(skeleton, &cast_->Clip(character::ClipRole::kIdle), 0.0f);
  const glm::vec3 ledge_ms(geometry_.stand_x_m, static_cast<float>(geometry_.hand_top_rung) * geometry_.rung_spacing_m,
                           0.0f);
  float enter_gap = 0.0f, exit_gap = 0.0f, stand_gap = 0.0f;
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    enter_gap = std::max(enter_gap, glm::distance(glm::vec3(enter_end[j][3]), glm::vec3(climb_start[j][3])));
    exit_gap = std::max(exit_gap, glm::distance(glm::vec3(exit_start[j][3]), glm::vec3(climb_start[j][3])));
    stand_gap = std::max(stand_gap, glm::distance(glm::vec3(exit_end[j][3]), glm::vec3(stand[j][3]) + ledge_ms));
  }
  EXPECT_LT(enter_gap, 0.01f);
  EXPECT_LT(exit_gap, 0.01f);
  EXPECT_LT(stand_gap, 0.01f);
  // Getting on starts standing: the enter's first pose is the idle's.
  const auto enter_start = anim::ModelPoseAt(skeleton, &enter, 0.0f);
  float start_gap = 0.0f;
  for (int j = 0; j < skeleton.JointCount(); ++j)
    start_gap = std::max(start_gap, glm::distance(glm::vec3(enter_start[j][3]), glm::vec3(stand[j][3])));
  EXPECT_LT(start_gap, 0.01f);
}

// Getting on, each hand takes its rung only once the rising body brings
// it within reach: the grip stays on its rung (the clip has no root motion
// while getting on) from the contact's start to its end, never sliding up
// it at full stretch (a 1.1 m child's hand slid 12 cm), and it is the grip
// the climb starts from.
TEST_P(ProceduralClimbTest, GettingOnEachHandTakesItsRungWhereItReaches) {
  const anim::Clip& enter = cast_->Clip(character::ClipRole::kLadderEnterBottom);
  for (const int hand : {anim::kHandL, anim::kHandR}) {
    const auto& contacts = enter.Contacts(static_cast<anim::Limb>(hand));
    ASSERT_FALSE(contacts.empty()) << anim::kLimbNames[hand];
    const anim::ContactRange grab = contacts.back();
    const glm::vec3 grip_ms = Effectors(enter, grab.start_s)[hand];
    float slid_m = 0.0f;
    for (float t = grab.start_s; t <= grab.end_s; t += 1.0f / 120.0f)
      slid_m = std::max(slid_m, glm::distance(Effectors(enter, t)[hand], grip_ms));
    EXPECT_LT(slid_m, 0.01f) << anim::kLimbNames[hand] << " held from " << grab.start_s << " s";
    // The grip the climb starts from.
    const glm::vec3 climb_grip_ms = Effectors(cast_->Clip(character::ClipRole::kClimbUp), 0.0f)[hand];
    EXPECT_LT(glm::distance(grip_ms, climb_grip_ms), 0.01f) << anim::kLimbNames[hand];
  }
}

// No knee or elbow of any procedural clip bends backwards (about the rig's
// hinges, as the game measures them) at any moment.
TEST_P(ProceduralClimbTest, NoKneeOrElbowEverBendsBackwards) {
  const character::Rig& rig = cast_->rig;
  const character::LimbChain* chains[4] = {&rig.leg_l, &rig.leg_r, &rig.arm_l, &rig.arm_r};
  for (const character::ClipRole role :
       {character::ClipRole::kClimbUp, character::ClipRole::kClimbDown, character::ClipRole::kLadderEnterBottom,
        character::ClipRole::kLadderExitTop}) {
    const anim::Clip& clip = cast_->Clip(role);
    float worst_deg = 0.0f, worst_at_s = 0.0f;
    for (float t = 0.0f; t <= clip.DurationS(); t += 1.0f / 120.0f) {
      const auto models_ms = anim::ModelPoseAt(cast_->model.skeleton, &clip, t);
      for (int limb = 0; limb < 4; ++limb) {
        const character::LimbChain& c = *chains[limb];
        const float bend_deg = ik::SignedHingeBendDeg(glm::vec3(models_ms[c.upper][3]), glm::vec3(models_ms[c.mid][3]),
                                                      glm::vec3(models_ms[c.end][3]),
                                                      ik::HingeAxisMs(models_ms[c.upper], rig.hinge_axis_ls[limb]));
        if (-bend_deg > worst_deg) {
          worst_deg = -bend_deg;
          worst_at_s = t;
        }
      }
    }
    EXPECT_LT(worst_deg, 5.0f) << character::ClipRoleKey(role) << " at " << worst_at_s << " s";
  }
}

// Rung choice in the game: a whole knight climbs a ladder of each spacing
// the level format allows, upright and leaning in, with the procedural
// clips (leaning out needs a ledge over the cliff: torture_ladders.json,
// in the autoplay tests); every limb
// holding a rung is on it (the IK's choice, measured on the final pose),
// and each limb's successive rungs go up the ladder.
struct LadderCase {
  float spacing_m;
  float lean_deg;
};
void ClimbAndMeasure(const LoadedCast& cast, const LadderCase& c) {
  nlohmann::json level = nlohmann::json::parse(test::kTestLevelJson);
  const float height_m = test::kLadderTopY - test::kLadderBottomY;
  nlohmann::json& ladder = level["ladders"][0];
  ladder["rung_spacing"] = c.spacing_m;
  ladder["lean_deg"] = c.lean_deg;
  // The top stays at the cliff's edge whatever the lean.
  ladder["x"] = test::kLadderX - height_m * std::tan(glm::radians(c.lean_deg));
  auto parsed = asset::ParseLevel(level.dump(), "ladder_case.json");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  const world::World world(std::move(*parsed));
  Knight knight;
  knight.Init(cast.model.skeleton, cast.clips, cast.rig, 0);
  const float bottom_x = ladder["x"].get<float>();
  knight.Spawn(glm::vec3(bottom_x - 0.4f, test::kLadderBottomY, 0.0f), +1);
  const ik::IkSwitches ik;
  const character::Rig& rig = cast.rig;
  const int ends[4] = {rig.leg_l.end, rig.leg_r.end, rig.arm_l.end, rig.arm_r.end};
  const glm::vec3 offsets[4] = {rig.ball_offset_l_ls, rig.ball_offset_r_ls, rig.grip_offset_l_ls, rig.grip_offset_r_ls};
  std::array<int, 4> last_rung = {-1, -1, -1, -1};
  int held_steps = 0, rung_changes = 0;
  float worst_m = 0.0f;
  bool climbed = false;
  for (int i = 0; i < 2000 && !(climbed && knight.controller.mode() == KnightMode::kGround); ++i) {
    knight.Step(Input(0.0f, 1.0f), world, ik, kDt, nullptr);
    ASSERT_FALSE(knight.LastPoseHadNan());
    if (knight.controller.mode() != KnightMode::kClimb) continue;
    climbed = true;
    for (int limb = 0; limb < 4; ++limb) {
      const ik::LadderLimbState& s = knight.ladder_ik.Limb(limb);
      if (!s.holding || s.rung < 0 || s.weight < 1.0f) continue;
      ++held_steps;
      const glm::vec3 p =
          glm::vec3(knight.ModelToWorld() * knight.ModelsMs()[ends[limb]] * glm::vec4(offsets[limb], 1.0f));
      const glm::vec3 rung = world.ladders()[0].Rung(s.rung);  // the IK holds the rung's centre line
      worst_m = std::max(worst_m, glm::length(glm::vec2(p.x - rung.x, p.y - rung.y)));
      if (s.rung != last_rung[limb]) {
        if (last_rung[limb] >= 0) {
          EXPECT_GT(s.rung, last_rung[limb]) << anim::kLimbNames[limb] << " step " << i;
          ++rung_changes;
        }
        last_rung[limb] = s.rung;
      }
    }
  }
  EXPECT_TRUE(climbed);
  EXPECT_EQ(knight.controller.mode(), KnightMode::kGround) << "got off at the top";
  EXPECT_GT(held_steps, 100);
  EXPECT_GE(rung_changes, 2) << "each limb takes rung after rung";
  EXPECT_LT(worst_m, 0.02f);
}

TEST_P(ProceduralClimbTest, TheIkHoldsEveryRungOfEverySpacingAndLean) {
  for (const float spacing : {0.22f, 0.30f, 0.40f}) {
    for (const float lean : {0.0f, 15.0f}) {
      SCOPED_TRACE(testing::Message() << "spacing " << spacing << " lean " << lean);
      ClimbAndMeasure(*cast_, {spacing, lean});
    }
  }
}

INSTANTIATE_TEST_SUITE_P(ShippedRigs, ProceduralClimbTest,
                         ::testing::Values("squire_common.json", "knight_procedural_climb.json",
                                           "tests/data/characters/child/child.json"),
                         [](const auto& info) {
                           const std::string file =
                               std::string(info.param).substr(std::string(info.param).rfind('/') + 1);
                           return file.substr(0, file.find('.'));
                         });

}  // namespace
}  // namespace knights::game
