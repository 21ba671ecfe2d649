// AnimPlayer with synthetic clips that encode their identity and time in the
// pose (joint 0's x = the clip's value, joint 1's y = the clip time): the
// crossfade weights (normalised, reaching the target role), the locomotion
// start phase, contact weights as weighted averages, swing progress between
// contacts (wrapping loops), one-shots finishing forwards and backwards, and
// the debug override.

#include "knights/game/knight/anim_player.h"

#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace knights::game {
namespace {

using anim::ContactRange;

constexpr int kJoints = 2;

anim::Skeleton MakeSkeleton() {
  std::vector<math::Transform> rest(kJoints);
  rest[1].translation = {0.0f, 5.0f, 0.0f};
  return anim::Skeleton::Create({"root", "child"}, {-1, 0}, rest, {glm::mat4(1.0f), glm::mat4(1.0f)}).value();
}

// A clip whose joint 0 sits at x = value and whose joint 1's y equals the
// clip time (a linear ramp over the duration).
anim::Clip MakeClip(const std::string& name, bool loop, float duration_s, float value,
                    std::array<std::vector<ContactRange>, anim::kLimbCount> contacts = {},
                    std::optional<float> speed_mps = std::nullopt) {
  anim::ClipDesc d;
  d.name = name;
  d.joint_count = kJoints;
  d.loop = loop;
  d.speed_mps = speed_mps;
  d.contacts = std::move(contacts);
  anim::JointTrackDesc root;
  root.joint = 0;
  root.translations = {{0.0f, {value, 0.0f, 0.0f}}, {duration_s, {value, 0.0f, 0.0f}}};
  anim::JointTrackDesc child;
  child.joint = 1;
  child.translations = {{0.0f, {0.0f, 0.0f, 0.0f}}, {duration_s, {0.0f, duration_s, 0.0f}}};
  d.tracks = {root, child};
  auto clip = anim::Clip::Create(std::move(d));
  if (!clip.ok()) ADD_FAILURE() << clip.status().message();
  return clip.ok() ? std::move(*clip) : anim::Clip();
}

class AnimPlayerTest : public ::testing::Test {
 protected:
  AnimPlayerTest() : skeleton_(MakeSkeleton()) {
    const std::vector<ContactRange> always{{0.0f, 1.0f}};
    clips_.push_back(MakeClip("idle", true, 1.0f, 10.0f, {always, always, {}, {}}));
    clips_.push_back(MakeClip("walk", true, 1.0f, 20.0f, {{{{0.0f, 0.5f}}, {{0.5f, 1.0f}}, {}, {}}}, 1.5f));
    clips_.push_back(MakeClip("run", true, 0.6f, 30.0f, {{{{0.0f, 0.2f}}, {{0.3f, 0.5f}}, {}, {}}}, 4.0f));
    clips_.push_back(MakeClip("jump_up", false, 0.5f, 40.0f, {{{{0.4f, 0.5f}}, {}, {}, {}}}));
    clips_.push_back(MakeClip("fall", true, 0.8f, 50.0f));
    const std::vector<ContactRange> always_land{{0.0f, 0.3f}};
    clips_.push_back(MakeClip("land", false, 0.3f, 60.0f, {always_land, always_land, {}, {}}));
    // Hands: two contacts per cycle; right hand: one range wrapping past the end.
    clips_.push_back(MakeClip("climb_up", true, 1.0f, 70.0f, {{{}, {}, {{0.1f, 0.3f}, {0.6f, 0.7f}}, {{0.9f, 0.1f}}}}));
    clips_.push_back(MakeClip("climb_down", true, 1.0f, 80.0f));
    clips_.push_back(MakeClip("ladder_enter_bottom", false, 1.0f, 90.0f));
    clips_.push_back(MakeClip("ladder_exit_top", false, 1.6f, 100.0f));
    clips_.push_back(MakeClip("turn", false, 0.6f, 110.0f));
    for (size_t i = 0; i < clips_.size(); ++i) set_[i] = &clips_[i];
    player_.Init(skeleton_, set_);
  }
  static float Value(character::ClipRole role) { return 10.0f * (static_cast<float>(role) + 1.0f); }
  // Joint 0's x and joint 1's y of the evaluated pose.
  glm::vec2 Eval() {
    std::array<math::Transform, kJoints> pose{};
    EXPECT_TRUE(player_.Evaluate(pose));
    return {pose[0].translation.x, pose[1].translation.y};
  }

  anim::Skeleton skeleton_;
  std::vector<anim::Clip> clips_;
  ClipSet set_{};
  AnimPlayer player_;
};

TEST_F(AnimPlayerTest, StartsOnIdle) {
  EXPECT_EQ(player_.CurrentRole(), character::ClipRole::kIdle);
  EXPECT_FLOAT_EQ(Eval().x, Value(character::ClipRole::kIdle));
  EXPECT_EQ(player_.CurrentClip(), &clips_[0]);
}

TEST_F(AnimPlayerTest, CrossfadeIsLinearNormalisedAndEndsOnTheTarget) {
  player_.Play(character::ClipRole::kJumpUp, 0.2f);
  EXPECT_EQ(player_.CurrentRole(), character::ClipRole::kJumpUp);
  player_.Update(0.05f, 0.0f);
  // Weights: jump 0.25, idle 0.75.
  EXPECT_NEAR(Eval().x, 0.25f * Value(character::ClipRole::kJumpUp) + 0.75f * Value(character::ClipRole::kIdle), 1e-4f);
  EXPECT_NEAR(player_.ContactWeight(anim::kFootL), 0.75f, 1e-6f);  // idle planted, jump (t < 0.4) not
  player_.Update(0.05f, 0.0f);
  // Interrupted half way (jump 0.5, idle 0.5): every other slot fades out at
  // the new rate, the fall fades in.
  player_.Play(character::ClipRole::kFall, 0.2f);
  player_.Update(0.05f, 0.0f);
  // Weights 0.25 each (sum 0.75): the pose is their normalised average.
  const float average =
      (Value(character::ClipRole::kIdle) + Value(character::ClipRole::kJumpUp) + Value(character::ClipRole::kFall)) /
      3.0f;
  EXPECT_NEAR(Eval().x, average, 1e-4f);
  EXPECT_NEAR(player_.ContactWeight(anim::kFootL), 1.0f / 3.0f, 1e-5f);
  player_.Update(0.05f, 0.0f);
  // Idle and jump reach zero: only the fall is left (at weight 0.5).
  EXPECT_NEAR(Eval().x, Value(character::ClipRole::kFall), 1e-4f);
  player_.Update(0.2f, 0.0f);
  EXPECT_NEAR(Eval().x, Value(character::ClipRole::kFall), 1e-4f);
  EXPECT_EQ(player_.CurrentRole(), character::ClipRole::kFall);
  EXPECT_EQ(player_.ContactWeight(anim::kFootL), 0.0f);
}

// A blend profile: joint 0 (here the slow one, an "arm") fades over at
// least 0.4 s while the others and the contacts (the "legs") take the 0.1 s
// asked for; a cut stays a cut.
TEST_F(AnimPlayerTest, SlowJointsFadeOverTheirOwnMinimum) {
  const int arm[] = {0};
  player_.SetSlowJoints(arm, 0.4f);
  player_.Play(character::ClipRole::kJumpUp, 0.1f);
  player_.Update(0.1f, 0.0f);
  // A quarter of the arm's fade, all of the legs': idle no longer plants.
  EXPECT_NEAR(Eval().x, 0.25f * Value(character::ClipRole::kJumpUp) + 0.75f * Value(character::ClipRole::kIdle), 1e-3f);
  EXPECT_EQ(player_.ContactWeight(anim::kFootL), 0.0f);
  player_.Update(0.3f, 0.0f);
  EXPECT_NEAR(Eval().x, Value(character::ClipRole::kJumpUp), 1e-4f);
  player_.Play(character::ClipRole::kTurn, 0.0f);
  player_.Update(1e-3f, 0.0f);
  EXPECT_NEAR(Eval().x, Value(character::ClipRole::kTurn), 1e-4f);
}

TEST_F(AnimPlayerTest, PlayingTheCurrentRoleDoesNothing) {
  player_.Play(character::ClipRole::kClimbUp, 0.0f, 0.25f);
  player_.Update(0.1f, 0.0f);
  player_.Play(character::ClipRole::kClimbUp, 0.2f, 0.0f);  // no restart, no fade
  EXPECT_NEAR(player_.CurrentTimeS(), 0.35f, 1e-6f);
  EXPECT_NEAR(Eval().x, Value(character::ClipRole::kClimbUp), 1e-4f);
}

TEST_F(AnimPlayerTest, ZeroFadeCutsAtOnce) {
  player_.Play(character::ClipRole::kTurn, 0.0f);
  player_.Update(1e-3f, 0.0f);  // fades apply on the next update
  EXPECT_NEAR(Eval().x, Value(character::ClipRole::kTurn), 1e-4f);
}

TEST_F(AnimPlayerTest, LocomotionStartsAtTheStartPhaseAndBlendsBySpeed) {
  player_.SetRunWeightRate(0.0f);  // the mix at each speed at once (the easing: below)
  player_.SetLocomotionStartPhase(0.25f);
  player_.Play(character::ClipRole::kWalk, 0.0f);
  player_.Update(1e-6f, 1.5f);  // a cut completes on the next update
  EXPECT_NEAR(player_.CurrentTimeS(), 0.25f, 1e-5f);
  EXPECT_EQ(player_.CurrentClip(), &clips_[1]);
  glm::vec2 pose = Eval();
  EXPECT_NEAR(pose.x, Value(character::ClipRole::kWalk), 1e-4f);
  EXPECT_NEAR(pose.y, 0.25f, 2e-5f);
  // Planted left foot during [0, 0.5].
  EXPECT_EQ(player_.ContactWeight(anim::kFootL), 1.0f);
  EXPECT_EQ(player_.ContactWeight(anim::kFootR), 0.0f);
  // Run is the same slot: no restart of the phase.
  player_.Play(character::ClipRole::kRun, 0.2f);
  EXPECT_NEAR(player_.CurrentTimeS(), 0.25f, 1e-5f);
  // Half way between walk (1.5) and run (4) speeds: weights 0.5 / 0.5.
  player_.Update(0.0f, 2.75f);
  EXPECT_NEAR(player_.Locomotion().RunWeight(), 0.5f, 1e-6f);
  EXPECT_NEAR(Eval().x, 0.5f * (Value(character::ClipRole::kWalk) + Value(character::ClipRole::kRun)), 1e-4f);
  // Phase 0.25: walk t = 0.25 (left planted), run t = 0.15 (left planted):
  // both contribute. Right: walk no, run no.
  EXPECT_NEAR(player_.ContactWeight(anim::kFootL), 1.0f, 1e-6f);
  EXPECT_NEAR(player_.ContactWeight(anim::kFootR), 0.0f, 1e-6f);
  // Advance to phase 0.4: walk t = 0.4 (left), run t = 0.24 (neither):
  // the contact weight is the weighted average, 0.5.
  const float rate = player_.Locomotion().playback_rate / player_.Locomotion().cycle_duration_s;
  player_.Update(0.15f / rate, 2.75f);
  EXPECT_NEAR(player_.Locomotion().phase, 0.4f, 1e-4f);
  EXPECT_NEAR(player_.ContactWeight(anim::kFootL), 0.5f, 1e-6f);
}

// A run fading out under a clip whose caller gives no speed (a ladder's
// entry) holds its phase and eases its mix to rest with its weight: the
// walk/run mix moves as the run's share of the pose shrinks, never in one
// step.
TEST_F(AnimPlayerTest, AFadingCycleEasesToRestWithItsWeight) {
  player_.Play(character::ClipRole::kRun, 0.0f);
  player_.Update(0.1f, 4.0f);
  ASSERT_NEAR(player_.Locomotion().RunWeight(), 1.0f, 1e-6f);
  player_.Play(character::ClipRole::kLadderEnterBottom, 0.2f);
  // The mix goes to the speed's weight at most kRunWeightRatePerS a second.
  const float step = AnimPlayer::kRunWeightRatePerS * 0.05f;
  player_.Update(0.05f, 0.0f);  // the cycle's weight 0.75: speed 3 m/s, weight 0.6
  EXPECT_NEAR(player_.Locomotion().RunWeight(), std::max((3.0f - 1.5f) / (4.0f - 1.5f), 1.0f - step), 1e-5f);
  const float phase = player_.Locomotion().phase;
  const float weight = player_.Locomotion().RunWeight();
  player_.Update(0.05f, 0.0f);  // 0.5: 2 m/s, weight 0.2
  EXPECT_NEAR(player_.Locomotion().RunWeight(), std::max((2.0f - 1.5f) / (4.0f - 1.5f), weight - step), 1e-5f);
  EXPECT_EQ(player_.Locomotion().phase, phase);  // held: its contacts do not move
  player_.Update(0.05f, 5.0f);                   // a caller's own speed counts (a jump's flight)
  EXPECT_NEAR(player_.Locomotion().RunWeight(), std::min(1.0f, weight), 1e-6f);
  EXPECT_NE(player_.Locomotion().phase, phase);
}

TEST_F(AnimPlayerTest, SwingProgressRunsBetweenContacts) {
  auto at = [&](float t) {
    player_.Play(character::ClipRole::kIdle, 0.0f);  // leave, so the next Play restarts
    player_.Play(character::ClipRole::kClimbUp, 0.0f, t);
    player_.Update(0.0f, 0.0f);
  };
  struct Case {
    float t;
    float left;   // contacts [0.1, 0.3], [0.6, 0.7]
    float right;  // contact [0.9, 0.1] (wrapping)
  };
  const Case cases[] = {
      {0.2f, 0.0f, (0.2f - 0.1f) / 0.8f},  // left in contact
      {0.45f, (0.45f - 0.3f) / 0.3f, 0.35f / 0.8f},
      {0.65f, 0.0f, 0.55f / 0.8f},
      {0.85f, (0.85f - 0.7f) / 0.4f, 0.75f / 0.8f},  // next left contact at 1.1 (wrapped)
      {0.05f, (0.05f + 0.3f) / 0.4f, 0.0f},          // last left contact ended at -0.3 (wrapped)
      {0.95f, 0.25f / 0.4f, 0.0f},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.t);
    at(c.t);
    ASSERT_NEAR(player_.CurrentTimeS(), c.t, 1e-6f);
    EXPECT_NEAR(player_.SwingProgress(anim::kHandL), c.left, 1e-5f);
    EXPECT_NEAR(player_.SwingProgress(anim::kHandR), c.right, 1e-5f);
    EXPECT_EQ(player_.SwingProgress(anim::kFootL), 0.0f);  // no contacts at all
  }
  // Rising to 1 right before the next contact starts.
  at(0.5999f);
  EXPECT_NEAR(player_.SwingProgress(anim::kHandL), 1.0f, 1e-3f);
  // A one-shot: from the start of the clip to its first contact.
  player_.Play(character::ClipRole::kJumpUp, 0.0f, 0.2f);
  player_.Update(0.0f, 0.0f);
  EXPECT_NEAR(player_.SwingProgress(anim::kFootL), 0.5f, 1e-5f);
}

TEST_F(AnimPlayerTest, OneShotsFinishForwardsAndBackwards) {
  player_.Play(character::ClipRole::kJumpUp, 0.1f);
  player_.Update(0.4f, 0.0f);
  EXPECT_FALSE(player_.CurrentFinished());
  player_.Update(0.2f, 0.0f);
  EXPECT_TRUE(player_.CurrentFinished());
  EXPECT_NEAR(player_.CurrentTimeS(), 0.5f, 1e-6f);  // clamped at the end
  // The exit clip backwards from its end (entering a ladder from the top).
  player_.Play(character::ClipRole::kLadderExitTop, 0.0f, 1.6f);
  player_.SetRate(-1.0f);
  player_.Update(1.0f, 0.0f);
  EXPECT_NEAR(player_.CurrentTimeS(), 0.6f, 1e-5f);
  EXPECT_NEAR(Eval().y, 0.6f, 1e-4f);
  EXPECT_FALSE(player_.CurrentFinished());
  player_.Update(0.7f, 0.0f);
  EXPECT_TRUE(player_.CurrentFinished());
  EXPECT_EQ(player_.CurrentTimeS(), 0.0f);
  // Loops never finish.
  player_.Play(character::ClipRole::kFall, 0.0f);
  player_.Update(5.0f, 0.0f);
  EXPECT_FALSE(player_.CurrentFinished());
}

TEST_F(AnimPlayerTest, OverrideFreezesOneClipUntilCleared) {
  player_.SetOverride(&clips_[static_cast<int>(character::ClipRole::kLand)], 0.1f);
  player_.Update(0.5f, 0.0f);
  glm::vec2 pose = Eval();
  EXPECT_NEAR(pose.x, Value(character::ClipRole::kLand), 1e-4f);
  EXPECT_NEAR(pose.y, 0.1f, 1e-5f);
  EXPECT_EQ(player_.ContactWeight(anim::kFootL), 1.0f);
  player_.ClearOverride();
  EXPECT_EQ(player_.Override(), nullptr);
  EXPECT_NEAR(Eval().x, Value(character::ClipRole::kIdle), 1e-4f);
}

// A standing step lifts one foot for its length, whatever the idle says:
// its contact reads 0 and its swing the step's progress; the other foot
// and the pose are the clips'. A second start meanwhile changes nothing;
// EndSteps puts the foot back on the clip's contact at once.
TEST_F(AnimPlayerTest, AStandingStepLiftsOneFootForItsLength) {
  EXPECT_EQ(player_.StepProgress(anim::kFootR), -1.0f);
  player_.StartStep(anim::kFootR, 0.4f);
  player_.Update(0.1f, 0.0f);
  EXPECT_EQ(player_.ContactWeight(anim::kFootR), 0.0f);
  EXPECT_EQ(player_.ContactWeight(anim::kFootL), 1.0f);
  EXPECT_NEAR(player_.StepProgress(anim::kFootR), 0.25f, 1e-5f);
  EXPECT_NEAR(player_.SwingProgress(anim::kFootR), 0.25f, 1e-5f);
  EXPECT_EQ(player_.SwingProgress(anim::kFootL), 0.0f);
  EXPECT_NEAR(Eval().x, Value(character::ClipRole::kIdle), 1e-4f);
  player_.StartStep(anim::kFootR, 5.0f);
  player_.Update(0.2f, 0.0f);
  EXPECT_NEAR(player_.StepProgress(anim::kFootR), 0.75f, 1e-5f);
  player_.Update(0.15f, 0.0f);
  EXPECT_EQ(player_.StepProgress(anim::kFootR), -1.0f);
  EXPECT_EQ(player_.ContactWeight(anim::kFootR), 1.0f);
  player_.StartStep(anim::kFootL, 0.4f);
  player_.StartStep(anim::kHandL, 0.4f);
  EXPECT_EQ(player_.StepProgress(anim::kHandL), -1.0f);
  player_.EndSteps();
  EXPECT_EQ(player_.StepProgress(anim::kFootL), -1.0f);
  EXPECT_EQ(player_.ContactWeight(anim::kFootL), 1.0f);
}

TEST_F(AnimPlayerTest, RefusesATooSmallOutputAndBadTime) {
  std::array<math::Transform, 1> small{};
  EXPECT_FALSE(player_.Evaluate(small));
  player_.Play(character::ClipRole::kClimbUp, 0.0f, 0.3f);
  player_.Update(std::numeric_limits<float>::quiet_NaN(), 0.0f);
  player_.Update(-1.0f, 0.0f);
  EXPECT_NEAR(player_.CurrentTimeS(), 0.3f, 1e-6f);
  AnimPlayer uninitialised;
  std::array<math::Transform, kJoints> pose{};
  EXPECT_FALSE(uninitialised.Evaluate(pose));
}

}  // namespace
}  // namespace knights::game
