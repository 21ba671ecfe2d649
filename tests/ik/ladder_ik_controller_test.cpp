// LadderIkController on a synthetic arm (shoulder, elbow, wrist) in front of
// rungs spaced 0.22, 0.30 and 0.40 m: the grip lands on the nearest rung's
// centre line at contact start and stays while holding, a rung out of grab
// distance is not taken, a hold out of reach is let go, and over repeated
// climb cycles the target never jumps at a grab or a release.

#include "knights/ik/ladder_ik_controller.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "knights/anim/local_to_model_job.h"

namespace knights::ik {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr int kRoot = 0, kShoulder = 1, kElbow = 2, kWrist = 3;
const std::array<int16_t, 4> kParents{-1, 0, 1, 2};
const glm::vec3 kGripLs{0.05f, 0.0f, 0.0f};  // centre of the fist, wrist space
constexpr int kHand = 2;                     // anim::kHandL: the only enabled limb

struct Arm {
  std::array<math::Transform, 4> locals_ls{};
  std::array<glm::mat4, 4> models_ms{};
  Arm() {
    const glm::vec3 z(0.0f, 0.0f, 1.0f);
    locals_ls[kShoulder].translation = {0.0f, 1.4f, -0.2f};
    locals_ls[kShoulder].rotation = glm::angleAxis(1.0f, z);  // upper arm forward and up (bones along +x)
    locals_ls[kElbow].translation = {0.3f, 0.0f, 0.0f};
    locals_ls[kElbow].rotation = glm::angleAxis(-1.8f, z);
    locals_ls[kWrist].translation = {0.28f, 0.0f, 0.0f};
    anim::LocalToModelJob job;
    job.parents = kParents;
    job.locals_ls = locals_ls;
    job.models_ms = models_ms;
    job.Run();
  }
  glm::vec3 GripWs(const glm::mat4& to_world) const {
    return glm::vec3(to_world * models_ms[kWrist] * glm::vec4(kGripLs, 1.0f));
  }
};

// The synthetic arm as a ladder limb.
LadderLimbRig ArmRig() {
  LadderLimbRig limb;
  limb.chain = {kShoulder, kElbow, kWrist};
  limb.effector_ls = kGripLs;
  limb.pole_ms = {0.0f, -1.0f, 0.0f};
  return limb;
}

LadderIkController MakeController() {
  LadderLimbRig limb = ArmRig();
  LadderIkController c;
  c.Init({limb, limb, limb, limb});
  c.settings.limb_driven = {false, false, true, false};
  return c;
}

// Rungs along +y at x = rung_x centred on z: rung k at y0 + k * spacing.
std::vector<glm::vec3> MakeRungs(float rung_x, float y0, float spacing, int count, float z = 0.0f) {
  std::vector<glm::vec3> rungs;
  for (int k = 0; k < count; ++k) rungs.emplace_back(rung_x, y0 + spacing * static_cast<float>(k), z);
  return rungs;
}

LadderIkFrame MakeFrame(const glm::mat4& to_world, std::span<const glm::vec3> rungs, float contact,
                        float swing = 0.0f) {
  LadderIkFrame frame;
  frame.model_to_world = to_world;
  frame.on_ladder = true;
  frame.contact[kHand] = contact;
  frame.swing_progress[kHand] = swing;
  frame.rungs_ws = rungs;
  frame.dt_s = kDt;
  return frame;
}

Arm Step(LadderIkController& c, const LadderIkFrame& frame, const Arm& animated) {
  Arm pose = animated;
  EXPECT_TRUE(c.Run(frame, {kParents, pose.locals_ls, pose.models_ms}, nullptr));
  return pose;
}

glm::mat4 Root(const glm::vec3& t, float yaw = 0.0f) {
  return glm::rotate(glm::translate(glm::mat4(1.0f), t), yaw, glm::vec3(0.0f, 1.0f, 0.0f));
}

// Fades the controller fully in with the hand in the air.
void FadeIn(LadderIkController& c, const glm::mat4& to_world, std::span<const glm::vec3> rungs, const Arm& animated) {
  for (int i = 0; i < 20; ++i) Step(c, MakeFrame(to_world, rungs, 0.0f, 0.5f), animated);
  ASSERT_EQ(c.MasterWeight(), 1.0f);
}

struct SpacingCase {
  float spacing;
  float yaw;
};

class LadderIkSpacingTest : public ::testing::TestWithParam<SpacingCase> {};

// At contact start the grip goes onto the nearest rung's centre line and
// stays there while the body climbs on.
TEST_P(LadderIkSpacingTest, GrabsTheNearestRungAndHolds) {
  const float spacing = GetParam().spacing;
  const Arm animated;
  glm::mat4 to_world = Root({2.0f, 0.5f, 0.3f}, GetParam().yaw);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  // Rung 5 is 4 cm below the grip, 1 cm further along x.
  const std::vector<glm::vec3> rungs =
      MakeRungs(grip_ws.x + 0.01f, grip_ws.y - 0.04f - 5.0f * spacing, spacing, 12, grip_ws.z);
  LadderIkController c = MakeController();
  FadeIn(c, to_world, rungs, animated);
  const glm::vec3 hold_ws(rungs[5].x, rungs[5].y, grip_ws.z);
  for (int step = 0; step < 20; ++step) {
    to_world = Root({2.0f, 0.5f + 0.004f * static_cast<float>(step), 0.3f}, GetParam().yaw);
    const Arm pose = Step(c, MakeFrame(to_world, rungs, 1.0f), animated);
    const LadderLimbState& s = c.Limb(kHand);
    ASSERT_TRUE(s.holding) << "step " << step;
    EXPECT_EQ(s.rung, 5);
    EXPECT_TRUE(s.reached);
    EXPECT_LT(glm::distance(s.hold_point_ws, hold_ws), 1e-5f);
    EXPECT_LT(glm::distance(pose.GripWs(to_world), hold_ws), 1e-4f) << "step " << step;
  }
}

// Repeated climb cycles (hold, then swing) with the body rising a little
// less than two rungs per cycle: the known drift makes every swing end
// exactly where the next grab puts the hand, so the target never jumps.
TEST_P(LadderIkSpacingTest, NoTargetJumpAtGrabOrReleaseOverCycles) {
  const float spacing = GetParam().spacing;
  const float drift = 0.01f;
  const float rise_per_cycle = 2.0f * spacing - drift;
  constexpr int kCycleSteps = 60, kHoldSteps = 18;
  const Arm animated;
  const float yaw = GetParam().yaw;
  const glm::vec3 start(1.0f, 0.0f, 0.0f);
  const glm::vec3 grip0_ws = animated.GripWs(Root(start, yaw));
  const std::vector<glm::vec3> rungs = MakeRungs(grip0_ws.x, grip0_ws.y - 0.03f - 3.0f * spacing, spacing, 30);
  LadderIkController c = MakeController();
  FadeIn(c, Root(start, yaw), rungs, animated);
  glm::vec3 previous_target = c.Limb(kHand).target_ws;
  const float rise_per_step = rise_per_cycle / kCycleSteps;
  int grabs = 0;
  for (int step = 0; step < 4 * kCycleSteps; ++step) {
    const int in_cycle = step % kCycleSteps;
    const bool contact = in_cycle < kHoldSteps;
    const float swing = contact ? 0.0f : static_cast<float>(in_cycle - kHoldSteps + 1) / (kCycleSteps - kHoldSteps);
    const glm::mat4 to_world = Root(start + glm::vec3(0.0f, rise_per_step * static_cast<float>(step), 0.0f), yaw);
    LadderIkFrame frame = MakeFrame(to_world, rungs, contact ? 1.0f : 0.0f, swing);
    frame.grab_drift_per_cycle_ws = glm::vec3(0.0f, drift, 0.0f);
    const Arm pose = Step(c, frame, animated);
    const LadderLimbState& s = c.Limb(kHand);
    ASSERT_EQ(s.holding, contact) << "step " << step;
    ASSERT_TRUE(s.reached) << "step " << step;
    // The grip is where the target is.
    EXPECT_LT(glm::distance(pose.GripWs(to_world), s.target_ws), 1e-4f) << "step " << step;
    if (contact && in_cycle == 0) {
      // The nearest rung, on its centre line: cycle k grabs rung 3 + 2k.
      EXPECT_EQ(s.rung, 3 + 2 * (step / kCycleSteps));
      EXPECT_NEAR(s.target_ws.y, rungs[3 + 2 * (step / kCycleSteps)].y, 1e-5f);
      EXPECT_NEAR(s.target_ws.x, rungs[0].x, 1e-5f);
      ++grabs;
    }
    // Per step the target moves with the body, plus the swing's blend of
    // the offset from release (the body rose kHoldSteps steps under the
    // held hand) to the next grab (the last one plus the drift), at most
    // 1.5x its average rate; at a grab or release only with the body.
    const float swing_offset_change = rise_per_step * kHoldSteps + drift;
    const float bound = (in_cycle == 0 || in_cycle == kHoldSteps) && step > 0
                            ? rise_per_step + 1e-3f
                            : rise_per_step + 1.5f * swing_offset_change / (kCycleSteps - kHoldSteps) + 1e-4f;
    if (step > 0) {
      EXPECT_LE(glm::distance(s.target_ws, previous_target), bound) << "step " << step << " in cycle " << in_cycle;
    }
    previous_target = s.target_ws;
  }
  EXPECT_EQ(grabs, 4);
}

INSTANTIATE_TEST_SUITE_P(Spacings, LadderIkSpacingTest,
                         ::testing::Values(SpacingCase{0.22f, 0.0f}, SpacingCase{0.30f, 0.0f}, SpacingCase{0.40f, 0.0f},
                                           SpacingCase{0.30f, 3.14159265f}),
                         [](const auto& info) {
                           return "Spacing" + std::to_string(static_cast<int>(std::lround(info.param.spacing * 100))) +
                                  (info.param.yaw != 0.0f ? "FacingMinusX" : "");
                         });

// A rung further than max_grab_distance_m from the grip is not taken: the
// hand follows the animation. When a rung comes within reach during the
// same contact (the climber still moving onto the ladder), the hand takes
// it, moving there over a few steps rather than in one.
TEST(LadderIkController, RungOutOfGrabDistanceIsNotTakenUntilInReach) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  LadderIkController c = MakeController();
  const std::vector<glm::vec3> rungs =
      MakeRungs(grip_ws.x + c.settings.max_grab_distance_m + 0.02f, grip_ws.y, 0.3f, 1, grip_ws.z);
  FadeIn(c, to_world, rungs, animated);
  const Arm pose = Step(c, MakeFrame(to_world, rungs, 1.0f), animated);
  EXPECT_FALSE(c.Limb(kHand).holding);
  EXPECT_TRUE(c.Limb(kHand).off_ladder_contact);
  EXPECT_LT(glm::distance(pose.GripWs(to_world), grip_ws), 1e-4f);
  // The rung comes within reach during the same contact: taken, reached
  // over several steps, each a fraction of the way.
  const std::vector<glm::vec3> near = MakeRungs(grip_ws.x + 0.05f, grip_ws.y, 0.3f, 1, grip_ws.z);
  const glm::vec3 hold_ws(near[0].x, near[0].y, grip_ws.z);
  glm::vec3 previous_ws = pose.GripWs(to_world);
  for (int step = 0; step < 10; ++step) {
    const Arm moved = Step(c, MakeFrame(to_world, near, 1.0f), animated);
    EXPECT_TRUE(c.Limb(kHand).holding) << "step " << step;
    const glm::vec3 grip_now = moved.GripWs(to_world);
    EXPECT_LT(glm::distance(grip_now, previous_ws), 0.5f * glm::distance(grip_ws, hold_ws)) << "step " << step;
    previous_ws = grip_now;
  }
  EXPECT_LT(glm::distance(previous_ws, hold_ws), 1e-4f);
}

// A hold the arm can no longer reach is let go (no stretching) and not
// grabbed again during the same contact.
TEST(LadderIkController, UnreachableHoldIsReleased) {
  const Arm animated;
  glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x, grip_ws.y - 0.02f, 0.3f, 1);
  LadderIkController c = MakeController();
  FadeIn(c, to_world, rungs, animated);
  int released_at = -1;
  for (int step = 0; step < 100 && released_at < 0; ++step) {
    to_world = Root({0.0f, 0.01f * static_cast<float>(step), 0.0f});
    Step(c, MakeFrame(to_world, rungs, 1.0f), animated);
    if (!c.Limb(kHand).holding) released_at = step;
  }
  ASSERT_GT(released_at, 10) << "held while reachable";
  EXPECT_TRUE(c.Limb(kHand).off_ladder_contact);
  // The body moved about released_at cm up; the rung is then out of the
  // arm's reach (upper arm + forearm + fist = 0.63 m) or nearly so.
  const glm::vec3 shoulder_ws = glm::vec3(to_world * animated.models_ms[kShoulder][3]);
  EXPECT_GT(glm::distance(shoulder_ws, glm::vec3(rungs[0].x, rungs[0].y, grip_ws.z)), 0.55f);
  for (int step = 0; step < 5; ++step) {
    Step(c, MakeFrame(to_world, rungs, 1.0f), animated);
    EXPECT_FALSE(c.Limb(kHand).holding);
  }
}

// A hold the arm misses by less than max_hold_miss_m, stretched straight,
// is kept; with no such allowance the same climb lets it go sooner.
TEST(LadderIkController, AHoldMissedByLessThanTheAllowanceIsKept) {
  const Arm animated;
  const glm::vec3 grip_ws = animated.GripWs(glm::mat4(1.0f));
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x, grip_ws.y - 0.02f, 0.3f, 1);
  auto release_step = [&](float allowance_m, float* largest_miss_m) {
    LadderIkController c = MakeController();
    c.settings.max_hold_miss_m = allowance_m;
    FadeIn(c, glm::mat4(1.0f), rungs, animated);
    *largest_miss_m = 0.0f;
    for (int step = 0; step < 100; ++step) {
      const glm::mat4 to_world = Root({0.0f, 0.01f * static_cast<float>(step), 0.0f});
      const Arm pose = Step(c, MakeFrame(to_world, rungs, 1.0f), animated);
      if (!c.Limb(kHand).holding) return step;
      *largest_miss_m =
          std::max(*largest_miss_m, glm::distance(pose.GripWs(to_world), glm::vec3(rungs[0].x, rungs[0].y, grip_ws.z)));
    }
    return -1;
  };
  float tight_miss_m = 0.0f, loose_miss_m = 0.0f;
  const int tight = release_step(0.002f, &tight_miss_m);
  const int loose = release_step(0.015f, &loose_miss_m);
  ASSERT_GT(tight, 0);
  EXPECT_GT(loose, tight);
  EXPECT_LT(tight_miss_m, 0.002f);
  EXPECT_GT(loose_miss_m, 0.002f);
  EXPECT_LT(loose_miss_m, 0.015f);
}

// The step at which a hold 2 cm under the grip is let go while the body
// climbs on 1 cm per step (-1: never within 100 steps); the grip is on the
// rung, within the kept miss (max_hold_miss_m), on every step it holds.
int StepOfRelease(LadderIkController& c) {
  const Arm animated;
  const glm::vec3 grip_ws = animated.GripWs(glm::mat4(1.0f));
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x, grip_ws.y - 0.02f, 0.3f, 1);
  FadeIn(c, glm::mat4(1.0f), rungs, animated);
  for (int step = 0; step < 100; ++step) {
    const glm::mat4 to_world = Root({0.0f, 0.01f * static_cast<float>(step), 0.0f});
    const Arm pose = Step(c, MakeFrame(to_world, rungs, 1.0f), animated);
    if (!c.Limb(kHand).holding) return step;
    EXPECT_LT(glm::distance(pose.GripWs(to_world), glm::vec3(rungs[0].x, rungs[0].y, grip_ws.z)),
              c.settings.max_hold_miss_m)
        << step;
  }
  return -1;
}

// With a pelvis to move, the body follows a hold it would otherwise leave,
// by up to max_body_shift_m, and eases back without a jump once the
// contact ends.
TEST(LadderIkController, BodyMovesToKeepAHoldInReach) {
  LadderIkController fixed = MakeController();
  const int fixed_release = StepOfRelease(fixed);
  ASSERT_GT(fixed_release, 0);
  EXPECT_EQ(fixed.BodyShiftWs(), glm::vec3(0.0f));

  LadderIkController moving = MakeController();
  LadderLimbRig limb = ArmRig();
  moving.Init({limb, limb, limb, limb}, kRoot);
  moving.settings.max_body_shift_m = 0.15f;
  const int moving_release = StepOfRelease(moving);
  // 0.15 m more at 1 cm per step, give or take the solver's tolerance at
  // full reach (the wrist turns with the forearm, so the shift is aimed a
  // little short).
  EXPECT_GE(moving_release, fixed_release + 13);
  EXPECT_LE(moving_release, fixed_release + 18);

  // The contact ends: the shift eases back to nothing, never by a jump.
  const Arm animated;
  const std::vector<glm::vec3> rungs = MakeRungs(0.0f, 5.0f, 0.3f, 1);
  glm::vec3 previous_ws = moving.BodyShiftWs();
  EXPECT_GT(glm::length(previous_ws), 0.1f);
  for (int step = 0; step < 90; ++step) {
    Step(moving, MakeFrame(Root({0.0f, 1.0f, 0.0f}), rungs, 0.0f, 0.5f), animated);
    EXPECT_LT(glm::distance(moving.BodyShiftWs(), previous_ws), 0.025f) << step;
    previous_ws = moving.BodyShiftWs();
  }
  EXPECT_LT(glm::length(previous_ws), 1e-3f);
}

// Entering a ladder the game lifts the body onto the ladder's foot while a
// hand's contact lasts; the clip's hand is placed for the body up there.
// The hold is the rung nearest to where the clip's hand will be then, not
// the one nearest to it now (which the rise would carry out of reach).
TEST(LadderIkController, TakesTheRungWhereTheScriptCarriesTheHand) {
  const Arm animated;
  const glm::mat4 to_world = Root({1.0f, 0.2f, 0.0f});
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  // Rung 3 is 5 cm above the grip, rung 2 3 cm below it.
  const float spacing = 0.08f;
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x, grip_ws.y + 0.05f - 3.0f * spacing, spacing, 8, grip_ws.z);
  for (const float rise_m : {0.0f, 0.045f}) {
    LadderIkController c = MakeController();
    FadeIn(c, to_world, rungs, animated);
    LadderIkFrame frame = MakeFrame(to_world, rungs, 1.0f);
    frame.scripted_motion_to_contact_end_ws[kHand] = glm::vec3(0.0f, rise_m, 0.0f);
    frame.root_motion_to_contact_end_ws[kHand] = glm::vec3(0.0f, rise_m, 0.0f);
    Step(c, frame, animated);
    ASSERT_TRUE(c.Limb(kHand).holding) << rise_m;
    EXPECT_EQ(c.Limb(kHand).rung, rise_m > 0.0f ? 3 : 2) << rise_m;
  }
}

// A plane through point_ws with normal normal_ws, for LadderIkFrame::raycast.
struct Plane {
  glm::vec3 point_ws;
  glm::vec3 normal_ws;
};
GroundProbe CastOnPlane(const void* context, const glm::vec3& from_ws, float length_m) {
  const Plane& plane = *static_cast<const Plane*>(context);
  const float distance = glm::dot(from_ws - plane.point_ws, plane.normal_ws) / plane.normal_ws.y;
  if (distance < 0.0f || distance > length_m) return {};
  return {true, from_ws - glm::vec3(0.0f, distance, 0.0f), plane.normal_ws};
}

// Limb 0 (a foot) fully faded in with no contact over the ground `cast`
// finds; returns the frame with its contact on.
LadderIkFrame FadeInOverGround(LadderIkController& c, const glm::mat4& to_world, std::span<const glm::vec3> rungs,
                               GroundRaycastFn cast, const void* ground, const Arm& animated) {
  LadderIkFrame frame = MakeFrame(to_world, rungs, 0.0f, 0.5f);
  frame.contact = {0.0f, 0.0f, 0.0f, 0.0f};
  frame.raycast = cast;
  frame.raycast_context = ground;
  for (int i = 0; i < 20; ++i) Step(c, frame, animated);
  frame.contact[0] = 1.0f;
  return frame;
}

// The same over the ground plane, then one step with the contact on; the
// pose of that step.
Arm StepOntoGround(LadderIkController& c, const glm::mat4& to_world, std::span<const glm::vec3> rungs,
                   const Plane& ground, const Arm& animated) {
  return Step(c, FadeInOverGround(c, to_world, rungs, &CastOnPlane, &ground, animated), animated);
}

// The synthetic limb as a foot: its "sole" is up in the animated pose.
LadderLimbRig FootRig(const Arm& animated) {
  LadderLimbRig limb = ArmRig();
  limb.end_up_ls = glm::normalize(glm::inverse(glm::mat3(animated.models_ms[kWrist])) * glm::vec3(0.0f, 1.0f, 0.0f));
  return limb;
}

// A controller of `limb` as limb 0 (a foot), the other limbs off.
LadderIkController OneFootController(const LadderLimbRig& limb) {
  LadderIkController c;
  c.Init({limb, limb, limb, limb});
  c.settings.limb_driven = {true, false, false, false};
  return c;
}

// A foot (the synthetic limb, as limb 0) whose contact starts just over
// sloping ground and far from any rung stands on the ground, its sole
// turned to lie on it.
TEST(LadderIkController, AFootOnTheGroundLiesOnIt) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  const LadderLimbRig limb = FootRig(animated);
  LadderIkController c = OneFootController(limb);
  const Plane ground{grip_ws - glm::vec3(0.0f, 0.03f, 0.0f),
                     glm::normalize(glm::vec3(std::sin(0.35f), std::cos(0.35f), 0.0f))};  // 20 degrees
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x, grip_ws.y + 2.0f, 0.3f, 1);
  const Arm pose = StepOntoGround(c, to_world, rungs, ground, animated);
  ASSERT_TRUE(c.Limb(0).holding);
  EXPECT_EQ(c.Limb(0).rung, -1);
  const glm::vec3 on_ground_ws = CastOnPlane(&ground, grip_ws + glm::vec3(0.0f, 1.0f, 0.0f), 2.0f).point_ws;
  EXPECT_LT(glm::distance(pose.GripWs(to_world), on_ground_ws), 2e-3f);
  const glm::vec3 sole_up_ws = glm::normalize(glm::mat3(pose.models_ms[kWrist]) * limb.end_up_ls);
  EXPECT_GT(glm::dot(sole_up_ws, ground.normal_ws), std::cos(glm::radians(1.0f)));
}

// A foot whose clip puts it 0.45 m inside the ground (a ledge the body is
// not yet up to), further under the surface than the grab distance, still
// takes that ground: its hold is on the surface over it.
TEST(LadderIkController, AFootBuriedInTheGroundTakesTheSurfaceOverIt) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  const LadderLimbRig limb = FootRig(animated);
  LadderIkController c = OneFootController(limb);
  c.settings.max_hold_miss_m = 10.0f;  // the hold as chosen, whether this arm-sized leg reaches it or not
  const float buried_m = c.settings.max_grab_distance_m + 0.1f;
  const Plane ground{grip_ws + glm::vec3(0.0f, buried_m, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f)};
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x - 1.0f, grip_ws.y - 2.0f, 0.3f, 1);
  StepOntoGround(c, to_world, rungs, ground, animated);
  ASSERT_TRUE(c.Limb(0).holding);
  EXPECT_EQ(c.Limb(0).rung, -1);
  EXPECT_NEAR(c.Limb(0).hold_point_ws.y, grip_ws.y + buried_m, 1e-3f);
}

// The elbow's bend, degrees (0: straight), where `pose` puts the arm.
float ElbowBendDeg(const Arm& pose) {
  const glm::vec3 upper = glm::vec3(pose.models_ms[kElbow][3] - pose.models_ms[kShoulder][3]);
  const glm::vec3 lower = glm::vec3(pose.models_ms[kWrist][3] - pose.models_ms[kElbow][3]);
  return glm::degrees(std::atan2(glm::length(glm::cross(upper, lower)), glm::dot(upper, lower)));
}

// The largest elbow bend while a hand rests on flat ground (a ledge top)
// and the body moves on over it, `shift_m` along +x in 30 steps.
float LargestBendOverAHandOnTheGround(LadderIkController& c, float shift_m, float* grip_off_ground_m) {
  const Arm animated;
  const glm::vec3 grip_ws = animated.GripWs(glm::mat4(1.0f));
  const Plane ground{grip_ws - glm::vec3(0.0f, 0.01f, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f)};
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x - 2.0f, grip_ws.y - 3.0f, 0.3f, 1);
  LadderIkFrame frame = MakeFrame(glm::mat4(1.0f), rungs, 0.0f, 0.5f);
  frame.raycast = &CastOnPlane;
  frame.raycast_context = &ground;
  for (int i = 0; i < 20; ++i) Step(c, frame, animated);
  frame.contact[kHand] = 1.0f;
  float largest_deg = 0.0f;
  *grip_off_ground_m = 0.0f;
  for (int step = 0; step <= 30; ++step) {
    frame.model_to_world = Root({shift_m * static_cast<float>(step) / 30.0f, 0.0f, 0.0f});
    const Arm pose = Step(c, frame, animated);
    EXPECT_TRUE(c.Limb(kHand).holding) << step;
    largest_deg = std::max(largest_deg, ElbowBendDeg(pose));
    *grip_off_ground_m =
        std::max(*grip_off_ground_m, std::fabs(pose.GripWs(frame.model_to_world).y - ground.point_ws.y));
  }
  return largest_deg;
}

// A hand resting on the ledge top that the body comes over slides on along
// it rather than fold its elbow past elbow_limit_deg, and stays on it; held
// where it was put, the same elbow folds further.
TEST(LadderIkController, AHandOnTheGroundSlidesOnRatherThanFoldTheElbow) {
  float off_m = 0.0f;
  LadderIkController limited = MakeController();
  limited.settings.max_hold_miss_m = 10.0f;  // the hold as chosen, whether reached or not
  const float limited_deg = LargestBendOverAHandOnTheGround(limited, 0.45f, &off_m);
  EXPECT_LT(limited_deg, limited.settings.elbow_limit_deg + 1.0f);
  EXPECT_LT(off_m, 2e-3f);
  LadderIkController unlimited = MakeController();
  unlimited.settings.max_hold_miss_m = 10.0f;
  unlimited.settings.elbow_limit_deg = 180.0f;
  EXPECT_GT(LargestBendOverAHandOnTheGround(unlimited, 0.45f, &off_m), limited.settings.elbow_limit_deg + 5.0f);
}

// The bend of a swinging hand's elbow, placed on a clip pose folded 176
// degrees (the hand swung in against its shoulder), after the pass fades in.
float SwingingElbowBendDeg(LadderIkController& c) {
  Arm folded;
  folded.locals_ls[kElbow].rotation = glm::angleAxis(glm::radians(-176.0f), glm::vec3(0.0f, 0.0f, 1.0f));
  anim::LocalToModelJob job;
  job.parents = kParents;
  job.locals_ls = folded.locals_ls;
  job.models_ms = folded.models_ms;
  job.Run();
  const glm::mat4 to_world = Root(glm::vec3(0.0f));
  const std::vector<glm::vec3> rungs = MakeRungs(3.0f, 0.0f, 0.3f, 2);  // far out of reach: no hold
  Arm pose;
  for (int i = 0; i < 30; ++i) pose = Step(c, MakeFrame(to_world, rungs, 0.0f, 0.5f), folded);
  const glm::vec3 shoulder(pose.models_ms[kShoulder][3]), elbow(pose.models_ms[kElbow][3]),
      wrist(pose.models_ms[kWrist][3]);
  return glm::degrees(std::acos(glm::dot(glm::normalize(elbow - shoulder), glm::normalize(wrist - elbow))));
}

// A swinging hand's elbow bends no further than elbow_fold_limit_deg, even
// where the clip folds it further: the hand is left short of its target.
TEST(LadderIkController, ASwingingHandFoldsItsElbowNoFurtherThanTheLimit) {
  LadderIkController limited = MakeController();
  EXPECT_LE(SwingingElbowBendDeg(limited), limited.settings.elbow_fold_limit_deg + 0.1f);
  LadderIkController unlimited = MakeController();
  unlimited.settings.elbow_fold_limit_deg = 180.0f;
  EXPECT_GT(SwingingElbowBendDeg(unlimited), 175.0f);
}

// Ground a step higher behind a line: `rise_m` above base_y where the
// point lies more than 2 cm behind `edge_ws` along -along_ws.
struct StepBehind {
  glm::vec3 edge_ws;
  glm::vec3 along_ws;  // horizontal unit, from the high side to the low
  float base_y;
  float rise_m;
  float Height(const glm::vec3& p_ws) const {
    return glm::dot(p_ws - edge_ws, along_ws) < -0.02f ? base_y + rise_m : base_y;
  }
};
// A LadderIkFrame::raycast onto flat pieces of ground: context is a Ground
// with Height(point_ws), the ground's height over that point.
template <typename Ground>
GroundProbe CastOnFlatPieces(const void* context, const glm::vec3& from_ws, float length_m) {
  const float h = static_cast<const Ground*>(context)->Height(from_ws);
  if (from_ws.y < h || from_ws.y - length_m > h) return {};
  return {true, glm::vec3(from_ws.x, h, from_ws.z), glm::vec3(0.0f, 1.0f, 0.0f)};
}
constexpr GroundRaycastFn CastOnStepBehind = &CastOnFlatPieces<StepBehind>;

// A foot holding the ground with its ball at the foot of a 4 cm step and
// its heel and sole over it: the hold is raised so that heel and sole stay
// out of the step, one of them on it. Then, on ground a step higher across
// depth, a foot whose clip turns it about the vertical during the hold
// (its heel swung onto the higher side) is raised as the heel gets there.
TEST(LadderIkController, AFootHoldingTheGroundKeepsHeelAndSoleOutOfIt) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  LadderLimbRig limb = FootRig(animated);
  // Heel and sole level with the ball, 12 and 6 cm behind it along -x.
  const glm::mat3 to_wrist = glm::inverse(glm::mat3(animated.models_ms[kWrist]));
  limb.ground_points_ls = {kGripLs + to_wrist * glm::vec3(-0.12f, 0.0f, 0.0f),
                           kGripLs + to_wrist * glm::vec3(-0.06f, 0.0f, 0.0f)};
  const glm::vec3 up_in_elbow = glm::inverse(glm::mat3(animated.models_ms[kElbow])) * glm::vec3(0.0f, 1.0f, 0.0f);
  struct Case {
    glm::vec3 higher_away_ws;  // the step rises towards -this
    std::vector<float> yaws_rad;
  };
  for (const Case& test_case :
       {Case{glm::vec3(1.0f, 0.0f, 0.0f), {0.0f}}, Case{glm::vec3(0.0f, 0.0f, -1.0f), {0.0f, 0.25f, 0.5f}}}) {
    LadderIkController c = OneFootController(limb);
    const StepBehind ground{grip_ws, test_case.higher_away_ws, grip_ws.y - 0.03f, 0.04f};
    const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x, grip_ws.y + 2.0f, 0.3f, 1);
    const LadderIkFrame frame = FadeInOverGround(c, to_world, rungs, CastOnStepBehind, &ground, animated);
    for (const float yaw_rad : test_case.yaws_rad) {
      Arm turned = animated;
      turned.locals_ls[kWrist].rotation = glm::angleAxis(yaw_rad, glm::normalize(up_in_elbow));
      anim::LocalToModelJob l2m;
      l2m.parents = kParents;
      l2m.locals_ls = turned.locals_ls;
      l2m.models_ms = turned.models_ms;
      l2m.Run();
      const Arm pose = Step(c, frame, turned);
      ASSERT_TRUE(c.Limb(0).holding);
      ASSERT_EQ(c.Limb(0).rung, -1);
      float lowest_gap_m = 1e9f;
      for (const glm::vec3& point_ls : {kGripLs, limb.ground_points_ls[0], limb.ground_points_ls[1]}) {
        const glm::vec3 p_ws = glm::vec3(to_world * pose.models_ms[kWrist] * glm::vec4(point_ls, 1.0f));
        EXPECT_GE(p_ws.y, ground.Height(p_ws) - 1e-3f) << "yaw " << yaw_rad;
        lowest_gap_m = std::min(lowest_gap_m, p_ws.y - ground.Height(p_ws));
      }
      EXPECT_LT(lowest_gap_m, 2e-3f) << "yaw " << yaw_rad;
    }
  }
}

// A ledge whose top (top_y) starts at edge_x and runs on towards +x, over
// ground 3 m lower.
struct LedgeOverGap {
  float edge_x;
  float top_y;
  float Height(const glm::vec3& p_ws) const { return p_ws.x >= edge_x ? top_y : top_y - 3.0f; }
};
constexpr GroundRaycastFn CastOnLedge = &CastOnFlatPieces<LedgeOverGap>;

// A foot whose contact starts above the top rung, over the gap a ladder
// leaning back leaves before its ledge (the clip steps short of the edge,
// the rung too far), stands on the ledge: ball, heel and sole all on its
// top, the nearest such spot ahead. Below the top rung the same foot takes
// no such hold (it is climbing, not leaving).
TEST(LadderIkController, AFootSteppingOffOverAGapStandsOnTheLedgeAhead) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);  // the climber faces +x
  const glm::vec3 ball_ws = animated.GripWs(to_world);
  LadderLimbRig limb = FootRig(animated);
  const glm::mat3 to_wrist = glm::inverse(glm::mat3(animated.models_ms[kWrist]));
  limb.ground_points_ls = {kGripLs + to_wrist * glm::vec3(-0.12f, 0.0f, 0.0f),
                           kGripLs + to_wrist * glm::vec3(-0.06f, 0.0f, 0.0f)};
  const LedgeOverGap ledge{ball_ws.x + 0.05f, ball_ws.y - 0.02f};
  for (const float top_rung_above_m : {-0.3f, 0.1f}) {
    const std::vector<glm::vec3> rungs = MakeRungs(ball_ws.x - 0.45f, ball_ws.y + top_rung_above_m - 0.9f, 0.3f, 4);
    LadderIkController c = OneFootController(limb);
    const Arm pose = Step(c, FadeInOverGround(c, to_world, rungs, CastOnLedge, &ledge, animated), animated);
    if (top_rung_above_m > 0.0f) {
      EXPECT_FALSE(c.Limb(0).holding && c.Limb(0).rung == -1);
      continue;
    }
    ASSERT_TRUE(c.Limb(0).holding);
    ASSERT_EQ(c.Limb(0).rung, -1);
    for (const glm::vec3& point_ls : {kGripLs, limb.ground_points_ls[0], limb.ground_points_ls[1]}) {
      const glm::vec3 p_ws = glm::vec3(to_world * pose.models_ms[kWrist] * glm::vec4(point_ls, 1.0f));
      EXPECT_GE(p_ws.x, ledge.edge_x);
      EXPECT_NEAR(p_ws.y, ledge.top_y, 2e-3f);
    }
    // The nearest: the heel (12 cm behind the ball) within a search step
    // of the edge.
    const glm::vec3 heel_ws = glm::vec3(to_world * pose.models_ms[kWrist] * glm::vec4(limb.ground_points_ls[0], 1.0f));
    EXPECT_LT(heel_ws.x - ledge.edge_x, 0.021f);
  }
}

// A foot stepping off onto the ledge (its contact starts at the top rung's
// height, 0.25 m ahead of the rungs) over a ledge top lower than the clip
// put it (0.27 m: the ledge's bumps), nearer the top rung's centre than the
// ground: it stands on the ground, never on the rung it is past. The same
// foot in the ladder's plane takes the rung.
TEST(LadderIkController, AFootPastTheTopRungStandsOnTheLedgeNotTheRung) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);  // the climber faces +x
  const glm::vec3 ball_ws = animated.GripWs(to_world);
  const LadderLimbRig limb = FootRig(animated);
  const LedgeOverGap ledge{ball_ws.x - 0.2f, ball_ws.y - 0.27f};
  for (const float ahead_m : {0.25f, 0.0f}) {
    // The top rung 4 cm under the ball, `ahead_m` behind it: 0.25 m from
    // the ball, nearer than the ground (0.27 m under it).
    const float top_y = ball_ws.y - 0.04f;
    const std::vector<glm::vec3> rungs = MakeRungs(ball_ws.x - ahead_m, top_y - 0.9f, 0.3f, 4);
    LadderIkController c = OneFootController(limb);
    Step(c, FadeInOverGround(c, to_world, rungs, CastOnLedge, &ledge, animated), animated);
    ASSERT_TRUE(c.Limb(0).holding) << "ahead " << ahead_m;
    if (ahead_m > 0.0f) {
      EXPECT_EQ(c.Limb(0).rung, -1) << "past the rungs: the ledge";
      EXPECT_NEAR(c.Limb(0).hold_point_ws.y, ledge.top_y, 0.02f);
    } else {
      EXPECT_EQ(c.Limb(0).rung, 3) << "in the ladder's plane: the top rung";
    }
  }
}

// A swinging foot (limb 0, no contact) whose ball the clip puts 10 cm into
// a ledge's face, 0.4 m under its top, is pushed back level out of the
// face (the least correction), not lifted 0.4 m; the same foot 3 cm under
// a plane is lifted out. Once clear the correction is let go over several
// steps, never at once.
TEST(LadderIkController, ASwingingFootIsKeptOutOfTheGroundByTheLeastCorrection) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);  // the climber faces +x
  const glm::vec3 ball_ws = animated.GripWs(to_world);
  const LadderLimbRig limb = FootRig(animated);
  const std::vector<glm::vec3> rungs = MakeRungs(ball_ws.x - 1.0f, ball_ws.y + 2.0f, 0.3f, 1);
  LadderIkFrame frame = MakeFrame(to_world, rungs, 0.0f, 0.5f);
  frame.contact = {0.0f, 0.0f, 0.0f, 0.0f};
  frame.swing_progress = {0.5f, 0.5f, 0.5f, 0.5f};
  {
    LadderIkController c = OneFootController(limb);
    // The ledge's face 10 cm behind the ball (StepBehind's edge lies 2 cm
    // past its face), its top 0.4 m over the ball.
    const float face_x = ball_ws.x - 0.1f;
    StepBehind ledge{glm::vec3(face_x - 0.02f, 0.0f, 0.0f), glm::vec3(-1.0f, 0.0f, 0.0f), ball_ws.y - 1.0f, 1.4f};
    frame.raycast = CastOnStepBehind;
    frame.raycast_context = &ledge;
    Arm pose;
    for (int i = 0; i < 20; ++i) pose = Step(c, frame, animated);
    const glm::vec3 placed_ws = pose.GripWs(to_world);
    EXPECT_LE(placed_ws.x, face_x + 1e-3f);
    EXPECT_GT(placed_ws.x, face_x - 0.02f);      // back by about the 10 cm it was in
    EXPECT_NEAR(placed_ws.y, ball_ws.y, 2e-3f);  // not lifted
    // The ledge gone: the push is let go at 1.5 m/s, not in one step.
    ledge.rise_m = 0.0f;
    pose = Step(c, frame, animated);
    const float back_m = ball_ws.x - pose.GripWs(to_world).x;
    EXPECT_GT(back_m, 0.0f);
    EXPECT_LT(back_m, ball_ws.x - placed_ws.x);
  }
  {
    LadderIkController c = OneFootController(limb);
    const Plane ground{ball_ws + glm::vec3(0.0f, 0.03f, 0.0f),
                       glm::normalize(glm::vec3(-std::sin(0.2f), std::cos(0.2f), 0.0f))};  // rising ahead
    frame.raycast = &CastOnPlane;
    frame.raycast_context = &ground;
    Arm pose;
    for (int i = 0; i < 20; ++i) pose = Step(c, frame, animated);
    const glm::vec3 placed_ws = pose.GripWs(to_world);
    const float over_m = placed_ws.y - CastOnPlane(&ground, placed_ws + glm::vec3(0.0f, 1.0f, 0.0f), 2.0f).point_ws.y;
    EXPECT_GE(over_m, -1e-3f);
    EXPECT_LT(over_m, 0.01f);
    EXPECT_NEAR(placed_ws.x, ball_ws.x, 2e-3f);  // lifted, not pushed
  }
}

// The same foot 10 cm into the ledge's face with its knee at its limit
// (the climber's body close to the lip): pushed back, the foot would need
// the knee folded further, and the leg would leave it in the face; it is
// lifted onto the top instead.
TEST(LadderIkController, ASwingThePushWouldFoldPastTheKneeLimitIsLifted) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);
  const glm::vec3 ball_ws = animated.GripWs(to_world);
  const glm::vec3 root = glm::vec3(animated.models_ms[kShoulder][3]);
  const glm::vec3 mid = glm::vec3(animated.models_ms[kElbow][3]);
  const glm::vec3 end = glm::vec3(animated.models_ms[kWrist][3]);
  const float bend_deg = glm::degrees(std::acos(glm::dot(glm::normalize(mid - root), glm::normalize(end - mid))));
  const std::vector<glm::vec3> rungs = MakeRungs(ball_ws.x - 1.0f, ball_ws.y + 2.0f, 0.3f, 1);
  LadderIkFrame frame = MakeFrame(to_world, rungs, 0.0f, 0.5f);
  frame.contact = {0.0f, 0.0f, 0.0f, 0.0f};
  frame.swing_progress = {0.5f, 0.5f, 0.5f, 0.5f};
  const float face_x = ball_ws.x - 0.1f;
  StepBehind ledge{glm::vec3(face_x - 0.02f, 0.0f, 0.0f), glm::vec3(-1.0f, 0.0f, 0.0f), ball_ws.y - 1.0f, 1.4f};
  frame.raycast = CastOnStepBehind;
  frame.raycast_context = &ledge;
  for (const bool at_limit : {false, true}) {
    LadderIkController c = OneFootController(FootRig(animated));
    if (at_limit) c.settings.knee_limit_deg = bend_deg;
    Arm pose;
    for (int i = 0; i < 20; ++i) pose = Step(c, frame, animated);
    const glm::vec3 placed_ws = pose.GripWs(to_world);
    if (at_limit) {
      EXPECT_GE(placed_ws.y, ball_ws.y + 0.4f - 1e-3f) << "lifted onto the top";
    } else {
      EXPECT_NEAR(placed_ws.y, ball_ws.y, 2e-3f) << "pushed back";
    }
  }
}

// A foot standing on the ground with its leg straight (beyond the reach
// fraction kept for holds, but that is where the clip has it) keeps the
// ground rather than a rung in reach nearby: the limb reaches at least as
// far as the clip stretches it.
TEST(LadderIkController, AStraightLimbOnTheGroundKeepsTheGround) {
  Arm animated;
  animated.locals_ls[kElbow].rotation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);  // straight
  anim::LocalToModelJob job;
  job.parents = kParents;
  job.locals_ls = animated.locals_ls;
  job.models_ms = animated.models_ms;
  job.Run();
  const glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  const glm::vec3 shoulder_ws = glm::vec3(animated.models_ms[kShoulder][3]);
  LadderLimbRig limb = ArmRig();
  LadderIkController c = OneFootController(limb);
  const Plane ground{grip_ws, glm::vec3(0.0f, 1.0f, 0.0f)};
  // A rung 0.15 m back toward the shoulder: well within reach and grab distance.
  const std::vector<glm::vec3> rungs{grip_ws + glm::normalize(shoulder_ws - grip_ws) * 0.15f};
  StepOntoGround(c, to_world, rungs, ground, animated);
  ASSERT_TRUE(c.Limb(0).holding);
  EXPECT_EQ(c.Limb(0).rung, -1);
  EXPECT_LT(glm::distance(c.Limb(0).hold_point_ws, grip_ws), 1e-4f);
}

// The hold limb 0 (a foot) takes when its contact starts with the clip's
// foot `above_m` over flat ground, a rung 0.12 m up toward the hip that
// the body, rising 0.7 m by the contact's end, still reaches then, and the
// ground it would not: the rung, or -1 for the ground.
int HoldTakenRisingFrom(float above_m) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  const glm::vec3 hip_ws = glm::vec3(animated.models_ms[kShoulder][3]);
  LadderIkController c = OneFootController(FootRig(animated));
  const Plane ground{grip_ws - glm::vec3(0.0f, above_m, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f)};
  const std::vector<glm::vec3> rungs{grip_ws + glm::vec3(0.0f, 0.12f, 0.0f) + glm::normalize(hip_ws - grip_ws) * 0.05f};
  LadderIkFrame frame = FadeInOverGround(c, to_world, rungs, &CastOnPlane, &ground, animated);
  frame.root_motion_to_contact_end_ws[0] = glm::vec3(0.0f, 0.7f, 0.0f);
  frame.scripted_motion_to_contact_end_ws[0] = glm::vec3(0.0f, 0.7f, 0.0f);
  Step(c, frame, animated);
  EXPECT_TRUE(c.Limb(0).holding) << above_m;
  return c.Limb(0).rung;
}

// A foot the clip stands on the ground when its contact starts (a
// ladder's foot, the enter clip's first frames) stays on the ground while
// it reaches it, though the body will rise out of its reach by the
// contact's end: taking the rung up there would carry it off the ground
// while its contact is on. One the clip holds over the ground, stepping
// up, takes the rung.
TEST(LadderIkController, AFootStandingOnTheGroundKeepsItAsTheBodyRises) {
  EXPECT_EQ(HoldTakenRisingFrom(0.005f), -1);
  EXPECT_EQ(HoldTakenRisingFrom(-0.03f), -1);  // the ground rises under the ladder's foot: the foot is in it
  EXPECT_EQ(HoldTakenRisingFrom(0.08f), 0);
}

// on_ladder off fades out over fade_time_s; while fading the grip lies
// part of the way from the animation to the hold.
TEST(LadderIkController, FadesInAndOut) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x + 0.02f, grip_ws.y - 0.05f, 0.3f, 1);
  LadderIkController c = MakeController();
  EXPECT_EQ(c.MasterWeight(), 0.0f);
  const Arm first = Step(c, MakeFrame(to_world, rungs, 1.0f), animated);
  const float w = c.MasterWeight();
  EXPECT_GT(w, 0.0f);
  EXPECT_LT(w, 0.1f);
  const glm::vec3 hold_ws(rungs[0].x, rungs[0].y, grip_ws.z);
  EXPECT_LT(glm::distance(first.GripWs(to_world), glm::mix(grip_ws, hold_ws, w)), 1e-4f);
  for (int i = 0; i < 15; ++i) Step(c, MakeFrame(to_world, rungs, 1.0f), animated);
  EXPECT_EQ(c.MasterWeight(), 1.0f);
  LadderIkFrame off = MakeFrame(to_world, rungs, 1.0f);
  off.on_ladder = false;
  float previous = 1.0f;
  for (int i = 0; i < 13; ++i) {
    Step(c, off, animated);
    if (previous > 0.0f) {
      EXPECT_LT(c.MasterWeight(), previous);
    }
    EXPECT_LE(previous - c.MasterWeight(), 1.5f * kDt / c.settings.fade_time_s + 1e-5f);
    previous = c.MasterWeight();
  }
  EXPECT_EQ(c.MasterWeight(), 0.0f);
  const Arm after = Step(c, off, animated);
  EXPECT_FALSE(c.Limb(kHand).holding);
  EXPECT_EQ(std::memcmp(&after.models_ms, &animated.models_ms, sizeof(after.models_ms)), 0);
}

TEST(LadderIkController, BadBuffersAreRefused) {
  const Arm animated;
  Arm pose = animated;
  LadderIkController c = MakeController();
  const std::vector<glm::vec3> rungs = MakeRungs(0.4f, 1.4f, 0.3f, 3);
  LadderIkFrame frame = MakeFrame(glm::mat4(1.0f), rungs, 1.0f);
  EXPECT_FALSE(c.Run(frame, {kParents, std::span(pose.locals_ls).first(3), pose.models_ms}, nullptr));
  EXPECT_FALSE(c.Run(frame, {kParents, pose.locals_ls, std::span(pose.models_ms).first(3)}, nullptr));
  frame.dt_s = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(c.Run(frame, {kParents, pose.locals_ls, pose.models_ms}, nullptr));
  EXPECT_EQ(std::memcmp(&pose.models_ms, &animated.models_ms, sizeof(pose.models_ms)), 0);
}

}  // namespace
}  // namespace knights::ik

namespace knights::ik {
namespace {

// A hand beside the ladder (a ladder off the play plane, or narrower than
// the shoulders) holds the rung just inside the rail, never beyond it.
TEST(LadderIkController, HoldsStayBetweenTheRails) {
  const Arm animated;
  const glm::mat4 to_world(1.0f);
  const glm::vec3 grip_ws = animated.GripWs(to_world);
  // Rungs centred 0.3 m off the hand's depth, 0.3 m between the rails.
  const std::vector<glm::vec3> rungs = MakeRungs(grip_ws.x, grip_ws.y - 0.05f, 0.3f, 1, grip_ws.z + 0.3f);
  LadderIkController c = MakeController();
  LadderIkFrame frame = MakeFrame(to_world, rungs, 0.0f, 0.5f);
  frame.rung_half_length_m = 0.15f;
  for (int i = 0; i < 20; ++i) Step(c, frame, animated);
  frame.contact[kHand] = 1.0f;
  const Arm pose = Step(c, frame, animated);
  ASSERT_TRUE(c.Limb(kHand).holding);
  const float inner_z = rungs[0].z - (frame.rung_half_length_m - c.settings.rail_margin_m);
  EXPECT_NEAR(c.Limb(kHand).hold_point_ws.z, inner_z, 1e-5f);
  EXPECT_LT(glm::distance(pose.GripWs(to_world), glm::vec3(rungs[0].x, rungs[0].y, inner_z)), 1e-4f);
}

}  // namespace
}  // namespace knights::ik
