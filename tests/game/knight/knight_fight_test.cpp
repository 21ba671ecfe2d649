#include "knights/game/knight/knight_fight.h"

#include <gtest/gtest.h>

namespace knights::game {
namespace {

constexpr float kDt = 1.0f / 60.0f;

// A full set of fight clips: three swings of 0.5 s hurting 0.15-0.28 s,
// the heavy last one 0.8 s hurting 0.32-0.45 s.
FightClips FullClips() {
  FightClips c;
  c.combo_length = 3;
  c.attacks[0] = {0.5f, 0.15f, 0.28f, 10.0f};
  c.attacks[1] = {0.5f, 0.15f, 0.28f, 10.0f};
  c.attacks[2] = {0.8f, 0.32f, 0.45f, 12.0f};
  c.can_block = true;
  c.block_hit_s = 0.35f;
  c.hit_s = 0.5f;
  c.knockdown_s = 1.1f;
  c.get_up_s = 1.4f;
  return c;
}

core::InputState Press() {
  core::InputState in;
  in.attack_pressed = true;
  return in;
}
core::InputState Block() {
  core::InputState in;
  in.block_held = true;
  return in;
}

// Steps until the state changes or `limit_s` passes; returns the seconds stepped.
float RunFor(KnightFight& c, const core::InputState& input, float seconds) {
  float t = 0.0f;
  for (; t < seconds - 1e-6f; t += kDt) c.Step(input, /*grounded=*/true, 0.0f, kDt);
  return t;
}

TEST(KnightFight, OnePressIsOneSwingThatHurtsOnlyInItsWindow) {
  KnightFight c;
  c.Init(FullClips());
  c.Step(Press(), true, 0.0f, kDt);
  ASSERT_EQ(c.state(), FightState::kAttack);
  EXPECT_TRUE(c.SwingStarted());
  EXPECT_EQ(c.Role(), character::ClipRole::kAttack1);
  int hurting_steps = 0;
  float first = -1.0f, last = -1.0f;
  for (int i = 0; i < 60 && c.state() == FightState::kAttack; ++i) {
    if (c.SwingHurts()) {
      ++hurting_steps;
      if (first < 0.0f) first = c.StateTimeS();
      last = c.StateTimeS();
    }
    c.Step({}, true, 0.0f, kDt);
  }
  EXPECT_EQ(c.state(), FightState::kNone);
  EXPECT_GE(first, 0.15f - 1e-4f);
  EXPECT_LE(last, 0.28f + 1e-4f);
  EXPECT_GE(hurting_steps, 7);  // 0.13 s of 60 Hz steps
}

TEST(KnightFight, PressesDuringASwingChainTheComboToTheHeavyBlow) {
  KnightFight c;
  c.Init(FullClips());
  c.Step(Press(), true, 0.0f, kDt);
  const int first_serial = c.SwingSerial();
  c.Step(Press(), true, 0.0f, kDt);  // queued, not started: the first swing must land first
  EXPECT_EQ(c.SwingIndex(), 0);
  RunFor(c, {}, 0.35f);
  EXPECT_EQ(c.SwingIndex(), 1);
  EXPECT_NE(c.SwingSerial(), first_serial);
  EXPECT_FALSE(c.SwingHeavy());
  c.Step(Press(), true, 0.0f, kDt);
  RunFor(c, {}, 0.35f);
  EXPECT_EQ(c.SwingIndex(), 2);
  EXPECT_TRUE(c.SwingHeavy());
  EXPECT_EQ(c.Role(), character::ClipRole::kAttack3);
  c.Step(Press(), true, 0.0f, kDt);  // nothing follows the last swing
  RunFor(c, {}, 0.9f);
  EXPECT_EQ(c.state(), FightState::kNone);
}

TEST(KnightFight, NoSwingInTheAirAndNoMovementWhileBusy) {
  KnightFight c;
  c.Init(FullClips());
  c.Step(Press(), /*grounded=*/false, 0.0f, kDt);
  EXPECT_EQ(c.state(), FightState::kNone);
  core::InputState walk = Press();
  walk.move_x = 1.0f;
  walk.jump_pressed = true;
  c.Step(walk, true, 0.0f, kDt);
  const core::InputState moved = c.MovementInput(walk);
  EXPECT_EQ(moved.move_x, 0.0f);
  EXPECT_FALSE(moved.jump_pressed);
  // Shoved off a ledge mid-swing: the fall takes over.
  c.Step({}, /*grounded=*/false, 0.0f, kDt);
  EXPECT_EQ(c.state(), FightState::kNone);
  EXPECT_EQ(c.MovementInput(walk).move_x, 1.0f);
}

// Pressed at a run, the swing waits while the knight brakes (no movement
// input reaches the mover), so its planted feet never slide into it.
TEST(KnightFight, AtARunTheKnightBrakesBeforeItSwings) {
  KnightFight c;
  c.Init(FullClips());
  core::InputState run = Press();
  run.move_x = 1.0f;
  run.run_held = true;
  c.Step(run, true, /*speed_mps=*/4.0f, kDt);
  EXPECT_EQ(c.state(), FightState::kNone);
  EXPECT_EQ(c.MovementInput(run).move_x, 0.0f) << "braking";
  run.attack_pressed = false;
  c.Step(run, true, 2.0f, kDt);
  EXPECT_EQ(c.state(), FightState::kNone);
  c.Step(run, true, 0.25f, kDt);
  EXPECT_EQ(c.state(), FightState::kAttack);
  EXPECT_TRUE(c.SwingStarted());
  // A press that never slows down in time is dropped.
  KnightFight d;
  d.Init(FullClips());
  d.Step(Press(), true, 4.0f, kDt);
  for (float t = 0.0f; t < d.tuning.attack_buffer_s + kDt; t += kDt) d.Step({}, true, 4.0f, kDt);
  d.Step({}, true, 0.0f, kDt);
  EXPECT_EQ(d.state(), FightState::kNone);
}

TEST(KnightFight, ABlowHurtsThenTheIFramesIgnoreTheNext) {
  KnightFight c;
  c.tuning.max_health = 5;
  c.Init(FullClips());
  EXPECT_EQ(c.TakeBlow(1, false, true, +1), BlowResult::kHurt);
  EXPECT_EQ(c.health(), 4);
  EXPECT_EQ(c.state(), FightState::kHit);
  EXPECT_EQ(c.TakeBlow(1, false, true, +1), BlowResult::kIgnored);
  EXPECT_EQ(c.health(), 4);
  RunFor(c, {}, c.tuning.invulnerable_s + kDt);
  EXPECT_EQ(c.TakeBlow(1, false, true, +1), BlowResult::kHurt);
  EXPECT_EQ(c.health(), 3);
}

// A blow that hurts flashes the victim at full strength, fading evenly to
// nothing over hit_flash_s; a blow on the shield does not flash.
TEST(KnightFight, AHurtingBlowFlashesAndFades) {
  KnightFight c;
  c.Init(FullClips());
  EXPECT_EQ(c.HitFlash(), 0.0f);
  ASSERT_EQ(c.TakeBlow(1, false, true, +1), BlowResult::kHurt);
  EXPECT_EQ(c.HitFlash(), 1.0f);
  RunFor(c, {}, 0.5f * c.tuning.hit_flash_s);
  EXPECT_NEAR(c.HitFlash(), 0.5f, 2.0f * kDt / c.tuning.hit_flash_s);
  RunFor(c, {}, c.tuning.hit_flash_s);
  EXPECT_EQ(c.HitFlash(), 0.0f);

  KnightFight shielded;
  shielded.Init(FullClips());
  RunFor(shielded, Block(), shielded.tuning.block_raise_s + kDt);
  ASSERT_EQ(shielded.TakeBlow(1, false, /*from_front=*/true, +1), BlowResult::kBlocked);
  EXPECT_EQ(shielded.HitFlash(), 0.0f);
}

TEST(KnightFight, TheShieldStopsBlowsFromTheFrontOnceRaised) {
  KnightFight c;
  c.Init(FullClips());
  c.Step(Block(), true, 0.0f, kDt);
  ASSERT_EQ(c.state(), FightState::kBlock);
  EXPECT_FALSE(c.ShieldUp());  // raised for one step only
  RunFor(c, Block(), c.tuning.block_raise_s);
  ASSERT_TRUE(c.ShieldUp());
  EXPECT_EQ(c.TakeBlow(2, true, /*from_front=*/true, +1), BlowResult::kBlocked);
  EXPECT_EQ(c.health(), c.tuning.max_health);
  EXPECT_EQ(c.state(), FightState::kBlockHit);
  RunFor(c, Block(), 0.4f);
  EXPECT_EQ(c.state(), FightState::kBlock);
  // From behind the shield is no help.
  EXPECT_EQ(c.TakeBlow(1, false, /*from_front=*/false, +1), BlowResult::kHurt);
  EXPECT_EQ(c.health(), c.tuning.max_health - 1);
  // Let go: the shield comes down.
  RunFor(c, {}, 0.6f);
  EXPECT_EQ(c.state(), FightState::kNone);
}

TEST(KnightFight, AHeavyBlowKnocksDownThenTheKnightGetsUp) {
  KnightFight c;
  c.Init(FullClips());
  EXPECT_EQ(c.TakeBlow(2, true, true, -1), BlowResult::kKnockedDown);
  EXPECT_LT(c.TakeShoveMps(), 0.0f);  // shoved towards -x
  EXPECT_EQ(c.TakeShoveMps(), 0.0f);  // once
  const int serial = c.RoleSerial();
  RunFor(c, {}, 1.1f + kDt);
  EXPECT_EQ(c.state(), FightState::kDown);
  EXPECT_EQ(c.RoleSerial(), serial) << "lying on plays on the knockdown clip's end";
  EXPECT_TRUE(c.Invulnerable());
  RunFor(c, {}, c.tuning.down_s + kDt);
  EXPECT_EQ(c.state(), FightState::kGetUp);
  RunFor(c, {}, 1.4f + kDt);
  EXPECT_EQ(c.state(), FightState::kNone);
}

TEST(KnightFight, TheLastHitPointDefeatsForGood) {
  KnightFight c;
  c.tuning.max_health = 2;
  c.Init(FullClips());
  EXPECT_EQ(c.TakeBlow(1, false, true, 1), BlowResult::kHurt);
  RunFor(c, {}, 1.0f);
  EXPECT_EQ(c.TakeBlow(1, false, true, 1), BlowResult::kDefeated);
  EXPECT_EQ(c.health(), 0);
  RunFor(c, Press(), 5.0f);
  EXPECT_TRUE(c.Defeated());
  EXPECT_EQ(c.Role(), character::ClipRole::kKnockdown);
  c.Reset();
  EXPECT_EQ(c.health(), 2);
  EXPECT_EQ(c.state(), FightState::kNone);
}

TEST(KnightFight, WithoutClipsThereIsNoSwingNoShieldAndAPlainStagger) {
  KnightFight c;
  c.Init(FightClips{});
  c.Step(Press(), true, 0.0f, kDt);
  EXPECT_EQ(c.state(), FightState::kNone);
  c.Step(Block(), true, 0.0f, kDt);
  EXPECT_EQ(c.state(), FightState::kNone);
  EXPECT_EQ(c.TakeBlow(2, true, true, 1), BlowResult::kHurt);  // no knockdown clip: a stagger
  EXPECT_EQ(c.Role(), std::nullopt);
  RunFor(c, {}, c.tuning.stagger_s + kDt);
  EXPECT_EQ(c.state(), FightState::kNone);
}

}  // namespace
}  // namespace knights::game
