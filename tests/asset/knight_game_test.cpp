// The whole knight (game::Knight: controller, clips, foot and ladder IK) with
// the shipped knight model and character file, on the game tests' level
// (tests/game/game_test_util.h) loaded from its JSON. Here, not in
// tests/game, because loading the assets needs the asset layer.

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_model.h"
#include "knights/asset/level_loader.h"
#include "knights/anim/model_pose.h"
#include "tests/game/game_test_util.h"
#include "knights/game/session/game_session.h"
#include "knights/game/session/ik_metrics.h"
#include "knights/game/knight/knight.h"
#include "knights/core/file_io.h"
#include "knights/character/rig.h"
#include "knights/character/rig_props.h"

namespace knights::game {
namespace {

using test::Input;
using test::kDt;

std::string RepoPath(const std::string& relative) { return std::string(KNIGHTS_SOURCE_DIR) + "/" + relative; }

class KnightGameTest : public ::testing::Test {
 protected:
  struct Assets {
    character::CharacterDesc desc;
    asset::CharacterModel model;
    character::Rig rig;
    ClipSet clips{};
  };
  static void SetUpTestSuite() {
    core::SetDataDir(KNIGHTS_SOURCE_DIR);  // as the game does: the model paths are under it
    auto desc = asset::LoadCharacterDesc(RepoPath("assets/characters/knight.json"));
    ASSERT_TRUE(desc.ok()) << desc.status().message();
    auto model = asset::LoadCharacterModel(desc->model_path);
    ASSERT_TRUE(model.ok()) << model.status().message();
    assets_ = new Assets{*desc, std::move(*model), {}, {}};
    auto rig = character::ResolveRig(assets_->desc, assets_->model.skeleton);
    ASSERT_TRUE(rig.ok()) << rig.status().message();
    assets_->rig = *rig;
    for (int role = 0; role < character::kClipRoleCount; ++role) {
      const int index = assets_->model.FindClip(assets_->desc.clips[role]);
      if (!character::IsBaseRole(static_cast<character::ClipRole>(role)) && assets_->desc.clips[role].empty()) continue;
      ASSERT_GE(index, 0);
      assets_->clips[role] = &assets_->model.clips[index];
    }
    auto props =
        character::ResolveProps(assets_->desc, assets_->model.skeleton, assets_->rig,
                                assets_->clips[static_cast<int>(character::ClipRole::kClimbUp)], &assets_->model.mesh);
    ASSERT_TRUE(props.ok()) << props.status().message();
    assets_->rig.props = *props;
  }
  static void TearDownTestSuite() {
    delete assets_;
    assets_ = nullptr;
  }
  void SetUp() override {
    ASSERT_NE(assets_, nullptr);
    auto level = asset::ParseLevel(test::kTestLevelJson, "controller_test.json");
    ASSERT_TRUE(level.ok()) << level.status().message();
    world_ = std::make_unique<world::World>(std::move(*level));
    knight_.Init(assets_->model.skeleton, assets_->clips, assets_->rig, 0);
  }
  void Step(const core::InputState& input) { knight_.Step(input, *world_, ik_, kDt, nullptr); }
  glm::vec3 PointWs(int joint, const glm::vec3& offset_ls) const {
    return glm::vec3(knight_.ModelToWorld() * knight_.ModelsMs()[joint] * glm::vec4(offset_ls, 1.0f));
  }

  static Assets* assets_;
  std::unique_ptr<world::World> world_;
  ik::IkSwitches ik_;
  Knight knight_;
};
KnightGameTest::Assets* KnightGameTest::assets_ = nullptr;

// The collision body is as tall as the character's mesh (the knight's crest
// 1.95 m up), the controller's default where the rig does not say.
TEST_F(KnightGameTest, TheCollisionBodyIsAsTallAsTheCharacter) {
  character::Rig rig = assets_->rig;
  rig.body_height_m = character::BindPoseHeightM(assets_->model.mesh);
  EXPECT_NEAR(rig.body_height_m, 1.95f, 0.01f);
  Knight knight;
  knight.Init(assets_->model.skeleton, assets_->clips, rig, 0);
  EXPECT_EQ(knight.controller.tuning.body_height_m, rig.body_height_m);
  rig.body_height_m = 0.0f;
  knight.Init(assets_->model.skeleton, assets_->clips, rig, 0);
  EXPECT_EQ(knight.controller.tuning.body_height_m, KnightTuning{}.body_height_m);
}

// The level the controller tests build in code is the one its JSON describes,
// and it passes the loader's validation.
TEST_F(KnightGameTest, TestLevelJsonMatchesTheLevelBuiltInCode) {
  const world::Level& parsed = world_->level();
  const world::Level built = test::MakeTestLevel();
  ASSERT_EQ(parsed.terrain.points.size(), built.terrain.points.size());
  for (size_t i = 0; i < built.terrain.points.size(); ++i) {
    EXPECT_EQ(parsed.terrain.points[i].x, built.terrain.points[i].x) << i;
    EXPECT_EQ(parsed.terrain.points[i].y, built.terrain.points[i].y) << i;
  }
  EXPECT_EQ(parsed.kill_y, built.kill_y);
  EXPECT_EQ(parsed.spawn.x, built.spawn.x);
  EXPECT_EQ(parsed.goal.x, built.goal.x);
  EXPECT_EQ(parsed.checkpoints, built.checkpoints);
  ASSERT_EQ(parsed.pits.size(), 1u);
  EXPECT_EQ(parsed.pits[0].x0, built.pits[0].x0);
  EXPECT_EQ(parsed.pits[0].x1, built.pits[0].x1);
  ASSERT_EQ(parsed.ladders.size(), 1u);
  EXPECT_EQ(parsed.ladders[0].x, built.ladders[0].x);
  EXPECT_EQ(parsed.ladders[0].bottom_y, built.ladders[0].bottom_y);
  EXPECT_EQ(parsed.ladders[0].top_y, built.ladders[0].top_y);
  EXPECT_EQ(parsed.ladders[0].rung_spacing, built.ladders[0].rung_spacing);
  EXPECT_EQ(parsed.ladders[0].width, built.ladders[0].width);
  EXPECT_EQ(parsed.ladders[0].exit_dir, built.ladders[0].exit_dir);
  EXPECT_EQ(parsed.terrain.z_min, built.terrain.z_min);
  EXPECT_EQ(parsed.terrain.cell_x, built.terrain.cell_x);
}

// A tap the other way from a standstill plays the turn clip on the spot;
// the facing flips when it ends.
TEST_F(KnightGameTest, TurnOnTheSpotPlaysTheTurnClipAndFlipsFacingAtItsEnd) {
  knight_.Spawn(glm::vec3(5.0f, 0.0f, 0.0f), +1);
  for (int i = 0; i < 10; ++i) Step(Input(0.0f));
  Step(Input(-1.0f));  // the tap: one step
  EXPECT_EQ(knight_.anim.CurrentRole(), character::ClipRole::kTurn);
  EXPECT_TRUE(knight_.controller.Turning());
  const float turn_s = assets_->clips[static_cast<int>(character::ClipRole::kTurn)]->DurationS();
  EXPECT_FLOAT_EQ(knight_.controller.motion_clip_info().turn_duration_s, turn_s);
  int steps = 1;
  while (knight_.controller.Turning() && steps < 300) {
    ASSERT_EQ(knight_.controller.Facing(), 1);
    ASSERT_EQ(knight_.anim.CurrentRole(), character::ClipRole::kTurn);
    ASSERT_NEAR(knight_.controller.FeetWs().x, 5.0f, 0.01f);  // the tap's one step of speed
    Step(Input(0.0f));
    ++steps;
  }
  EXPECT_NEAR(steps, std::ceil(turn_s / kDt), 1.0f);
  EXPECT_EQ(knight_.controller.Facing(), -1);
  EXPECT_NE(knight_.anim.CurrentRole(), character::ClipRole::kTurn);
  EXPECT_FALSE(knight_.LastPoseHadNan());
}

// Standing still on flat ground: both soles on the ground (foot IK).
TEST_F(KnightGameTest, StandingSolesAreOnTheGround) {
  knight_.Spawn(glm::vec3(3.0f, 0.0f, 0.0f), +1);
  for (int i = 0; i < 60; ++i) Step(Input(0.0f));
  const character::Rig& rig = assets_->rig;
  for (int side = 0; side < 2; ++side) {
    SCOPED_TRACE(side);
    EXPECT_TRUE(knight_.foot_ik.Foot(side).reached);
    const glm::vec3 sole =
        PointWs(side == 0 ? rig.leg_l.end : rig.leg_r.end, side == 0 ? rig.sole_offset_l_ls : rig.sole_offset_r_ls);
    EXPECT_NEAR(sole.y, 0.0f, 1e-3f);
  }
}

// The motion metrics (issue 38) on a walking knight: a walk on flat ground
// moves neither the body nor a sole by a jolt; a teleport sampled across
// reads as one, and left out by ResetKnight it is counted instead.
TEST_F(KnightGameTest, TheMotionMetricsSeeATeleportUnlessItIsLeftOut) {
  for (const bool reset : {false, true}) {
    SCOPED_TRACE(reset ? "left out" : "sampled across");
    IkMetrics metrics;
    knight_.Spawn(glm::vec3(2.0f, 0.0f, 0.0f), +1);
    auto step_and_sample = [&](int steps) {
      for (int i = 0; i < steps; ++i) {
        Step(Input(1.0f));
        metrics.Sample(0, knight_, *world_, kDt);
        metrics.EndStep(0.0, false);
      }
    };
    step_and_sample(90);
    EXPECT_LT(metrics.PelvisKink().max, 0.02) << "a walk on flat ground";
    EXPECT_EQ(metrics.SoleStep().frames_over, 0);
    EXPECT_GT(metrics.KneeFold().max, 5.0) << "a walking knee bends";
    EXPECT_LT(metrics.KneeFold().max, 172.0);
    knight_.Spawn(glm::vec3(9.0f, 0.0f, 0.0f), +1);  // about 4.5 m ahead
    if (reset) metrics.ResetKnight(0);
    step_and_sample(5);
    EXPECT_EQ(metrics.teleports_left_out(), reset ? 1 : 0);
    if (reset) {
      EXPECT_LT(metrics.PelvisKink().max, 0.04);
      EXPECT_LT(metrics.SoleStep().max, 0.25);
    } else {
      EXPECT_GT(metrics.PelvisKink().max, 1.0);
      EXPECT_GT(metrics.SoleStep().max, 3.0);
      EXPECT_GE(metrics.SoleStep().frames_over, 1);
    }
  }
}

// The largest distance between a joint as the clip puts it and as drawn,
// model space, metres.
float LargestIkCorrectionM(const Knight& knight) {
  float largest = 0.0f;
  for (size_t j = 0; j < knight.AnimatedJointsMs().size(); ++j) {
    largest = std::max(largest, glm::distance(glm::vec3(knight.ModelsMs()[j][3]), knight.AnimatedJointsMs()[j]));
  }
  return largest;
}

// Spawned with its front foot over a 0.3 m step: with the IK on the pose is
// corrected from the first step; with it off the knight is the clip from the
// first step on (the IK starts off rather than fading out), so an IK-off run
// measures the clip alone.
TEST_F(KnightGameTest, WithTheIkOffFromTheStartThePoseIsTheClipFromTheFirstStep) {
  for (const bool ik_on : {true, false}) {
    SCOPED_TRACE(ik_on ? "IK on" : "IK off");
    ik_.master = ik_on;
    knight_.Spawn(glm::vec3(9.9f, 0.0f, 0.0f), +1);
    float largest_m = 0.0f;
    for (int i = 0; i < 30; ++i) {
      Step(Input(0.0f));
      largest_m = std::max(largest_m, LargestIkCorrectionM(knight_));
    }
    if (ik_on) {
      EXPECT_GT(largest_m, 0.01f);
    } else {
      EXPECT_EQ(largest_m, 0.0f);
    }
  }
}

// A jump from a run, IK off: the run fades out under the take-off with
// its own pose (the cycle follows the speed in the air too), so no step
// bends a knee by more than 25 degrees. It snapped by 70 when the cycle
// was told a speed of 0 at take-off and turned into a walk at once.
TEST_F(KnightGameTest, AJumpFromARunBendsTheKneesSmoothly) {
  ik_.master = false;
  knight_.Spawn(glm::vec3(1.0f, 0.0f, 0.0f), +1);
  for (int i = 0; i < 90; ++i) Step(Input(1.0f, 0.0f, /*run=*/true));
  ASSERT_GT(knight_.controller.VelocityMps().x, 3.0f);
  const character::Rig& rig = assets_->rig;
  auto knee_deg = [&](const character::LimbChain& leg) {
    const auto models_ms = knight_.ModelsMs();
    const glm::vec3 a = glm::vec3(models_ms[leg.mid][3]) - glm::vec3(models_ms[leg.upper][3]);
    const glm::vec3 b = glm::vec3(models_ms[leg.end][3]) - glm::vec3(models_ms[leg.mid][3]);
    return glm::degrees(std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b)));
  };
  float before[2] = {knee_deg(rig.leg_l), knee_deg(rig.leg_r)};
  float largest_deg = 0.0f;
  for (int i = 0; i < 20; ++i) {
    Step(Input(1.0f, 0.0f, /*run=*/true, /*jump=*/i == 0));
    const float now[2] = {knee_deg(rig.leg_l), knee_deg(rig.leg_r)};
    for (int side = 0; side < 2; ++side) largest_deg = std::max(largest_deg, std::fabs(now[side] - before[side]));
    std::copy(now, now + 2, before);
  }
  EXPECT_EQ(knight_.controller.mode(), KnightMode::kAir);
  EXPECT_LE(largest_deg, 25.0f);
}

// The overlay's clip viewer edits a plain setting (GameSession::
// clip_override) that each step applies to the inspected knight; emptied,
// the next step gives the knight its own clips back.
TEST_F(KnightGameTest, TheClipOverrideIsAppliedByTheSessionStep) {
  game::SessionDesc desc;
  desc.world = world_.get();
  CastMember knight;
  knight.skeleton = &assets_->model.skeleton;
  knight.clips = assets_->clips;
  knight.rig = &assets_->rig;
  desc.cast = {knight};
  desc.skip_title = true;
  game::GameSession session(desc);
  const anim::Clip* clip = &assets_->model.clips.back();
  session.clip_override = {clip, 0.25f};
  EXPECT_EQ(session.player().anim.Override(), nullptr);  // applied by a step, not by the edit
  session.Step(core::InputState{});
  EXPECT_EQ(session.player().anim.Override(), clip);
  session.clip_override = {};
  session.Step(core::InputState{});
  EXPECT_EQ(session.player().anim.Override(), nullptr);
}

// Up the ladder from its foot to the ledge with the whole pipeline: hands
// hold rungs (on the rung's centre line) while climbing, no non-finite pose,
// and the knight ends standing on the ledge.
TEST_F(KnightGameTest, ClimbsTheLadderWithHandsOnTheRungs) {
  knight_.Spawn(glm::vec3(test::kLadderX - 0.4f, test::kLadderBottomY, 0.0f), +1);
  for (int i = 0; i < 10; ++i) Step(Input(0.0f));
  const character::Rig& rig = assets_->rig;
  bool climbed = false;
  int hand_holds = 0;
  for (int i = 0; i < 1500; ++i) {
    Step(Input(0.0f, 1.0f));
    ASSERT_FALSE(knight_.LastPoseHadNan()) << "step " << i;
    if (knight_.controller.mode() == KnightMode::kClimb) climbed = true;
    for (int hand = 0; hand < 2; ++hand) {
      const ik::LadderLimbState& s = knight_.ladder_ik.Limb(anim::kHandL + hand);
      if (knight_.controller.mode() != KnightMode::kClimb || !s.holding || !s.reached || s.weight < 1.0f) continue;
      ++hand_holds;
      const glm::vec3 grip =
          PointWs(hand == 0 ? rig.arm_l.end : rig.arm_r.end, hand == 0 ? rig.grip_offset_l_ls : rig.grip_offset_r_ls);
      const glm::vec3 rung = world_->ladders()[0].Rung(s.rung);
      EXPECT_NEAR(grip.x, rung.x, 2e-3f) << "step " << i;
      EXPECT_NEAR(grip.y, rung.y, 2e-3f) << "step " << i;
    }
    if (climbed && knight_.controller.mode() == KnightMode::kGround) break;
  }
  EXPECT_TRUE(climbed);
  EXPECT_GT(hand_holds, 60);
  RecordProperty("hand_hold_steps", hand_holds);
  ASSERT_EQ(knight_.controller.mode(), KnightMode::kGround);
  EXPECT_NEAR(knight_.controller.FeetWs().y, test::kPlateauY, 1e-4f);
  EXPECT_GT(knight_.controller.FeetWs().x, test::kCliffX);
  for (int i = 0; i < 60; ++i) Step(Input(0.0f));
  EXPECT_EQ(knight_.controller.mode(), KnightMode::kGround);
  EXPECT_NEAR(knight_.controller.FeetWs().y, test::kPlateauY, 1e-4f);
}

// How far the props stray from their sockets over a climb up the test
// level's ladder and the run before it, measured on the final pose: on the
// ladder, from the stowed placement on the chest; on the ground, from the
// clip's distance between the prop and the joint carrying it.
struct PropStray {
  float stowed_m = 0.0f;        // from the socket's placement (the clip's first climb frame)
  float stowed_rigid_m = 0.0f;  // change of the prop-to-chest distance against the clip's
  float carried_m = 0.0f;
  int climb_steps = 0;
};
TEST_F(KnightGameTest, PropsRideTheirSocketsThroughTheIk) {
  const character::Rig& rig = assets_->rig;
  ASSERT_EQ(rig.props.size(), 2u);  // the sword and the shield
  for (const anim::PropSockets& p : rig.props) EXPECT_TRUE(p.clips_stow);
  const int chest = assets_->model.skeleton.FindJoint("chest");
  ASSERT_EQ(rig.props[0].stow, chest);
  auto measure = [&](const character::Rig& with) {
    knight_.Init(assets_->model.skeleton, assets_->clips, with, 0);
    knight_.Spawn(glm::vec3(test::kLadderX - 1.2f, test::kLadderBottomY, 0.0f), +1);
    PropStray stray;
    for (int i = 0; i < 1500; ++i) {
      Step(Input(i < 30 ? 1.0f : 0.0f, i < 30 ? 0.0f : 1.0f));
      const auto models = knight_.ModelsMs();
      const auto animated = knight_.AnimatedJointsMs();
      for (const anim::PropSockets& p : rig.props) {
        if (knight_.controller.mode() == KnightMode::kClimb) {
          const glm::vec3 socket_ms = glm::vec3(models[p.stow] * p.stowed_in_stow[3]);
          stray.stowed_m = std::max(stray.stowed_m, glm::length(glm::vec3(models[p.prop][3]) - socket_ms));
          const float now_m = glm::length(glm::vec3(models[p.prop][3]) - glm::vec3(models[p.stow][3]));
          const float clip_m = glm::length(animated[p.prop] - animated[p.stow]);
          stray.stowed_rigid_m = std::max(stray.stowed_rigid_m, std::fabs(now_m - clip_m));
        } else if (knight_.controller.mode() == KnightMode::kGround) {
          const float now_m = glm::length(glm::vec3(models[p.prop][3]) - glm::vec3(models[p.carry][3]));
          const float clip_m = glm::length(animated[p.prop] - animated[p.carry]);
          stray.carried_m = std::max(stray.carried_m, std::fabs(now_m - clip_m));
        }
      }
      stray.climb_steps += knight_.controller.mode() == KnightMode::kClimb;
      if (stray.climb_steps > 0 && knight_.controller.mode() == KnightMode::kGround) break;
    }
    return stray;
  };
  const PropStray placed = measure(rig);
  EXPECT_GT(placed.climb_steps, 100);
  // The clip itself may sway the stowed prop on the chest by up to
  // kStowStillM (the loader checks it); the IK adds nothing to that.
  EXPECT_LT(placed.stowed_m, character::kStowStillM);
  EXPECT_LT(placed.stowed_rigid_m, 0.001f);
  EXPECT_LT(placed.carried_m, 0.001f);
  RecordProperty("stowed_stray_mm", static_cast<int>(placed.stowed_m * 1000.0f));
  // Without the sockets the skeleton's hierarchy carries them: the stowed
  // sword and shield go wherever the ladder IK moves the hand and forearm
  // they hang from in the file.
  character::Rig no_sockets = rig;
  no_sockets.props.clear();
  const PropStray dragged = measure(no_sockets);
  EXPECT_GT(dragged.stowed_m, 0.05f);
  EXPECT_GT(dragged.stowed_rigid_m, 0.02f);
  RecordProperty("stowed_stray_without_sockets_mm", static_cast<int>(dragged.stowed_m * 1000.0f));
}

// Closest distance between segments p0-p1 and q0-q1 (sampled finely: exact
// enough for a blade against a rail, and plain to read).
float SegmentDistanceM(const glm::vec3& p0, const glm::vec3& p1, const glm::vec3& q0, const glm::vec3& q1) {
  constexpr int kSamples = 64;
  float best = 1e9f;
  for (int i = 0; i <= kSamples; ++i) {
    const glm::vec3 p = p0 + (p1 - p0) * (static_cast<float>(i) / kSamples);
    const glm::vec3 d = q1 - q0;
    const float t = glm::clamp(glm::dot(p - q0, d) / glm::dot(d, d), 0.0f, 1.0f);
    best = std::min(best, glm::length(p - (q0 + d * t)));
  }
  return best;
}

// How the knight comes to the ladder's foot before pressing up.
enum class Approach { kRun, kWalk, kStandFirst };

// The blade (measured on the final pose, from the crossguard to the point)
// from the approach through the stow onto the back, the climb and the step
// off at the top: never into the cliff behind the ladder, the ground, a rail
// or a rung, and never turning faster than 1500 degrees a second (before
// the sockets, the enter clip's stow and its cross-fade from the walk
// turned it at up to 7258 degrees a second, through the wall).
struct BladeRecord {
  int in_cliff = 0, in_ground = 0, through_ladder = 0, climb_steps = 0;
  float fastest_deg_s = 0.0f;
};

class KnightBladeTest : public KnightGameTest, public ::testing::WithParamInterface<Approach> {
 protected:
  BladeRecord ClimbWatchingTheBlade(Approach approach);
  // The point of the sword at `along` of the blade's length, world.
  glm::vec3 BladeWs(float along_m) const { return PointWs(assets_->rig.props.at(0).prop, blade_ls_ * along_m); }

  glm::vec3 blade_ls_{0.0f};
};

BladeRecord KnightBladeTest::ClimbWatchingTheBlade(Approach approach) {
  // The blade's direction in the sword joint's frame, from the bind pose:
  // the rig puts it forward and up at 45 degrees (tools/knight/knight_rig.py,
  // SWORD_AXIS; glTF's +y is up).
  const int sword = assets_->rig.props.at(0).prop;
  const std::vector<glm::mat4> rest_ms = anim::ModelPoseAt(assets_->model.skeleton, nullptr, 0.0f);
  blade_ls_ = glm::normalize(glm::inverse(glm::mat3(rest_ms[sword])) * glm::normalize(glm::vec3(1.0f, 1.0f, 0.0f)));
  const world::Ladder& ladder = world_->ladders()[0];
  knight_.Spawn(glm::vec3(test::kLadderX - 4.0f, test::kLadderBottomY, 0.0f), +1);
  BladeRecord r;
  int arrived_step = -1;
  glm::vec3 last_dir(0.0f);
  for (int i = 0; i < 1800; ++i) {
    if (arrived_step < 0 && knight_.controller.FeetWs().x > test::kLadderX - 0.45f) arrived_step = i;
    const bool stand = approach == Approach::kStandFirst && arrived_step >= 0 && i < arrived_step + 60;
    if (arrived_step < 0) {
      Step(Input(1.0f, 0.0f, /*run=*/approach == Approach::kRun));
    } else {
      Step(stand ? Input(0.0f) : Input(0.0f, 1.0f));
    }
    const glm::vec3 guard_ws = BladeWs(0.09f), point_ws = BladeWs(0.92f);
    const glm::vec3 dir = glm::normalize(point_ws - guard_ws);
    if (last_dir != glm::vec3(0.0f)) {
      const float turn_deg = glm::degrees(std::acos(std::clamp(glm::dot(dir, last_dir), -1.0f, 1.0f)));
      r.fastest_deg_s = std::max(r.fastest_deg_s, turn_deg / kDt);
    }
    last_dir = dir;
    for (int k = 0; k <= 20; ++k) {
      const glm::vec3 p = guard_ws + (point_ws - guard_ws) * (static_cast<float>(k) / 20.0f);
      r.in_cliff += p.x > test::kCliffX + 0.005f && p.y < test::kPlateauY - 0.005f;
      const world::RayHit ground = world_->collision().FindGround(p.x, p.y + 3.0f, p.z, 6.0f);
      r.in_ground += ground.hit && p.y < ground.point_ws.y - 0.005f;
    }
    for (const float side : {-1.0f, 1.0f}) {
      // The rails' half width (knights/render/world_mesh_builder.cpp).
      r.through_ladder +=
          SegmentDistanceM(guard_ws, point_ws, ladder.RailBottomWs(side), ladder.RailTopWs(side)) < 0.035f;
    }
    const float half_width = 0.5f * ladder.desc().width;
    for (const glm::vec3& rung : ladder.rungs_ws()) {
      r.through_ladder += SegmentDistanceM(guard_ws, point_ws, rung - glm::vec3(0, 0, half_width),
                                           rung + glm::vec3(0, 0, half_width)) < world::Ladder::kRungRadius;
    }
    r.climb_steps += knight_.controller.mode() == KnightMode::kClimb;
    if (r.climb_steps > 0 && knight_.controller.mode() == KnightMode::kGround) break;
  }
  return r;
}

TEST_P(KnightBladeTest, StaysOutOfTheLadderAndTheCliffAndNeverSnaps) {
  const BladeRecord r = ClimbWatchingTheBlade(GetParam());
  EXPECT_GT(r.climb_steps, 100);
  EXPECT_EQ(r.in_cliff, 0);
  EXPECT_EQ(r.in_ground, 0);
  EXPECT_EQ(r.through_ladder, 0);
  EXPECT_LT(r.fastest_deg_s, 1500.0f);
  RecordProperty("fastest_blade_deg_s", static_cast<int>(r.fastest_deg_s));
}

INSTANTIATE_TEST_SUITE_P(
    Approaches, KnightBladeTest, ::testing::Values(Approach::kRun, Approach::kWalk, Approach::kStandFirst),
    [](const auto& info) {
      return std::string(info.param == Approach::kRun ? "Run" : info.param == Approach::kWalk ? "Walk" : "StandFirst");
    });

}  // namespace
}  // namespace knights::game
