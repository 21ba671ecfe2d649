// FootIkController on a synthetic two-legged rig with injected ground
// functions (flat, raised, a step under one foot): soles on the ground under
// several root transforms, the pelvis lowered smoothly (and at once as far as
// reach demands), foot lock, swing lift, airborne mode, fades, refusal of bad
// input, and the debug lines.

#include "knights/ik/foot_ik_controller.h"

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
constexpr float kThigh = 0.42f, kShin = 0.42f;
constexpr float kKneeHalfBend = 0.5f;  // rad: the hip swings the thigh forward by this, the knee bends back twice
// Sole point under each ankle, ankle space.
const glm::vec3 kSoleLs{0.03f, -0.06f, 0.0f};

// root, pelvis, then thigh/shin/foot of the left (-z) and right (+z) leg.
enum Joint { kRoot, kPelvis, kThighL, kShinL, kFootL, kThighR, kShinR, kFootR, kJointCount };
const std::array<int16_t, kJointCount> kParents{-1, 0, 1, 2, 3, 1, 5, 6};

// --- Injected ground ------------------------------------------------------

// Ground height per side of z = 0 (left foot at -z, right at +z), or a step
// along x, or a slope: height = base + (z < 0 ? 0 : right_extra) + slope_x * x,
// with a step of step_dy for x >= step_x.
struct Ground {
  float base = 0.0f;
  float right_extra = 0.0f;  // added where z >= 0
  float slope_x = 0.0f;      // dy/dx
  float step_x = 1e9f;
  float step_dy = 0.0f;
  // A beam along x, |z| < beam_half_width_m, its top at beam_top_y (none: 0 wide).
  float beam_half_width_m = 0.0f;
  float beam_top_y = 0.0f;
  glm::vec3 Normal() const { return glm::normalize(glm::vec3(-slope_x, 1.0f, 0.0f)); }
  float Height(float x, float z) const {
    if (std::fabs(z) < beam_half_width_m) return beam_top_y;
    return base + (z >= 0.0f ? right_extra : 0.0f) + slope_x * x + (x >= step_x ? step_dy : 0.0f);
  }
};

int g_ray_count = 0;

GroundProbe CastGround(const void* context, const glm::vec3& from_ws, float length_m) {
  ++g_ray_count;
  const Ground& ground = *static_cast<const Ground*>(context);
  const float h = ground.Height(from_ws.x, from_ws.z);
  GroundProbe probe;
  if (from_ws.y >= h && from_ws.y - length_m <= h) {
    probe.hit = true;
    probe.point_ws = glm::vec3(from_ws.x, h, from_ws.z);
    probe.normal_ws = ground.Normal();
  }
  return probe;
}

// --- The rig ----------------------------------------------------------------

struct Rig {
  std::array<math::Transform, kJointCount> locals_ls{};
  std::array<glm::mat4, kJointCount> models_ms{};

  Rig() {
    const glm::vec3 z_axis(0.0f, 0.0f, 1.0f);
    for (int side = 0; side < 2; ++side) {
      const int thigh = side == 0 ? kThighL : kThighR;
      const float z = side == 0 ? -0.1f : 0.1f;
      locals_ls[thigh].translation = {0.0f, -0.05f, z};
      // Bones hang along -y; rotating about +z swings them forward (+x).
      locals_ls[thigh].rotation = glm::angleAxis(kKneeHalfBend, z_axis);
      locals_ls[thigh + 1].translation = {0.0f, -kThigh, 0.0f};
      locals_ls[thigh + 1].rotation = glm::angleAxis(-2.0f * kKneeHalfBend, z_axis);
      locals_ls[thigh + 2].translation = {0.0f, -kShin, 0.0f};
      locals_ls[thigh + 2].rotation = glm::angleAxis(kKneeHalfBend, z_axis);  // foot level again
    }
    // Pelvis height so that the soles stand at the root's height (y = 0).
    const float ankle_below_hip = (kThigh + kShin) * std::cos(kKneeHalfBend);
    locals_ls[kPelvis].translation = {0.0f, 0.05f + ankle_below_hip - kSoleLs.y, 0.0f};
    Update();
  }
  void Update() {
    anim::LocalToModelJob job;
    job.parents = kParents;
    job.locals_ls = locals_ls;
    job.models_ms = models_ms;
    job.Run();
  }
  glm::vec3 SoleMs(int side) const {
    return glm::vec3(models_ms[side == 0 ? kFootL : kFootR] * glm::vec4(kSoleLs, 1.0f));
  }
  glm::vec3 SoleWs(int side, const glm::mat4& model_to_world) const {
    return glm::vec3(model_to_world * glm::vec4(SoleMs(side), 1.0f));
  }
  // Lifts a foot by raising its knee (thigh swung further forward, knee bent more).
  void LiftFoot(int side, float extra_rad) {
    const int thigh = side == 0 ? kThighL : kThighR;
    const glm::vec3 z_axis(0.0f, 0.0f, 1.0f);
    locals_ls[thigh].rotation = glm::angleAxis(kKneeHalfBend + extra_rad, z_axis);
    locals_ls[thigh + 1].rotation = glm::angleAxis(-2.0f * (kKneeHalfBend + extra_rad), z_axis);
    locals_ls[thigh + 2].rotation = glm::angleAxis(kKneeHalfBend + extra_rad, z_axis);
    Update();
  }
};

LegRig MakeLegRig(int side) {
  LegRig leg;
  leg.chain = side == 0 ? TwoBoneChain{kThighL, kShinL, kFootL} : TwoBoneChain{kThighR, kShinR, kFootR};
  leg.sole_offset_ls = kSoleLs;
  leg.foot_up_ls = {0.0f, 1.0f, 0.0f};  // feet are level at rest
  leg.knee_pole_ms = {1.0f, 0.0f, 0.0f};
  return leg;
}

FootIkController MakeController() {
  FootIkController c;
  c.Init(MakeLegRig(0), MakeLegRig(1), kPelvis);
  return c;
}

FootIkFrame MakeFrame(const Ground& ground, const glm::mat4& model_to_world, float contact = 1.0f,
                      const IkSwitches& switches = {}) {
  FootIkFrame frame;
  frame.switches = switches;
  frame.model_to_world = model_to_world;
  frame.contact = {contact, contact};
  frame.raycast = &CastGround;
  frame.raycast_context = &ground;
  frame.dt_s = kDt;
  return frame;
}

// Runs one step on a fresh copy of the animated pose (as the game does every
// step) and returns the corrected pose.
Rig Step(FootIkController& c, const FootIkFrame& frame, const Rig& animated, core::DebugLines* debug = nullptr) {
  Rig pose = animated;
  EXPECT_TRUE(c.Run(frame, {kParents, pose.locals_ls, pose.models_ms}, debug));
  return pose;
}

// --- Root transforms --------------------------------------------------------

struct RootCase {
  std::string name;
  glm::mat4 model_to_world;
};
void PrintTo(const RootCase& c, std::ostream* os) { *os << c.name; }

std::vector<RootCase> RootCases() {
  const glm::mat4 id(1.0f);
  return {
      {"Identity", id},
      {"Translated", glm::translate(id, glm::vec3(3.0f, 1.2f, -0.4f))},
      {"Yawed", glm::rotate(glm::translate(id, glm::vec3(-2.0f, 0.5f, 0.3f)), 2.3f, glm::vec3(0.0f, 1.0f, 0.0f))},
      {"UniformScale",
       glm::scale(glm::rotate(glm::translate(id, glm::vec3(1.0f, -0.7f, 0.0f)), -0.6f, glm::vec3(0.0f, 1.0f, 0.0f)),
                  glm::vec3(1.3f))},
  };
}

class FootIkRootTest : public ::testing::TestWithParam<RootCase> {};

// Soles end on the ground (raised, lowered, per foot, sloped) on the first
// step and stay there.
TEST_P(FootIkRootTest, PlantedSolesEndOnTheGround) {
  const glm::mat4& to_world = GetParam().model_to_world;
  const float root_y = to_world[3].y;
  const Rig animated;
  struct Case {
    const char* name;
    Ground ground;
  };
  const Case cases[] = {
      {"flat at the root", Ground{root_y}},
      {"raised 6 cm", Ground{root_y + 0.06f}},
      {"lowered 5 cm", Ground{root_y - 0.05f}},
      {"right foot 4 cm lower", Ground{root_y, -0.04f}},
      {"right foot 30 cm lower", Ground{root_y, -0.3f}},
      {"slope 15 deg",
       Ground{root_y - std::tan(glm::radians(15.0f)) * to_world[3].x, 0.0f, std::tan(glm::radians(15.0f))}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    FootIkController ik = MakeController();
    const FootIkFrame frame = MakeFrame(c.ground, to_world);
    for (int step = 0; step < 40; ++step) {
      const Rig pose = Step(ik, frame, animated);
      for (int side = 0; side < 2; ++side) {
        const glm::vec3 sole_ws = pose.SoleWs(side, to_world);
        ASSERT_NEAR(sole_ws.y, c.ground.Height(sole_ws.x, sole_ws.z), 1e-4f) << "step " << step << " side " << side;
        ASSERT_TRUE(ik.Foot(side).reached);
        // Planted where the animation put it horizontally.
        const glm::vec3 animated_ws = animated.SoleWs(side, to_world);
        ASSERT_NEAR(sole_ws.x, animated_ws.x, 1e-4f);
        ASSERT_NEAR(sole_ws.z, animated_ws.z, 1e-4f);
      }
    }
  }
}

// The sole lies flat on a slope: the foot's up turns onto the ground normal.
TEST_P(FootIkRootTest, SolesAlignToTheSlope) {
  const glm::mat4& to_world = GetParam().model_to_world;
  const Ground ground{to_world[3].y - 0.2f * to_world[3].x, 0.0f, 0.2f};  // about 11 degrees
  FootIkController ik = MakeController();
  const Rig animated;
  Rig pose;
  for (int step = 0; step < 5; ++step) pose = Step(ik, MakeFrame(ground, to_world), animated);
  for (int side = 0; side < 2; ++side) {
    const glm::mat3 foot_ws = glm::mat3(to_world) * glm::mat3(pose.models_ms[side == 0 ? kFootL : kFootR]);
    const glm::vec3 up_ws = glm::normalize(foot_ws * glm::vec3(0.0f, 1.0f, 0.0f));
    EXPECT_GT(glm::dot(up_ws, ground.Normal()), std::cos(1e-3f)) << "side " << side;
  }
}

INSTANTIATE_TEST_SUITE_P(Roots, FootIkRootTest, ::testing::ValuesIn(RootCases()),
                         [](const auto& info) { return info.param.name; });

// A small step under one foot lowers the pelvis smoothly (spring), to the
// lower ground, with both soles on their ground at every step.
TEST(FootIkController, PelvisDropsSmoothlyOnASmallStep) {
  FootIkController ik = MakeController();
  const Rig animated;
  const glm::mat4 to_world(1.0f);
  // Arriving with the right foot over ground 6 cm lower (the spring starts at rest).
  const Ground ground{0.0f, -0.06f};
  EXPECT_NEAR(ik.PelvisOffsetM(), 0.0f, 1e-6f);
  float previous = ik.PelvisOffsetM();
  float max_change = 0.0f;
  for (int step = 0; step < 60; ++step) {
    const Rig pose = Step(ik, MakeFrame(ground, to_world), animated);
    max_change = std::max(max_change, std::fabs(ik.PelvisOffsetM() - previous));
    previous = ik.PelvisOffsetM();
    EXPECT_NEAR(pose.SoleWs(1, to_world).y, -0.06f, 1e-4f) << "step " << step;
    EXPECT_NEAR(pose.SoleWs(0, to_world).y, 0.0f, 1e-4f) << "step " << step;
    // The drawn pelvis is the spring's offset below the animated one.
    EXPECT_NEAR(pose.models_ms[kPelvis][3].y - animated.models_ms[kPelvis][3].y, ik.PelvisOffsetM(), 1e-5f);
  }
  // Critically damped spring, w = 2 / 0.12 s: the fastest it moves towards a
  // 6 cm drop from rest is 0.06 * w / e metres per second.
  const float w = 2.0f / ik.settings.pelvis_smooth_time_s;
  EXPECT_LE(max_change, 0.06f * w / std::exp(1.0f) * kDt * 1.01f);
  EXPECT_GT(max_change, 0.0f);
  EXPECT_NEAR(ik.PelvisOffsetM(), -0.06f, 1e-3f);  // after one second
}

// Ground above the root under both feet (the drawn body still easing up a
// step): the pelvis rises towards it, by at most max_pelvis_raise_m.
TEST(FootIkController, PelvisRisesByAtMostMaxRaise) {
  const Rig animated;
  const glm::mat4 to_world(1.0f);
  for (float ground_y : {0.03f, 0.2f}) {
    SCOPED_TRACE(ground_y);
    FootIkController ik = MakeController();
    Rig pose;
    for (int step = 0; step < 60; ++step) pose = Step(ik, MakeFrame(Ground{ground_y}, to_world), animated);
    EXPECT_NEAR(ik.PelvisOffsetM(), std::min(ground_y, ik.settings.max_pelvis_raise_m), 1e-3f);
    EXPECT_NEAR(pose.SoleWs(0, to_world).y, ground_y, 1e-4f);
    EXPECT_NEAR(pose.SoleWs(1, to_world).y, ground_y, 1e-4f);
  }
}

// A step too deep for the leg: the pelvis drops at once as far as the lower
// foot needs to reach (no stretched leg, no frame with the foot in the air).
TEST(FootIkController, PelvisDropsAtOnceWhenTheGroundIsOutOfReach) {
  FootIkController ik = MakeController();
  const Rig animated;
  const glm::mat4 to_world(1.0f);
  const Ground ground{0.0f, -0.25f};
  const Rig pose = Step(ik, MakeFrame(ground, to_world), animated);
  EXPECT_TRUE(ik.Foot(1).reached);
  EXPECT_NEAR(pose.SoleWs(1, to_world).y, -0.25f, 1e-4f);
  // The hip-to-ankle distance is within max_leg_extension of the leg.
  const float hip_to_ankle = glm::distance(glm::vec3(pose.models_ms[kThighR][3]), glm::vec3(pose.models_ms[kFootR][3]));
  EXPECT_LE(hip_to_ankle, ik.settings.max_leg_extension * (kThigh + kShin) + 1e-4f);
  // Required drop: the ankle goes 0.25 down; the animated hip-ankle distance
  // is (thigh + shin) cos(half bend).
  const float animated_reach = (kThigh + kShin) * std::cos(kKneeHalfBend);
  EXPECT_LE(ik.PelvisOffsetM(), -(0.25f - (ik.settings.max_leg_extension * (kThigh + kShin) - animated_reach)) + 1e-3f);
  EXPECT_GE(ik.PelvisOffsetM(), -0.25f);
}

// A planted foot stays put in the world while the body moves on; when the
// contact ends the lock blends back to the animated foot over
// lock_release_time_s, without a jump.
TEST(FootIkController, LockHoldsThePlantedFootAndReleasesSmoothly) {
  FootIkController ik = MakeController();
  const Rig animated;
  const Ground ground{0.0f};
  glm::mat4 to_world(1.0f);
  Step(ik, MakeFrame(ground, to_world), animated);
  ASSERT_TRUE(ik.Foot(0).locked);
  const glm::vec3 planted_ws = animated.SoleWs(0, to_world);
  EXPECT_NEAR(ik.Foot(0).lock_point_ws.x, planted_ws.x, 1e-6f);
  EXPECT_NEAR(ik.Foot(0).lock_point_ws.y, 0.0f, 1e-6f);
  // The body slides 0.2 m forward (less than max_lock_distance_m).
  for (int step = 1; step <= 40; ++step) {
    to_world = glm::translate(glm::mat4(1.0f), glm::vec3(0.005f * step, 0.0f, 0.0f));
    const Rig pose = Step(ik, MakeFrame(ground, to_world), animated);
    ASSERT_TRUE(ik.Foot(0).locked) << "step " << step;
    EXPECT_LT(glm::distance(pose.SoleWs(0, to_world), planted_ws), 1e-4f) << "step " << step;
  }
  // Contact ends: the foot returns to the animation over the release time.
  FootIkFrame frame = MakeFrame(ground, to_world);
  frame.contact = {0.0f, 1.0f};
  glm::vec3 previous = planted_ws;
  const float offset = glm::distance(planted_ws, animated.SoleWs(0, to_world));
  const int release_steps = static_cast<int>(std::ceil(ik.settings.lock_release_time_s / kDt));
  for (int step = 0; step < release_steps + 3; ++step) {
    const Rig pose = Step(ik, frame, animated);
    EXPECT_FALSE(ik.Foot(0).locked);
    const glm::vec3 sole = pose.SoleWs(0, to_world);
    EXPECT_LE(glm::distance(sole, previous), offset * kDt / ik.settings.lock_release_time_s + 1e-4f) << "step " << step;
    previous = sole;
  }
  EXPECT_EQ(ik.Foot(0).lock_blend, 0.0f);
  EXPECT_LT(glm::distance(previous, animated.SoleWs(0, to_world)), 1e-4f);
  // The other foot stayed locked all along.
  EXPECT_TRUE(ik.Foot(1).locked);
}

// Dragged further than max_lock_distance_m, a lock lets go.
TEST(FootIkController, LockBreaksWhenDraggedTooFar) {
  FootIkController ik = MakeController();
  const Rig animated;
  const Ground ground{0.0f};
  Step(ik, MakeFrame(ground, glm::mat4(1.0f)), animated);
  ASSERT_TRUE(ik.Foot(0).locked);
  const float limit = ik.settings.max_lock_distance_m;
  Step(ik, MakeFrame(ground, glm::translate(glm::mat4(1.0f), glm::vec3(limit - 0.01f, 0.0f, 0.0f))), animated);
  EXPECT_TRUE(ik.Foot(0).locked);
  Step(ik, MakeFrame(ground, glm::translate(glm::mat4(1.0f), glm::vec3(limit + 0.01f, 0.0f, 0.0f))), animated);
  EXPECT_FALSE(ik.Foot(0).locked);
  EXPECT_FALSE(ik.Foot(1).locked);
}

// With foot_lock off nothing is locked: the foot follows the body.
TEST(FootIkController, NoLockWhenSwitchedOff) {
  FootIkController ik = MakeController();
  IkSwitches no_lock;
  no_lock.foot_lock = false;
  const Rig animated;
  const Ground ground{0.0f};
  Step(ik, MakeFrame(ground, glm::mat4(1.0f), 1.0f, no_lock), animated);
  const glm::mat4 moved = glm::translate(glm::mat4(1.0f), glm::vec3(0.1f, 0.0f, 0.0f));
  const Rig pose = Step(ik, MakeFrame(ground, moved, 1.0f, no_lock), animated);
  EXPECT_FALSE(ik.Foot(0).locked);
  EXPECT_LT(glm::distance(pose.SoleWs(0, moved), animated.SoleWs(0, moved)), 1e-4f);
}

// A swing foot keeps its lift above the ground (scaled by 1 - contact).
TEST(FootIkController, SwingFootKeepsItsLift) {
  Rig animated;
  animated.LiftFoot(0, 0.3f);
  const float lift = animated.SoleMs(0).y;  // above the root (y = 0)
  ASSERT_GT(lift, 0.05f);
  const Ground ground{0.07f};
  for (float contact : {0.0f, 0.3f}) {
    FootIkController ik = MakeController();
    FootIkFrame frame = MakeFrame(ground, glm::mat4(1.0f));
    frame.contact = {contact, 1.0f};
    const Rig pose = Step(ik, frame, animated);
    EXPECT_NEAR(pose.SoleWs(0, glm::mat4(1.0f)).y, 0.07f + lift * (1.0f - contact), 1e-4f) << "contact " << contact;
    EXPECT_FALSE(ik.Foot(0).locked);
    EXPECT_NEAR(pose.SoleWs(1, glm::mat4(1.0f)).y, 0.07f, 1e-4f);
  }
}

// Airborne: a foot is never pulled down to the ground, only pushed out of it.
TEST(FootIkController, AirborneOnlyPushesFeetOutOfTheGround) {
  const Rig animated;
  const glm::mat4 to_world = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 0.4f, 0.0f));
  {
    FootIkController ik = MakeController();
    const Ground ground{0.0f};  // 0.4 m below the soles
    FootIkFrame frame = MakeFrame(ground, to_world);
    frame.airborne = true;
    for (int step = 0; step < 20; ++step) {
      const Rig pose = Step(ik, frame, animated);
      for (int side = 0; side < 2; ++side) {
        ASSERT_NEAR(pose.SoleWs(side, to_world).y, 0.4f, 1e-4f) << "step " << step;
        ASSERT_FALSE(ik.Foot(side).locked);
      }
      ASSERT_NEAR(ik.PelvisOffsetM(), 0.0f, 1e-6f);
    }
  }
  {
    FootIkController ik = MakeController();
    const Ground ground{0.4f, 0.05f};  // right foot's ground 5 cm above its sole
    FootIkFrame frame = MakeFrame(ground, to_world);
    frame.airborne = true;
    const Rig pose = Step(ik, frame, animated);
    EXPECT_NEAR(pose.SoleWs(0, to_world).y, 0.4f, 1e-4f);
    EXPECT_NEAR(pose.SoleWs(1, to_world).y, 0.45f, 1e-4f);
  }
}

// The master switch off fades over fade_time_s (no jump), and back on fades too.
TEST(FootIkController, LegsSwitchFadesBothWays) {
  FootIkController ik = MakeController();
  const Rig animated;
  const Ground ground{0.06f};  // IK lifts the soles 6 cm
  FootIkFrame frame = MakeFrame(ground, glm::mat4(1.0f));
  frame.switches.foot_lock = false;
  frame.switches.pelvis = false;  // the soles alone: y = weight * 6 cm
  Rig pose = Step(ik, frame, animated);
  ASSERT_NEAR(pose.SoleWs(0, glm::mat4(1.0f)).y, 0.06f, 1e-4f);
  const int fade_steps = static_cast<int>(std::lround(ik.settings.fade_time_s / kDt));
  // Smoothstep's steepest slope is 1.5 per fade time.
  const float max_step = 0.06f * 1.5f * kDt / ik.settings.fade_time_s + 1e-4f;
  for (bool on : {false, true}) {
    frame.switches.master = on;
    float previous = pose.SoleWs(0, glm::mat4(1.0f)).y;
    for (int step = 1; step <= fade_steps + 2; ++step) {
      pose = Step(ik, frame, animated);
      const float y = pose.SoleWs(0, glm::mat4(1.0f)).y;
      EXPECT_LE(std::fabs(y - previous), max_step) << (on ? "on" : "off") << " step " << step;
      if (step == fade_steps / 2) {
        EXPECT_GT(ik.MasterWeight(), 0.2f);
        EXPECT_LT(ik.MasterWeight(), 0.8f);
      }
      previous = y;
    }
    EXPECT_NEAR(previous, on ? 0.06f : 0.0f, 1e-4f);
    EXPECT_EQ(ik.MasterWeight(), on ? 1.0f : 0.0f);
  }
}

// frame.active: off fades out; on is immediate.
TEST(FootIkController, ActiveFadesOffButTurnsOnAtOnce) {
  FootIkController ik = MakeController();
  const Rig animated;
  const Ground ground{0.06f};
  FootIkFrame frame = MakeFrame(ground, glm::mat4(1.0f));
  frame.switches.pelvis = false;  // its spring settles on its own time
  frame.active = false;
  Step(ik, frame, animated);
  EXPECT_GT(ik.MasterWeight(), 0.9f);
  EXPECT_LT(ik.MasterWeight(), 1.0f);
  for (int step = 0; step < 20; ++step) Step(ik, frame, animated);
  EXPECT_EQ(ik.MasterWeight(), 0.0f);
  Rig pose = Step(ik, frame, animated);
  EXPECT_NEAR(pose.SoleWs(0, glm::mat4(1.0f)).y, 0.0f, 1e-6f);  // the animation's
  frame.active = true;
  pose = Step(ik, frame, animated);
  EXPECT_EQ(ik.MasterWeight(), 1.0f);
  EXPECT_NEAR(pose.SoleWs(0, glm::mat4(1.0f)).y, 0.06f, 1e-4f);
}

// Bad input: refused, pose untouched.
TEST(FootIkController, BadInputIsRefusedWithThePoseUntouched) {
  const Rig animated;
  const Ground ground{0.05f};
  struct Case {
    const char* name;
    FootIkFrame frame;
  };
  FootIkFrame nan_matrix = MakeFrame(ground, glm::mat4(1.0f));
  nan_matrix.model_to_world[3].y = std::numeric_limits<float>::quiet_NaN();
  FootIkFrame inf_matrix = MakeFrame(ground, glm::mat4(1.0f));
  inf_matrix.model_to_world[0].x = std::numeric_limits<float>::infinity();
  FootIkFrame no_raycast = MakeFrame(ground, glm::mat4(1.0f));
  no_raycast.raycast = nullptr;
  FootIkFrame nan_dt = MakeFrame(ground, glm::mat4(1.0f));
  nan_dt.dt_s = std::numeric_limits<float>::quiet_NaN();
  const Case cases[] = {{"NaN model_to_world", nan_matrix},
                        {"inf model_to_world", inf_matrix},
                        {"no raycast", no_raycast},
                        {"NaN dt", nan_dt}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    FootIkController ik = MakeController();
    Rig pose = animated;
    core::DebugLines debug(64);
    EXPECT_FALSE(ik.Run(c.frame, {kParents, pose.locals_ls, pose.models_ms}, &debug));
    EXPECT_EQ(std::memcmp(&pose.locals_ls, &animated.locals_ls, sizeof(pose.locals_ls)), 0);
    EXPECT_EQ(std::memcmp(&pose.models_ms, &animated.models_ms, sizeof(pose.models_ms)), 0);
    EXPECT_TRUE(debug.lines().empty());
    EXPECT_NEAR(ik.PelvisOffsetM(), 0.0f, 0.0f);
  }
  // Wrong buffer sizes.
  FootIkController ik = MakeController();
  Rig pose = animated;
  const FootIkFrame good = MakeFrame(ground, glm::mat4(1.0f));
  EXPECT_FALSE(ik.Run(good, {kParents, std::span(pose.locals_ls).first(7), pose.models_ms}, nullptr));
  EXPECT_FALSE(ik.Run(good, {kParents, pose.locals_ls, std::span(pose.models_ms).first(7)}, nullptr));
  // Not initialised (no pelvis).
  FootIkController uninitialised;
  EXPECT_FALSE(uninitialised.Run(good, {kParents, pose.locals_ls, pose.models_ms}, nullptr));
  EXPECT_EQ(std::memcmp(&pose.models_ms, &animated.models_ms, sizeof(pose.models_ms)), 0);
}

// Debug lines: per foot the ray, the ground normal, the target cross and,
// while locked, the lock cross.
TEST(FootIkController, DebugLinesShowRaysTargetsAndLocks) {
  FootIkController ik = MakeController();
  const Rig animated;
  const glm::mat4 to_world = glm::translate(glm::mat4(1.0f), glm::vec3(1.0f, 2.0f, 0.0f));
  core::DebugLines debug(256);
  g_ray_count = 0;
  Step(ik, MakeFrame(Ground{2.0f}, to_world), animated, &debug);
  EXPECT_EQ(g_ray_count, 2);
  ASSERT_EQ(debug.lines().size(), 2u * (1 + 1 + 3 + 3));
  const core::DebugLine& ray = debug.lines()[0];
  EXPECT_EQ(ray.from_ws, ik.Foot(0).ray_from_ws);
  EXPECT_EQ(ray.to_ws, ik.Foot(0).ray_to_ws);
  // From just above the higher hip (the rays start above any ground a foot
  // can reach) to ray_below under the root.
  const float hip_y =
      std::max((to_world * animated.models_ms[kThighL][3]).y, (to_world * animated.models_ms[kThighR][3]).y);
  EXPECT_NEAR(ray.from_ws.y, hip_y + ik.settings.ray_above_hip_m, 1e-5f);
  EXPECT_NEAR(ray.to_ws.y, 2.0f - ik.settings.ray_below_m, 1e-5f);
  const glm::vec3 sole = animated.SoleWs(0, to_world);
  EXPECT_NEAR(ray.from_ws.x, sole.x, 1e-5f);
  EXPECT_NEAR(ray.from_ws.z, sole.z, 1e-5f);
  // No debug pointer: no lines and no crash.
  Step(ik, MakeFrame(Ground{2.0f}, to_world), animated, nullptr);
}

// Ground rising steeply across depth (68 degrees, towards +z) through each
// sole's spot: a toed-out foot's ball is over ground 10 cm higher than its
// sole's.
struct CrossSlope {
  float rise_per_z = 2.5f;
  float Height(float z) const { return rise_per_z * (std::fabs(z) - 0.1f); }
};
GroundProbe CastCrossSlope(const void* context, const glm::vec3& from_ws, float length_m) {
  const CrossSlope& ground = *static_cast<const CrossSlope*>(context);
  const float h = ground.Height(from_ws.z);
  if (from_ws.y < h || from_ws.y - length_m > h) return {};
  const float side = from_ws.z < 0.0f ? -1.0f : 1.0f;
  return {true, glm::vec3(from_ws.x, h, from_ws.z), glm::normalize(glm::vec3(0.0f, 1.0f, -side * ground.rise_per_z))};
}

// Heel, sole and ball end out of the ground, up to the sole's give, where
// the foot is finally put (the tilt onto the slope and the pitch move heel
// and ball sideways, onto higher ground), and not only where they were
// first probed.
TEST(FootIkController, HeelAndBallStayOutOfGroundSteepAcrossDepth) {
  LegRig left = MakeLegRig(0), right = MakeLegRig(1);
  // Toed out: the ball 4 cm and the heel 2 cm off the sole's line, outwards
  // and inwards.
  left.ball_offset_ls = kSoleLs + glm::vec3(0.13f, 0.0f, -0.04f);
  left.heel_offset_ls = kSoleLs + glm::vec3(-0.08f, 0.0f, 0.02f);
  right.ball_offset_ls = kSoleLs + glm::vec3(0.13f, 0.0f, 0.04f);
  right.heel_offset_ls = kSoleLs + glm::vec3(-0.08f, 0.0f, -0.02f);
  FootIkController ik;
  ik.Init(left, right, kPelvis);
  const Rig animated;
  CrossSlope ground;
  FootIkFrame frame = MakeFrame(Ground{}, glm::mat4(1.0f));
  frame.raycast = &CastCrossSlope;
  frame.raycast_context = &ground;
  Rig pose;
  for (int i = 0; i < 30; ++i) pose = Step(ik, frame, animated);
  for (int side = 0; side < 2; ++side) {
    const LegRig& leg = side == 0 ? left : right;
    const glm::mat4& foot = pose.models_ms[side == 0 ? kFootL : kFootR];
    for (const glm::vec3& point_ls : {leg.sole_offset_ls, leg.ball_offset_ls, leg.heel_offset_ls}) {
      const glm::vec3 p = glm::vec3(foot * glm::vec4(point_ls, 1.0f));
      EXPECT_GE(p.y, ground.Height(p.z) - ik.settings.sole_give_m - 1e-3f) << "side " << side << " point " << p.x;
    }
  }
}

}  // namespace
}  // namespace knights::ik

namespace knights::ik {
namespace {

// Ground that is there or not (a pit under the feet).
struct Switchable {
  bool present = true;
  float height = 0.0f;
};
GroundProbe CastSwitchable(const void* context, const glm::vec3& from_ws, float length_m) {
  const auto& ground = *static_cast<const Switchable*>(context);
  GroundProbe probe;
  if (ground.present && from_ws.y >= ground.height && from_ws.y - length_m <= ground.height) {
    probe.hit = true;
    probe.point_ws = glm::vec3(from_ws.x, ground.height, from_ws.z);
  }
  return probe;
}

// A ray that finds nothing fades its leg out over fade_time_s, holding the
// last ground meanwhile: the foot never leaves its target in one step.
TEST(FootIkController, NoGroundFadesTheLegOutOverSeveralSteps) {
  FootIkController ik = MakeController();
  const Rig animated;
  Switchable ground{true, 0.05f};  // 5 cm above the clip's floor: the IK lifts both soles
  FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f));
  frame.raycast = &CastSwitchable;
  frame.raycast_context = &ground;
  Rig pose = Step(ik, frame, animated);
  ASSERT_NEAR(pose.SoleWs(0, glm::mat4(1.0f)).y, 0.05f, 1e-4f);
  ground.present = false;
  const int fade_steps = static_cast<int>(std::round(ik.settings.fade_time_s / frame.dt_s));
  float previous_y = 0.05f;
  for (int step = 1; step <= 90; ++step) {
    pose = Step(ik, frame, animated);
    const float y = pose.SoleWs(0, glm::mat4(1.0f)).y;
    // The leg's fade and the pelvis spring's return: a few mm a step, where
    // dropping the leg at once would move the sole 5 cm.
    EXPECT_LE(std::fabs(y - previous_y), 0.006f) << "step " << step;
    if (step < fade_steps) {
      EXPECT_GT(ik.Foot(0).weight, 0.0f) << "step " << step;
    }
    if (step > fade_steps) {
      EXPECT_EQ(ik.Foot(0).weight, 0.0f) << "step " << step;
    }
    previous_y = y;
  }
  EXPECT_NEAR(previous_y, 0.0f, 1e-3f);  // the clip's pose once faded
}

// A leg fading in where its ground is found over the clip's sole (the
// ladder exit hands the feet over with a toe in the ledge) lifts the sole
// to within the sole's give of its target at once, the rest of the fade
// going on from there: never left in the ground.
TEST(FootIkController, ALegFadingInNeverLeavesItsFootInTheGround) {
  FootIkController ik = MakeController();
  const Rig animated;
  Switchable ground{false, 0.05f};
  FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f));
  frame.switches.pelvis = false;  // the soles alone
  frame.raycast = &CastSwitchable;
  frame.raycast_context = &ground;
  for (int step = 0; step < 30; ++step) Step(ik, frame, animated);
  ASSERT_EQ(ik.Foot(0).weight, 0.0f);
  ground.present = true;
  for (int step = 1; step <= 20; ++step) {
    const Rig pose = Step(ik, frame, animated);
    EXPECT_GE(pose.SoleWs(0, glm::mat4(1.0f)).y, 0.05f - ik.settings.sole_give_m - 1e-4f) << "step " << step;
  }
  EXPECT_NEAR(Step(ik, frame, animated).SoleWs(0, glm::mat4(1.0f)).y, 0.05f, 1e-4f);
}

// A foot whose ground is far above the root (a steep slope ahead) is still
// found: the ray starts above the hips, not inside the ground.
TEST(FootIkController, GroundAboveTheRootIsFoundFromAboveTheHips) {
  FootIkController ik = MakeController();
  const Rig animated;
  const float hip_y = animated.models_ms[kThighL][3].y;
  Switchable ground{true, 0.7f};  // above the old start (root + 0.6 m), below the hips
  ASSERT_GT(hip_y, 0.75f);
  FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f));
  frame.raycast = &CastSwitchable;
  frame.raycast_context = &ground;
  Step(ik, frame, animated);
  EXPECT_TRUE(ik.Foot(0).ground_found);
  EXPECT_NEAR(ik.Foot(0).ground.point_ws.y, 0.7f, 1e-5f);
}

}  // namespace
}  // namespace knights::ik

namespace knights::ik {
namespace {

// A block: floor_y before face_x, top_y from it on (a wall, a ledge or a
// step), for both the ground ray and the wall ray.
struct Block {
  float face_x = 0.0f;
  float floor_y = 0.0f;
  float top_y = 1.0f;
  float Height(float x) const { return x < face_x ? floor_y : top_y; }
};
GroundProbe CastBlockDown(const void* context, const glm::vec3& from_ws, float length_m) {
  const auto& block = *static_cast<const Block*>(context);
  const float h = block.Height(from_ws.x);
  if (from_ws.y < h || from_ws.y - length_m > h) return {};
  return {true, glm::vec3(from_ws.x, h, from_ws.z), glm::vec3(0.0f, 1.0f, 0.0f)};
}
GroundProbe CastBlockAcross(const void* context, const glm::vec3& from_ws, const glm::vec3& dir_ws, float length_m) {
  const auto& block = *static_cast<const Block*>(context);
  const float to_face_m = (block.face_x - from_ws.x) / dir_ws.x;  // the face is seen from -x only
  if (dir_ws.x <= 0.0f || to_face_m < 0.0f || to_face_m > length_m || from_ws.y >= block.top_y) return {};
  return {true, from_ws + dir_ws * to_face_m, glm::vec3(-1.0f, 0.0f, 0.0f)};
}

// The ball and the heel of the two-point tests' foot, in the ankle's space.
const glm::vec3 kBallLs = kSoleLs + glm::vec3(0.13f, 0.0f, 0.0f);
const glm::vec3 kHeelLs = kSoleLs - glm::vec3(0.08f, 0.0f, 0.0f);

// A point of one foot (ankle space) where `pose` puts it, through to_world.
glm::vec3 FootPoint(const Rig& pose, int side, const glm::vec3& point_ls, const glm::mat4& to_world = glm::mat4(1.0f)) {
  return glm::vec3(to_world * pose.models_ms[side == 0 ? kFootL : kFootR] * glm::vec4(point_ls, 1.0f));
}

FootIkController MakeTwoPointController(const glm::vec3& ball_ls, const glm::vec3& heel_ls) {
  LegRig left = MakeLegRig(0), right = MakeLegRig(1);
  left.ball_offset_ls = right.ball_offset_ls = ball_ls;
  left.heel_offset_ls = right.heel_offset_ls = heel_ls;
  FootIkController ik;
  ik.Init(left, right, kPelvis);
  return ik;
}

// Two-point placement: a foot planting with its sole just before a riser
// and its ball over the tread is planted back along its length, where it
// fits: sole on its ground, heel and ball out of the riser. Without heel and
// ball points (the rig's default) the ball would be 0.25 m inside it.
TEST(FootIkController, TwoPointPlacementKeepsHeelAndBallOutOfARiser) {
  const glm::vec3& ball_ls = kBallLs;
  const glm::vec3& heel_ls = kHeelLs;
  FootIkController ik = MakeTwoPointController(ball_ls, heel_ls);
  const Rig animated;
  // The riser between the sole and the ball.
  const Block riser{animated.SoleWs(0, glm::mat4(1.0f)).x + 0.05f, 0.0f, 0.3f};
  FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f));
  frame.raycast = &CastBlockDown;
  frame.raycast_context = &riser;
  const Rig pose = Step(ik, frame, animated);
  for (int side = 0; side < 2; ++side) {
    const glm::vec3 sole = FootPoint(pose, side, kSoleLs);
    const glm::vec3 ball = FootPoint(pose, side, ball_ls);
    const glm::vec3 heel = FootPoint(pose, side, heel_ls);
    EXPECT_NEAR(sole.y, riser.Height(sole.x), 0.005f) << "side " << side;
    EXPECT_GE(ball.y, riser.Height(ball.x) - 1e-3f) << "side " << side;
    EXPECT_GE(heel.y, riser.Height(heel.x) - 1e-3f) << "side " << side;
    EXPECT_LE(std::fabs(sole.x - animated.SoleWs(side, glm::mat4(1.0f)).x), ik.settings.max_plant_shift_m + 1e-4f);
  }
}

// A knight standing at a wall (a face taller than a step) with its toes in
// it as the clip has them: the feet go back until the ball is the toe's
// clearance short of the face, on their ground. Against a face no higher
// than a step the feet are not moved back (they go onto it instead).
TEST(FootIkController, ToesStayOutOfAWallButGoOntoAStep) {
  const glm::vec3& ball_ls = kBallLs;
  const glm::vec3& heel_ls = kHeelLs;
  const Rig animated;
  const float sole_x = animated.SoleWs(0, glm::mat4(1.0f)).x;
  for (const float top_y : {1.2f, 0.3f}) {
    FootIkController ik = MakeTwoPointController(ball_ls, heel_ls);
    const Block block{sole_x + 0.05f, 0.0f, top_y};  // the ball 8 cm inside the face
    FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f));
    frame.raycast = &CastBlockDown;
    frame.wall_raycast = &CastBlockAcross;
    frame.raycast_context = &block;
    const Rig pose = Step(ik, frame, animated);
    for (int side = 0; side < 2; ++side) {
      const glm::vec3 ball = FootPoint(pose, side, ball_ls);
      const glm::vec3 sole = FootPoint(pose, side, kSoleLs);
      if (top_y > ik.settings.max_step_m) {
        EXPECT_NEAR(ball.x, block.face_x - ik.settings.toe_clearance_m, 2e-3f) << "side " << side;
        EXPECT_NEAR(sole.y, 0.0f, 2e-3f) << "side " << side;
      } else {
        EXPECT_EQ(ik.Foot(side).ground_shift_ws, glm::vec3(0.0f)) << "side " << side;
        EXPECT_GE(ball.y, block.Height(ball.x) - ik.settings.sole_give_m - 1e-3f) << "side " << side;
      }
    }
  }
}

// Ripples across depth: height(z) = amplitude * sin(2 pi z / wavelength).
struct Ripple {
  float amplitude = 0.1f;
  float wavelength = 0.2f;
  float Height(float z) const { return amplitude * std::sin(2.0f * glm::pi<float>() * z / wavelength); }
  float Slope(float z) const {
    const float k = 2.0f * glm::pi<float>() / wavelength;
    return amplitude * k * std::cos(k * z);
  }
};
GroundProbe CastRipple(const void* context, const glm::vec3& from_ws, float length_m) {
  const auto& ripple = *static_cast<const Ripple*>(context);
  const float h = ripple.Height(from_ws.z);
  if (from_ws.y < h || from_ws.y - length_m > h) return {};
  return {true, glm::vec3(from_ws.x, h, from_ws.z), glm::normalize(glm::vec3(0.0f, 1.0f, -ripple.Slope(from_ws.z)))};
}

// A frame standing, both feet planted, on `ripple`.
FootIkFrame RippleFrame(const Ripple& ripple) {
  FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f));
  frame.raycast = &CastRipple;
  frame.raycast_context = &ripple;
  return frame;
}

// A two-point controller whose plants are never shifted and turned at
// most max_fit_turn_deg.
FootIkController PinnedPlantController(const glm::vec3& ball_ls, const glm::vec3& heel_ls, float max_fit_turn_deg) {
  FootIkController ik = MakeTwoPointController(ball_ls, heel_ls);
  ik.settings.max_plant_shift_m = 0.0f;
  ik.settings.max_plant_side_shift_m = 0.0f;
  ik.settings.max_fit_turn_deg = max_fit_turn_deg;
  return ik;
}

// The pose after ten steps standing, both feet planted, on `ripple`.
Rig StandOnRipple(FootIkController& ik, const Ripple& ripple, const Rig& animated) {
  const FootIkFrame frame = RippleFrame(ripple);
  Rig pose;
  for (int step = 0; step < 10; ++step) pose = Step(ik, frame, animated);
  return pose;
}

// A foot whose heel and ball lie to either side of its sole line (a foot
// turned 14 degrees) planting on the steep flank of a ripple across
// depth: heel, sole and ball each meet other ground, and laying the three
// on the flank takes more pitch than max_pitch_deg and more turn than
// max_fit_turn_deg. It is planted up to max_plant_side_shift_m sideways
// where it fits (the crest or the trough), its sole on its ground and
// heel and ball out of theirs.
TEST(FootIkController, APlantOnARippleFlankMovesSidewaysToWhereItFits) {
  const glm::vec3 ball_ls = kSoleLs + glm::vec3(0.13f, 0.0f, 0.02f);
  const glm::vec3 heel_ls = kSoleLs + glm::vec3(-0.08f, 0.0f, -0.03f);
  FootIkController ik = MakeTwoPointController(ball_ls, heel_ls);
  const Rig animated;
  const Ripple ripple;  // 72 degree flanks; the left sole (z = -0.1) mid-flank
  const Rig pose = StandOnRipple(ik, ripple, animated);
  const glm::vec3 sole = FootPoint(pose, 0, kSoleLs);
  const glm::vec3 ball = FootPoint(pose, 0, ball_ls);
  const glm::vec3 heel = FootPoint(pose, 0, heel_ls);
  const float animated_z = animated.SoleWs(0, glm::mat4(1.0f)).z;
  EXPECT_GT(std::fabs(sole.z - animated_z), 0.005f);  // moved sideways
  EXPECT_LE(std::fabs(sole.z - animated_z), ik.settings.max_plant_side_shift_m + 1e-4f);
  EXPECT_NEAR(sole.y, ripple.Height(sole.z), 0.006f);
  EXPECT_GE(ball.y, ripple.Height(ball.z) - ik.settings.sole_give_m - 2e-3f);
  EXPECT_GE(heel.y, ripple.Height(heel.z) - ik.settings.sole_give_m - 2e-3f);
}

// The left foot, its heel and ball on a line 9 degrees off x through the
// sole, planted on the 84-degree flank of a 0.3 m ripple every 0.2 m across
// depth, with no shift of the plant allowed (laying that line on the
// flank takes a 42-degree pitch, beyond max_pitch_deg): how far its sole
// ends off its ground, and the depth of the deeper of heel and ball in
// theirs.
struct RippleFit {
  float sole_off_m = 0.0f;
  float end_depth_m = 0.0f;
};
RippleFit PlantOnASteepFlank(float max_fit_turn_deg) {
  const glm::vec3 ball_ls = kSoleLs + glm::vec3(0.13f, 0.0f, 0.02f);
  const glm::vec3 heel_ls = kSoleLs + glm::vec3(-0.08f, 0.0f, -0.0123f);
  FootIkController ik = PinnedPlantController(ball_ls, heel_ls, max_fit_turn_deg);
  Ripple ripple;
  ripple.amplitude = 0.3f;
  const Rig pose = StandOnRipple(ik, ripple, Rig());
  const glm::vec3 sole = FootPoint(pose, 0, kSoleLs);
  const glm::vec3 ball = FootPoint(pose, 0, ball_ls);
  const glm::vec3 heel = FootPoint(pose, 0, heel_ls);
  return {std::fabs(sole.y - ripple.Height(sole.z)),
          std::max(ripple.Height(ball.z) - ball.y, ripple.Height(heel.z) - heel.y)};
}

// Across a flank steeper than the sole tilts, a millimetre of heel or
// ball across depth is 6 mm of height: a plant that would have to be
// lifted off its sole's ground turns (up to max_fit_turn_deg) to the
// heading where heel, sole and ball all meet their ground. Held at the
// clip's heading the same foot is lifted off it, or left in it.
TEST(FootIkController, APlantOnASteepFlankTurnsToWhereItFits) {
  const RippleFit turned = PlantOnASteepFlank(10.0f);
  EXPECT_LT(turned.sole_off_m, 0.004f);
  EXPECT_LT(turned.end_depth_m, 0.009f + 0.002f);
  const RippleFit held = PlantOnASteepFlank(0.0f);
  EXPECT_GT(held.sole_off_m + std::max(0.0f, held.end_depth_m - 0.009f), 0.01f);
}

// The deepest the left foot's heel or ball goes into an 84-degree ripple
// flank across depth (heel and ball on the sole's line along x, so the
// three stand on one level line), and the farthest its sole gets from the
// flank, over 30 steps planted there while the clip pitches the foot up
// to max_pitch_deg toes down (a weight shift in an idle). The sole tilts
// 55 degrees at most: the clip's pitch carries through to the placed foot.
RippleFit WorstOverAPitchingIdle(float max_pitch_deg) {
  const glm::vec3 ball_ls = kSoleLs + glm::vec3(0.13f, 0.0f, 0.0f);
  const glm::vec3 heel_ls = kSoleLs + glm::vec3(-0.08f, 0.0f, 0.0f);
  FootIkController ik = PinnedPlantController(ball_ls, heel_ls, 0.0f);
  Ripple ripple;
  ripple.amplitude = 0.3f;
  const FootIkFrame frame = RippleFrame(ripple);
  const Rig standing;
  RippleFit worst;
  for (int step = 0; step < 40; ++step) {
    Rig animated = standing;
    const float pitch_rad = glm::radians(max_pitch_deg) * std::clamp(static_cast<float>(step - 10) / 30.0f, 0.0f, 1.0f);
    animated.locals_ls[kFootL].rotation =
        glm::angleAxis(-pitch_rad, glm::vec3(0.0f, 0.0f, 1.0f)) * standing.locals_ls[kFootL].rotation;
    animated.Update();
    const Rig pose = Step(ik, frame, animated);
    if (step < 10) continue;
    const glm::vec3 sole = FootPoint(pose, 0, kSoleLs);
    const glm::vec3 ball = FootPoint(pose, 0, ball_ls);
    const glm::vec3 heel = FootPoint(pose, 0, heel_ls);
    worst.sole_off_m = std::max(worst.sole_off_m, std::fabs(sole.y - ripple.Height(sole.z)));
    worst.end_depth_m = std::max({worst.end_depth_m, ripple.Height(ball.z) - ball.y, ripple.Height(heel.z) - heel.y});
  }
  return worst;
}

// A foot planted on ground steeper than the sole tilts is fitted again on
// every step, as the clip turns it, and pitched about a level axis across
// it: it stays on the flank, heel and ball within the sole's give of it.
// A fit kept from the plant, or pitched about an axis in the flank's
// plane (nearly upright: the toes swing sideways), left the ball 16 mm in.
TEST(FootIkController, APlantOnAFlankSteeperThanTheTiltFollowsTheClip) {
  const RippleFit worst = WorstOverAPitchingIdle(15.0f);
  FootIkController defaults;
  EXPECT_LE(worst.end_depth_m, defaults.settings.sole_give_m + 1e-3f);
  EXPECT_LE(worst.sole_off_m, 1e-3f);
}

// A knight facing -x at a drop's edge, its soles (3 cm ahead of the root)
// just over it: the ground under them is 0.8 m down, more than a step, so
// the feet stand on the ledge, moved toward the body, not reaching down
// into the drop.
TEST(FootIkController, FeetOverADropEdgeStandOnTheLedge) {
  const Rig animated;
  const glm::mat4 to_world = glm::rotate(glm::mat4(1.0f), glm::pi<float>(), glm::vec3(0.0f, 1.0f, 0.0f));
  const float sole_x = animated.SoleWs(0, to_world).x;
  ASSERT_LT(sole_x, -0.02f);
  const Block ledge{sole_x * 0.5f, -0.8f, 0.0f};  // the soles over the drop, the root on the ledge
  FootIkController ik = MakeController();
  FootIkFrame frame = MakeFrame(Ground{0.0f}, to_world);
  frame.raycast = &CastBlockDown;
  frame.raycast_context = &ledge;
  Rig pose;
  for (int step = 0; step < 30; ++step) pose = Step(ik, frame, animated);
  for (int side = 0; side < 2; ++side) {
    const glm::vec3 sole_ws = pose.SoleWs(side, to_world);
    EXPECT_GE(sole_ws.x, ledge.face_x - 1e-4f) << "side " << side;
    EXPECT_NEAR(sole_ws.y, 0.0f, 2e-3f) << "side " << side;
  }
  EXPECT_NEAR(ik.PelvisOffsetM(), 0.0f, 1e-3f);
}

// In the air over nothing the sole's own ray finds (the ground far below),
// a ball over a ledge's top corner is lifted out of it at full weight; with
// nothing under it the foot stays as animated.
TEST(FootIkController, AirborneBallIsLiftedOutOfALedgeCorner) {
  const glm::vec3& ball_ls = kBallLs;
  const glm::vec3& heel_ls = kHeelLs;
  const Rig animated;
  const glm::mat4 to_world = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 3.0f, 0.0f));
  const float sole_x = animated.SoleWs(0, to_world).x;
  for (const float corner_depth_m : {0.04f, -0.1f}) {
    FootIkController ik = MakeTwoPointController(ball_ls, heel_ls);
    const Block ledge{sole_x + 0.05f, -20.0f, 3.0f + corner_depth_m};
    FootIkFrame frame = MakeFrame(Ground{0.0f}, to_world, 0.0f);
    frame.airborne = true;
    frame.raycast = &CastBlockDown;
    frame.raycast_context = &ledge;
    Rig pose;
    for (int step = 0; step < 30; ++step) pose = Step(ik, frame, animated);  // long past any fade
    for (int side = 0; side < 2; ++side) {
      const glm::vec3 ball = FootPoint(pose, side, ball_ls, to_world);
      if (corner_depth_m > 0.0f) {
        EXPECT_GE(ball.y, ledge.top_y - ik.settings.sole_give_m - 1e-3f) << "side " << side;
      } else {
        EXPECT_LT(glm::distance(ball, FootPoint(animated, side, ball_ls, to_world)), 1e-4f) << "side " << side;
      }
    }
  }
}

}  // namespace
}  // namespace knights::ik

namespace knights::ik {
namespace {

// The angle between a leg's thigh and shin, degrees (0 straight).
float KneeBendDeg(const Rig& pose, int side) {
  const int thigh = side == 0 ? kThighL : kThighR;
  const glm::vec3 upper = glm::vec3(pose.models_ms[thigh + 1][3]) - glm::vec3(pose.models_ms[thigh][3]);
  const glm::vec3 lower = glm::vec3(pose.models_ms[thigh + 2][3]) - glm::vec3(pose.models_ms[thigh + 1][3]);
  return glm::degrees(std::atan2(glm::length(glm::cross(upper, lower)), glm::dot(upper, lower)));
}

// A planted foot keeps the heading it was planted with while the clip turns
// it (a turn on the spot): heel and ball stay where they were planted rather
// than sweep the ground about the sole. Once the contact ends the foot turns
// back to the clip's heading over the release.
TEST(FootIkController, ALockedFootKeepsItsHeadingWhileTheClipTurnsIt) {
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  const Rig animated;
  const Ground ground{0.0f};
  const FootIkFrame frame = MakeFrame(ground, glm::mat4(1.0f));
  const Rig planted = Step(ik, frame, animated);
  ASSERT_TRUE(ik.Foot(0).locked);
  const glm::vec3 ball_ws = FootPoint(planted, 0, kBallLs), heel_ws = FootPoint(planted, 0, kHeelLs);
  Rig turned = animated;
  for (int step = 1; step <= 10; ++step) {
    // The clip turns the left leg about the hip's vertical, 1.5 degrees a step.
    turned.locals_ls[kThighL].rotation =
        glm::angleAxis(glm::radians(1.5f * static_cast<float>(step)), glm::vec3(0.0f, 1.0f, 0.0f)) *
        animated.locals_ls[kThighL].rotation;
    turned.Update();
    const Rig pose = Step(ik, frame, turned);
    ASSERT_TRUE(ik.Foot(0).locked) << "step " << step;
    EXPECT_LT(glm::distance(FootPoint(pose, 0, kBallLs), ball_ws), 1e-3f) << "step " << step;
    EXPECT_LT(glm::distance(FootPoint(pose, 0, kHeelLs), heel_ws), 1e-3f) << "step " << step;
  }
  FootIkFrame release = frame;
  release.contact = {0.0f, 1.0f};
  const int release_steps = static_cast<int>(std::ceil(ik.settings.lock_release_time_s / kDt));
  Rig pose;
  for (int step = 0; step < release_steps + 2; ++step) pose = Step(ik, release, turned);
  const glm::vec3 heading = FootPoint(pose, 0, kBallLs) - FootPoint(pose, 0, kHeelLs);
  const glm::vec3 clip_heading = FootPoint(turned, 0, kBallLs) - FootPoint(turned, 0, kHeelLs);
  EXPECT_LT(glm::distance(glm::normalize(heading), glm::normalize(clip_heading)), 1e-3f);
}

// Standing with one foot low and the other on ground 0.55 m higher: the
// pelvis, lowered for the low foot, stays high enough that the high leg's
// knee bends no more than max_knee_bend_deg, while the low foot still
// reaches its ground. Without the limit the knee folds further.
TEST(FootIkController, TheKneeFoldsNoFurtherThanMaxBend) {
  const Ground ground{-0.1f, 0.55f};
  for (const float max_bend_deg : {150.0f, 180.0f}) {
    FootIkController ik = MakeController();
    ik.settings.max_knee_bend_deg = max_bend_deg;
    const Rig animated;
    Rig pose;
    for (int step = 0; step < 60; ++step) pose = Step(ik, MakeFrame(ground, glm::mat4(1.0f)), animated);
    EXPECT_NEAR(pose.SoleWs(0, glm::mat4(1.0f)).y, ground.base, 2e-3f) << "max bend " << max_bend_deg;
    if (max_bend_deg < 180.0f) {
      EXPECT_LE(KneeBendDeg(pose, 1), max_bend_deg + 0.5f);
    } else {
      EXPECT_GT(KneeBendDeg(pose, 1), 152.0f);  // the scene does fold a knee unlimited
    }
  }
}

// A swinging foot whose ball is over ground higher than the hips (the
// riser two treads up a steep stair): the ball is kept out of that ground,
// which the rays from just above the hips would start inside.
TEST(FootIkController, ABallOverGroundAboveTheHipsIsKeptOutOfIt) {
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  const Rig animated;
  const float hip_y = glm::vec3(animated.models_ms[kThighL][3]).y;
  const Block stair{animated.SoleWs(0, glm::mat4(1.0f)).x + 0.08f, 0.0f, hip_y + 0.1f};
  FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f), /*contact=*/0.0f);
  frame.raycast = &CastBlockDown;
  frame.raycast_context = &stair;
  const Rig pose = Step(ik, frame, animated);
  for (int side = 0; side < 2; ++side) {
    const glm::vec3 ball = FootPoint(pose, side, kBallLs);
    EXPECT_GE(ball.y, stair.Height(ball.x) - ik.settings.sole_give_m - 1e-3f) << "side " << side;
  }
}

// A swinging foot whose ball is 1 cm short of a 0.3 m riser: the toe
// clears the riser, the foot lifted onto its top, rather than skim its face.
// A planted foot is not lifted for it: it is planted back along its length,
// its ball clear of the face (a ball on the face itself is measured from
// outside as 0.3 m in the riser).
// A 0.3 m riser whose face is 1 cm ahead of the animated ball.
Block RiserAheadOfTheBall(const Rig& animated) { return Block{FootPoint(animated, 0, kBallLs).x + 0.01f, 0.0f, 0.3f}; }

// One step of a fresh two-point controller in front of `riser`, both feet
// at `contact` and at `progress` through their swing.
Rig StepBeforeRiser(const Rig& animated, const Block& riser, float contact, float progress) {
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f), contact);
  frame.raycast = &CastBlockDown;
  frame.raycast_context = &riser;
  frame.swing_progress = {progress, progress};
  return Step(ik, frame, animated);
}

TEST(FootIkController, ASwingingToeClearsARiserAhead) {
  const Rig animated;
  const Block riser = RiserAheadOfTheBall(animated);
  const float sole_give_m = FootIkSettings{}.sole_give_m;
  for (const float contact : {0.0f, 1.0f}) {
    const Rig pose = StepBeforeRiser(animated, riser, contact, 0.0f);
    for (int side = 0; side < 2; ++side) {
      const glm::vec3 ball = FootPoint(pose, side, kBallLs);
      if (contact < 0.5f) {
        EXPECT_GE(ball.y, riser.top_y - sole_give_m - 1e-3f) << "side " << side;
      } else {
        EXPECT_NEAR(FootPoint(pose, side, kSoleLs).y, 0.0f, 2e-3f) << "side " << side;
        EXPECT_LE(ball.x, riser.face_x - 0.01f) << "side " << side;
      }
    }
  }
}

// Late in its swing a foot heads for its plant: with the riser 1 cm ahead
// of its ball, that plant is on the tread below, moved back off the riser
// (ChoosePlant). The foot goes on to it instead of being lifted a tread
// onto the riser's top first (and dropped back at touchdown).
TEST(FootIkController, ALandingFootGoesToItsPlantBelowInsteadOfOverTheRiser) {
  const Rig animated;
  const Block riser = RiserAheadOfTheBall(animated);
  const float sole_give_m = FootIkSettings{}.sole_give_m;
  for (const float progress : {0.3f, 0.6f}) {
    const Rig pose = StepBeforeRiser(animated, riser, 0.0f, progress);
    for (int side = 0; side < 2; ++side) {
      const glm::vec3 ball = FootPoint(pose, side, kBallLs);
      if (progress < 0.5f) {  // mid-swing: over the riser's top (ASwingingToeClearsARiserAhead)
        EXPECT_GE(ball.y, riser.top_y - sole_give_m - 1e-3f) << "side " << side;
      } else {
        EXPECT_LT(FootPoint(pose, side, kSoleLs).y, 0.05f) << "side " << side;
        EXPECT_LE(ball.x, riser.face_x) << "side " << side;
      }
    }
  }
}

// The same landing followed step by step: lifted over the riser early in
// the swing, the foot goes down to its plant on the tread below over the
// steps that follow, no step dropping it more than 6 m/s (0.1 m at 60 Hz)
// or the even pace that has it down by its touchdown, never 0.3 m in one
// step; it lands on the tread.
TEST(FootIkController, ALandingFootGoesDownToItsPlantOverSteps) {
  const Rig animated;
  const Block riser = RiserAheadOfTheBall(animated);
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  constexpr float kProgressPerStep = 0.05f;
  float previous_y = 0.0f, max_drop_m = 0.0f, highest_y = 0.0f;
  auto step = [&](float contact, float progress) {
    FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f), contact);
    frame.raycast = &CastBlockDown;
    frame.raycast_context = &riser;
    frame.swing_progress = {progress, progress};
    return FootPoint(Step(ik, frame, animated), 0, kSoleLs).y;
  };
  previous_y = step(1.0f, 0.0f);
  for (float progress = kProgressPerStep; progress < 0.999f; progress += kProgressPerStep) {
    const float y = step(0.0f, progress);
    const float left_steps = (1.0f - progress) / kProgressPerStep;
    const float even_m = std::max(y, 0.0f) / std::max(left_steps, 1.0f);
    const float drop_m = previous_y - y;
    EXPECT_LE(drop_m, std::max(6.0f * kDt, even_m) + 1e-3f) << "progress " << progress;
    max_drop_m = std::max(max_drop_m, drop_m);
    highest_y = std::max(highest_y, y);
    previous_y = y;
  }
  EXPECT_GT(highest_y, 0.2f) << "lifted over the riser early in the swing";
  EXPECT_NEAR(step(1.0f, 0.0f), 0.0f, 2e-3f);
  EXPECT_LT(max_drop_m, 0.2f);
}

// A swing down a 0.35 m step, the body walking on at 1 m/s, the other foot
// planted: the pelvis goes down over the swing towards the landing's reach
// (the spring's goal), not in the step the foot lands. Its jolt, the
// offset's second difference, stays under 4 cm a step; the foot lands on
// the lower ground.
TEST(FootIkController, ThePelvisIsDownBeforeAFootLandsBelowAStep) {
  constexpr float kSpeedMps = 1.0f, kStepDy = -0.35f;
  constexpr int kSwingSteps = 30;
  const Rig animated;
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  Ground ground{0.0f};
  ground.step_x = FootPoint(animated, 0, kSoleLs).x + 0.57f;  // crossed late in the swing
  ground.step_dy = kStepDy;
  float t_s = 0.0f, max_jolt_m = 0.0f, sole_y = 0.0f;
  std::vector<float> offsets;
  auto step = [&](float contact_l, float progress_l) {
    FootIkFrame frame = MakeFrame(ground, glm::translate(glm::mat4(1.0f), glm::vec3(kSpeedMps * t_s, 0, 0)));
    frame.contact = {contact_l, 1.0f};
    frame.swing_progress = {progress_l, 0.0f};
    frame.moving = true;
    const Rig pose = Step(ik, frame, animated);
    t_s += kDt;
    offsets.push_back(ik.PelvisOffsetM());
    const size_t n = offsets.size();
    if (n >= 3) max_jolt_m = std::max(max_jolt_m, std::fabs(offsets[n - 1] - 2 * offsets[n - 2] + offsets[n - 3]));
    sole_y = FootPoint(pose, 0, kSoleLs, frame.model_to_world).y;
  };
  for (int i = 0; i < 10; ++i) step(1.0f, 0.0f);  // a plant shows where the foot lands
  offsets.clear();
  for (int i = 1; i < kSwingSteps; ++i) step(0.0f, static_cast<float>(i) / kSwingSteps);
  const float offset_before_touchdown = ik.PelvisOffsetM();
  for (int i = 0; i < 10; ++i) step(1.0f, 0.0f);
  EXPECT_NEAR(sole_y, kStepDy, 2e-3f);
  EXPECT_LT(offset_before_touchdown, -0.1f) << "the pelvis waited for the touchdown";
  EXPECT_LT(max_jolt_m, 0.04f);
}

// A swing over a step up, the body walking on at 1 m/s: once a plant has
// shown where the foot lands, the sole rises to the step's top at about
// the even pace that has the ball over the riser when it gets there (the
// lock's release eases the start), never in one jump where its ray
// crosses the riser; its ball is never in the riser; it lands on the top.
TEST(FootIkController, ASwingOverAStepUpRisesEvenlyToItsLanding) {
  constexpr float kSpeedMps = 1.0f, kStepDy = 0.3f;
  constexpr int kSwingSteps = 30;  // 0.5 s: the foot travels 0.5 m
  const Rig animated;
  for (const bool planned : {true, false}) {
    FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
    Ground ground{0.0f};
    // The riser is met mid-swing by the sole's ray.
    ground.step_x = FootPoint(animated, 0, kSoleLs).x + 0.25f + (planned ? 10 : 1) * kDt * kSpeedMps;
    ground.step_dy = kStepDy;
    float t_s = 0.0f, max_rise_m = 0.0f, previous_y = 0.0f;
    auto step = [&](float contact_l, float progress_l) {
      FootIkFrame frame = MakeFrame(ground, glm::translate(glm::mat4(1.0f), glm::vec3(kSpeedMps * t_s, 0, 0)));
      frame.contact = {contact_l, 1.0f};
      frame.swing_progress = {progress_l, 0.0f};
      const Rig pose = Step(ik, frame, animated);
      t_s += kDt;
      const glm::vec3 ball = FootPoint(pose, 0, kBallLs, frame.model_to_world);
      EXPECT_GE(ball.y, ground.Height(ball.x, ball.z) - ik.settings.sole_give_m - 1e-3f) << "t " << t_s;
      return FootPoint(pose, 0, kSoleLs, frame.model_to_world).y;
    };
    // A plant shows where the foot lands (none: the first swing, unplanned).
    for (int i = 0; i < (planned ? 10 : 1); ++i) previous_y = step(planned ? 1.0f : 0.0f, 0.0f);
    for (int i = 1; i < kSwingSteps; ++i) {
      const float y = step(0.0f, static_cast<float>(i) / kSwingSteps);
      max_rise_m = std::max(max_rise_m, y - previous_y);
      previous_y = y;
    }
    for (int i = 0; i < 10; ++i) previous_y = step(1.0f, 0.0f);
    if (planned) {
      const float ball_to_riser_m = ground.step_x - FootPoint(animated, 0, kBallLs).x - 10 * kDt * kSpeedMps;
      const float even_rise_m = kStepDy / (ball_to_riser_m / (kSpeedMps * kDt));
      EXPECT_LT(max_rise_m, 2.0f * even_rise_m);
      EXPECT_NEAR(previous_y, kStepDy, 2e-3f);
    } else {
      // Unplanned, the riser is met where the ray finds it: the foot is
      // lifted onto it at the shift limit, 6 m/s (0.1 m at 60 Hz), not in
      // one step, its ball never in the riser, and lands on top.
      EXPECT_GT(max_rise_m, 0.5f * 6.0f * kDt) << "the unplanned swing rises where it meets the riser";
      EXPECT_LE(max_rise_m, 6.0f * kDt + 1e-3f);
      EXPECT_NEAR(previous_y, kStepDy, 2e-3f);
    }
  }
}

// The pass taking the feet over from the clip or another pass (the mode
// switched on at a ladder's top) moves a swinging foot from where it comes
// in to its target at 6 m/s (0.1 m at 60 Hz) at most, not in the one step
// the pass's weight snaps to 1; it gets there, and is never in the ground.
TEST(FootIkController, AFootTakenOverGoesToItsTargetOverSteps) {
  const Rig animated;
  const Ground ground{0.0f};
  constexpr float kAboveM = 0.35f;  // the pose comes in this high over its ground
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  FootIkFrame frame = MakeFrame(ground, glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, kAboveM, 0.0f)), 0.0f);
  frame.swing_progress = {0.5f, 0.5f};
  frame.active = false;  // faded out over fade_time_s, then drawn as it comes in
  for (int i = 0; i < 60; ++i) Step(ik, frame, animated);
  const float incoming_y = FootPoint(animated, 0, kSoleLs, frame.model_to_world).y;
  frame.active = true;
  float previous_y = incoming_y, max_move_m = 0.0f;
  for (int i = 0; i < 20; ++i) {
    const Rig pose = Step(ik, frame, animated);
    const float y = FootPoint(pose, 0, kSoleLs, frame.model_to_world).y;
    max_move_m = std::max(max_move_m, std::fabs(y - previous_y));
    EXPECT_GE(y, -ik.settings.sole_give_m - 1e-3f) << "step " << i;
    previous_y = y;
  }
  EXPECT_LE(max_move_m, 6.0f * kDt + 1e-3f);
  EXPECT_LT(previous_y, incoming_y - 0.25f) << "the foot went down to its ground";
}

// A plant whose sole is on a ledge's top but whose heel hangs over the
// drop behind it (a sole landing just past the edge) is moved along the
// foot until the heel stands on the ledge too.
TEST(FootIkController, APlantWithItsHeelOverAnEdgeMovesOntoTheLedge) {
  const Rig animated;
  const float sole_x = FootPoint(animated, 0, kSoleLs).x;
  const Block ledge{sole_x - 0.02f, -0.8f, 0.0f};  // the heel, 0.08 m behind the sole, over the drop
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  FootIkFrame frame = MakeFrame(Ground{0.0f}, glm::mat4(1.0f), 1.0f);
  frame.raycast = &CastBlockDown;
  frame.raycast_context = &ledge;
  Rig pose;
  for (int step = 0; step < 5; ++step) pose = Step(ik, frame, animated);
  for (int side = 0; side < 2; ++side) {
    EXPECT_GE(FootPoint(pose, side, kHeelLs).x, ledge.face_x) << "side " << side;
    EXPECT_NEAR(FootPoint(pose, side, kSoleLs).y, 0.0f, 2e-3f) << "side " << side;
  }
}

// A foot planted on a 31-degree slope whose clip contact ends in one step
// (a clip change with no cross-fade) turns level as its lock fades over
// lock_release_time_s, not at once: turned level at once, its sole needs
// a lift the leg may not reach, and digs into the ground when it does not.
TEST(FootIkController, AFootLeftAtOnceKeepsItsTiltAsTheLockFades) {
  const Rig animated;
  Ground slope{0.0f};
  slope.slope_x = 0.6f;
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  FootIkFrame frame = MakeFrame(slope, glm::mat4(1.0f), 1.0f);
  auto tilt_deg = [](const Rig& pose) {
    const glm::vec3 up = glm::normalize(glm::vec3(pose.models_ms[kFootL][1]));
    return std::acos(std::clamp(up.y, -1.0f, 1.0f)) * 57.29578f;
  };
  Rig pose;
  for (int step = 0; step < 20; ++step) pose = Step(ik, frame, animated);
  const float planted_deg = tilt_deg(pose);
  ASSERT_GT(planted_deg, 25.0f);  // on the slope (two-point placement may pitch it a little further)
  frame.contact = {0.0f, 1.0f};
  pose = Step(ik, frame, animated);
  EXPECT_GT(tilt_deg(pose), 0.8f * planted_deg) << "the step after the contact ends";
  const int fade_steps = static_cast<int>(std::ceil(ik.settings.lock_release_time_s / kDt));
  for (int step = 1; step < fade_steps; ++step) pose = Step(ik, frame, animated);
  EXPECT_LT(tilt_deg(pose), 1.0f) << "level once the lock has faded";
}

// Feet planted on 30- and 40-degree slopes (the steepest a level may
// have), facing up and down them, the
// sole point near the heel and the ball below it (a clip whose planted
// toes point down a little): the toes beyond the ball rise with the foot's
// pitch, so the ground 2 cm ahead of the ball (the riser check) is no
// reason to lift the sole off a slope it lies on. Each sole stands on its
// ground, heel and ball out of it.
TEST(FootIkController, APlantOnASteepSlopeLiesOnIt) {
  const Rig animated;
  const glm::vec3 ball_ls = kSoleLs + glm::vec3(0.096f, -0.032f, 0.0f);
  const glm::vec3 heel_ls = kSoleLs + glm::vec3(-0.026f, 0.009f, 0.0f);
  for (float slope_deg : {30.0f, 40.0f}) {
    for (float yaw_deg : {0.0f, 180.0f}) {
      SCOPED_TRACE(testing::Message() << slope_deg << " deg, yaw " << yaw_deg);
      Ground slope{0.0f};
      slope.slope_x = std::tan(glm::radians(slope_deg));
      const glm::mat4 to_world = glm::rotate(glm::mat4(1.0f), glm::radians(yaw_deg), glm::vec3(0.0f, 1.0f, 0.0f));
      FootIkController ik = MakeTwoPointController(ball_ls, heel_ls);
      Rig pose;
      for (int step = 0; step < 30; ++step) pose = Step(ik, MakeFrame(slope, to_world, 1.0f), animated);
      for (int side = 0; side < 2; ++side) {
        const glm::vec3 sole_ws = FootPoint(pose, side, kSoleLs, to_world);
        const glm::vec3 ball_ws = FootPoint(pose, side, ball_ls, to_world);
        const glm::vec3 heel_ws = FootPoint(pose, side, heel_ls, to_world);
        EXPECT_NEAR(sole_ws.y, slope.Height(sole_ws.x, sole_ws.z), 0.005f) << "side " << side;
        EXPECT_GE(ball_ws.y, slope.Height(ball_ws.x, ball_ws.z) - ik.settings.sole_give_m - 1e-3f) << "side " << side;
        EXPECT_GE(heel_ws.y, slope.Height(heel_ws.x, heel_ws.z) - ik.settings.sole_give_m - 1e-3f) << "side " << side;
      }
    }
  }
}

// The right foot locked 0.65 m down holds the pelvis low. The left foot
// then plants where the clip puts it, its sole 5 cm onto a 0.65 m step,
// its heel over the edge: from the pelvis held there its knee would fold
// past max_knee_bend_deg, so it plants where its leg reaches without.
TEST(FootIkController, APlantThatWouldFoldItsKneeShutGoesWhereTheLegReaches) {
  const Rig animated;
  const float sole_x = FootPoint(animated, 0, kSoleLs).x;
  Ground ground{-0.65f};
  ground.right_extra = -0.65f;
  ground.step_x = sole_x - 0.05f;
  ground.step_dy = 0.65f;  // left: 0 from the edge on, -0.65 behind it; right: -0.65
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  FootIkFrame frame = MakeFrame(ground, glm::mat4(1.0f));
  frame.contact = {0.0f, 1.0f};
  for (int step = 0; step < 30; ++step) Step(ik, frame, animated);
  ASSERT_TRUE(ik.Foot(1).locked);
  ASSERT_LT(ik.PelvisOffsetM(), -0.4f);
  frame.contact = {1.0f, 1.0f};
  Rig pose;
  for (int step = 0; step < 10; ++step) pose = Step(ik, frame, animated);
  ASSERT_TRUE(ik.Foot(0).locked);
  const glm::vec3 hip(pose.models_ms[kThighL][3]), knee(pose.models_ms[kShinL][3]), ankle(pose.models_ms[kFootL][3]);
  const float bend_deg = glm::degrees(std::acos(glm::dot(glm::normalize(knee - hip), glm::normalize(ankle - knee))));
  EXPECT_LE(bend_deg, ik.settings.max_knee_bend_deg + 1.0f);
  EXPECT_TRUE(ik.Foot(0).reached);
  EXPECT_TRUE(ik.Foot(1).reached);
}

// Standing on a beam 5 cm wide, 0.6 m over the ground each side of it (a
// thin rock's top): the soles' own rays, 0.1 m out to each side, find the
// ground far below the body, so each foot goes across onto the beam,
// rather than reaching down beside it.
TEST(FootIkController, FeetBesideANarrowBeamStandOnIt) {
  const Rig animated;
  Ground ground{-0.6f};
  ground.beam_half_width_m = 0.025f;
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  const FootIkFrame frame = MakeFrame(ground, glm::mat4(1.0f));
  Rig pose;
  for (int step = 0; step < 30; ++step) pose = Step(ik, frame, animated);
  for (int side = 0; side < 2; ++side) {
    const glm::vec3 sole = FootPoint(pose, side, kSoleLs);
    EXPECT_LT(std::fabs(sole.z), ground.beam_half_width_m + 1e-3f) << "side " << side;
    EXPECT_NEAR(sole.y, ground.beam_top_y, 0.01f) << "side " << side;
    EXPECT_TRUE(ik.Foot(side).reached) << "side " << side;
  }
}

// The right foot planted on a foothold 0.37 m over the root, the left
// swinging over ground 0.45 m under it: the pelvis does not drop for the
// swinging foot so far that the planted knee folds shut (to knee_limit_deg,
// where it could no longer reach its lock); the swinging foot is left short.
TEST(FootIkController, APlantedKneeNeverFoldsShutForASwingingFoot) {
  const Rig animated;
  Ground ground{-0.45f};
  ground.right_extra = 0.82f;  // right: 0.37, 0.82 m over the left
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  FootIkFrame frame = MakeFrame(ground, glm::mat4(1.0f));
  frame.contact = {0.0f, 1.0f};
  Rig pose;
  for (int step = 0; step < 30; ++step) pose = Step(ik, frame, animated);
  const glm::vec3 hip(pose.models_ms[kThighR][3]), knee(pose.models_ms[kShinR][3]), ankle(pose.models_ms[kFootR][3]);
  const float bend_deg = glm::degrees(std::acos(glm::dot(glm::normalize(knee - hip), glm::normalize(ankle - knee))));
  EXPECT_LT(bend_deg, ik.settings.knee_limit_deg - 1.0f);
  EXPECT_TRUE(ik.Foot(1).reached);
  EXPECT_NEAR(FootPoint(pose, 1, kSoleLs).y, 0.37f, 0.005f);
  EXPECT_FALSE(ik.Foot(0).reached);  // the swinging foot hangs short of the ground
}

// The left foot swings over `left_y` with a step under it, the right is
// planted at the root's height and holds the pelvis down: the left knee is
// folded to its limit, so no lift reaches. Expects the foot's heel and
// ball out of the ground after 30 steps.
void ExpectFoldedSwingingFootOutOfTheStep(float left_y, float step_x_from_sole, float step_dy) {
  const Rig animated;
  Ground ground{left_y};
  ground.right_extra = -left_y;  // right (z >= 0): 0
  ground.step_x = FootPoint(animated, 0, kSoleLs).x + step_x_from_sole;
  ground.step_dy = step_dy;
  FootIkController ik = MakeTwoPointController(kBallLs, kHeelLs);
  FootIkFrame frame = MakeFrame(ground, glm::mat4(1.0f));
  frame.contact = {0.0f, 1.0f};
  Rig pose;
  for (int step = 0; step < 30; ++step) pose = Step(ik, frame, animated);
  const glm::vec3 ball = FootPoint(pose, 0, kBallLs), heel = FootPoint(pose, 0, kHeelLs);
  EXPECT_GE(ball.y, ground.Height(ball.x, ball.z) - ik.settings.sole_give_m - 1e-3f);
  EXPECT_GE(heel.y, ground.Height(heel.x, heel.z) - ik.settings.sole_give_m - 1e-3f);
}

// Over ground 0.70 m up, a 6 cm step under the ball: the ball would stay
// in the step. The foot turns toe-up about its sole instead, its heel
// kept out of the lower ground.
TEST(FootIkController, AFoldedSwingingFootTurnsItsToesOutOfAStep) {
  ExpectFoldedSwingingFootOutOfTheStep(0.7f, 0.03f, 0.06f);
}

// The step behind: a ledge 0.76 m up under the heel, the sole and ball
// over a tread 0.10 m lower (a foot swinging down off a step's edge). The
// foot turns heel-up about its sole instead, its ball kept out of the
// lower tread.
TEST(FootIkController, AFoldedSwingingFootTurnsItsHeelOutOfAStep) {
  ExpectFoldedSwingingFootOutOfTheStep(0.76f, -0.03f, -0.1f);
}

}  // namespace
}  // namespace knights::ik
