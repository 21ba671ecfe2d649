// LocomotionBlend's sync markers: walk and run whose stances last different
// fractions of their cycles are kept in the same contact state, and the
// blended planted foot moves back at exactly the ground speed.

#include "knights/anim/locomotion_blend.h"

#include <cmath>

#include <gtest/gtest.h>

namespace knights::anim {
namespace {

// A one-joint in-place cycle whose joint is the "foot": during the left
// stance [0, lift_l] it moves back at exactly speed_mps (x from +half to
// -half of the stance distance), then swings forward. Contacts: left
// [0, lift_l], right [plant_r, lift_r] (normalised times).
Clip FootCycle(const char* name, float duration_s, float speed_mps, float lift_l, float plant_r, float lift_r) {
  ClipDesc d;
  d.name = name;
  d.joint_count = 1;
  d.loop = true;
  d.speed_mps = speed_mps;
  const float stance_m = speed_mps * lift_l * duration_s;
  JointTrackDesc track;
  track.joint = 0;
  track.translations = {
      {0.0f, {stance_m / 2, 0, 0}}, {lift_l * duration_s, {-stance_m / 2, 0, 0}}, {duration_s, {stance_m / 2, 0, 0}}};
  d.tracks = {track};
  d.contacts[kFootL] = {{0.0f, lift_l * duration_s}};
  d.contacts[kFootR] = {{plant_r * duration_s, lift_r * duration_s}};
  return Clip::Create(d).value();
}

// The foot x of a clip at time t (linear between the keys above).
float FootX(const Clip& clip, float t) {
  const auto times = clip.TranslationTimes();
  const auto values = clip.TranslationValues();
  for (size_t i = 0; i + 1 < times.size(); ++i) {
    if (t <= times[i + 1]) {
      const float u = (t - times[i]) / (times[i + 1] - times[i]);
      return values[i].x + (values[i + 1].x - values[i].x) * u;
    }
  }
  return values.back().x;
}

class LocomotionSyncTest : public ::testing::Test {
 protected:
  // Walk: stance 40% of a 1 s cycle. Run: stance 20% of a 0.6 s cycle.
  const Clip walk_ = FootCycle("walk", 1.0f, 1.5f, 0.4f, 0.5f, 0.9f);
  const Clip run_ = FootCycle("run", 0.6f, 4.0f, 0.2f, 0.5f, 0.7f);
  LocomotionBlend loco_{&walk_, &run_};
};

TEST_F(LocomotionSyncTest, FindsTheFourContactEvents) {
  const LocomotionBlend::SyncMarkers m = LocomotionBlend::FindSyncMarkers(run_);
  ASSERT_TRUE(m.valid);
  EXPECT_NEAR(m.at[1], 0.2f, 1e-5f);
  EXPECT_NEAR(m.at[2], 0.5f, 1e-5f);
  EXPECT_NEAR(m.at[3], 0.7f, 1e-5f);
}

TEST_F(LocomotionSyncTest, BothClipsAreInTheSameContactStateAtEveryPhase) {
  // Half-way between walk and run speed, over several cycles.
  for (int step = 0; step < 300; ++step) {
    ASSERT_TRUE(loco_.Update(2.75f, 1.0f / 60.0f));
    for (Limb limb : {kFootL, kFootR}) {
      // Away from the event instants (one step either side), both agree.
      const float tw = loco_.WalkTimeS(), tr = loco_.RunTimeS();
      const bool walk_in = walk_.IsInContact(limb, tw), run_in = run_.IsInContact(limb, tr);
      const bool near_event =
          walk_.IsInContact(limb, tw + 0.02f) != walk_in || walk_.IsInContact(limb, tw - 0.02f) != walk_in;
      if (!near_event) {
        EXPECT_EQ(walk_in, run_in) << "step " << step << " limb " << limb;
      }
    }
  }
}

TEST_F(LocomotionSyncTest, PlantedFootMovesBackAtExactlyGroundSpeedAtAnyBlend) {
  // At a constant blend the blended planted foot moves back by exactly the
  // ground distance every step, although the clips' stances differ.
  for (float speed : {1.5f, 2.2f, 2.75f, 3.4f, 4.0f}) {
    LocomotionBlend loco{&walk_, &run_};
    const float dt = 1.0f / 240.0f;
    float previous_x = NAN;
    int checked = 0;
    for (int step = 0; step < 600; ++step) {
      ASSERT_TRUE(loco.Update(speed, dt));
      const float tw = loco.WalkTimeS(), tr = loco.RunTimeS();
      const bool stance = tw > 0.01f && tw < 0.39f;  // inside the left stance, not at its ends
      const float x = loco.WalkWeight() * FootX(walk_, tw) + loco.RunWeight() * FootX(run_, tr);
      if (stance && !std::isnan(previous_x)) {
        EXPECT_NEAR(previous_x - x, speed * dt, 1e-4f) << "speed " << speed << " step " << step;
        ++checked;
      }
      previous_x = stance ? x : NAN;
    }
    EXPECT_GT(checked, 50) << speed;
  }
}

TEST_F(LocomotionSyncTest, WhileTheBlendChangesOnlyTheWeightTermMovesThePlantedFoot) {
  // Decelerating from run to walk during the stance: x = w_walk x_walk +
  // w_run x_run moves by the ground distance plus dw * (x_walk - x_run), the
  // part due to the weights themselves (which the foot lock absorbs).
  ASSERT_TRUE(loco_.Update(4.0f, 0.0f));
  float speed = 4.0f;
  const float dt = 1.0f / 240.0f;
  float previous_x = NAN, previous_w = 0.0f, previous_gap = 0.0f;
  for (int step = 0; step < 400; ++step) {
    speed = std::max(1.5f, speed - 10.0f * dt);
    ASSERT_TRUE(loco_.Update(speed, dt));
    const float tw = loco_.WalkTimeS(), tr = loco_.RunTimeS();
    const bool stance = tw > 0.01f && tw < 0.39f;
    const float gap = FootX(walk_, tw) - FootX(run_, tr);
    const float x = loco_.WalkWeight() * FootX(walk_, tw) + loco_.RunWeight() * FootX(run_, tr);
    if (stance && !std::isnan(previous_x)) {
      const float weight_term =
          std::fabs(loco_.WalkWeight() - previous_w) * std::max(std::fabs(gap), std::fabs(previous_gap));
      EXPECT_LE(std::fabs((previous_x - x) - speed * dt), weight_term + 1e-4f) << "step " << step;
    }
    previous_x = stance ? x : NAN;
    previous_w = loco_.WalkWeight();
    previous_gap = gap;
  }
}

TEST_F(LocomotionSyncTest, ClipTimesNeverJumpBackWhenTheWeightChanges) {
  float last_walk = 0.0f;
  float speed = 1.5f;
  for (int step = 0; step < 200; ++step) {
    speed = step < 100 ? std::min(4.0f, speed + 0.05f) : std::max(1.5f, speed - 0.05f);
    ASSERT_TRUE(loco_.Update(speed, 1.0f / 60.0f));
    const float t = loco_.WalkTimeS();
    float advance = t - last_walk;
    if (advance < -0.5f) advance += walk_.DurationS();  // wrapped round the loop
    EXPECT_GE(advance, -1e-5f) << "step " << step;
    last_walk = t;
  }
}

}  // namespace
}  // namespace knights::anim
