#include "knights/game/knight/fight_blows.h"

#include <array>

#include <gtest/gtest.h>

namespace knights::game {
namespace {

// A knight standing at x: a capsule from 0.35 m to 1.8 m up, 0.24 m round.
Fighter Standing(float x, int side) {
  Fighter f;
  f.side = side;
  f.body_ws = {{x, 0.35f, 0.0f}, {x, 1.8f, 0.0f}, 0.24f};
  f.weapon_before_ws = f.weapon_ws = {{x, 1.2f, 0.0f}, {x, 2.0f, 0.0f}};  // held up, out of the way
  return f;
}

// A blade held at chest height from x_from to x_to (horizontal).
WeaponSegment Blade(float x_from, float x_to, float z = 0.0f) { return {{x_from, 1.2f, z}, {x_to, 1.2f, z}}; }

TEST(BlowFinder, ASwingThroughABodyStrikesItOncePerSwing) {
  std::array<Fighter, 2> f = {Standing(0.0f, 0), Standing(1.0f, 1)};
  f[0].swing_hurts = true;
  f[0].swing_serial = 7;
  f[0].weapon_before_ws = f[0].weapon_ws = Blade(0.2f, 1.1f);
  BlowFinder finder;
  finder.Resize(2);
  std::array<Blow, 4> blows{};
  ASSERT_EQ(finder.Find(f, blows), 1);
  EXPECT_EQ(blows[0].attacker, 0);
  EXPECT_EQ(blows[0].victim, 1);
  EXPECT_NEAR(blows[0].point_ws.x, 1.0f, 0.25f);
  EXPECT_EQ(finder.Find(f, blows), 0) << "the same swing again";
  f[0].swing_serial = 8;
  EXPECT_EQ(finder.Find(f, blows), 1) << "the next swing";
  finder.Clear();
  EXPECT_EQ(finder.Find(f, blows), 1) << "forgotten after a restart";
}

TEST(BlowFinder, OutsideTheHurtWindowOrOutOfReachNothingIsStruck) {
  std::array<Fighter, 2> f = {Standing(0.0f, 0), Standing(1.0f, 1)};
  f[0].weapon_before_ws = f[0].weapon_ws = Blade(0.2f, 1.1f);
  BlowFinder finder;
  finder.Resize(2);
  std::array<Blow, 4> blows{};
  EXPECT_EQ(finder.Find(f, blows), 0) << "not in the hurt window";
  f[0].swing_hurts = true;
  f[0].weapon_before_ws = f[0].weapon_ws = Blade(0.2f, 0.7f);  // stops 0.3 m short, 0.06 m outside the body
  EXPECT_EQ(finder.Find(f, blows), 0);
  f[0].weapon_before_ws = f[0].weapon_ws = Blade(0.2f, 1.1f, /*z=*/0.5f);  // passes in front of the body
  EXPECT_EQ(finder.Find(f, blows), 0);
}

TEST(BlowFinder, AFastBladeIsCaughtBetweenSteps) {
  // A flat swing across depth: last step the blade pointed back past the
  // victim, this step forward past him; at neither instant does it touch
  // him, but it swept through him in between.
  const WeaponSegment back = {{0.3f, 1.2f, 0.0f}, {1.0f, 1.2f, -0.9f}};
  const WeaponSegment front = {{0.3f, 1.2f, 0.0f}, {1.0f, 1.2f, 0.9f}};
  std::array<Fighter, 2> f = {Standing(0.0f, 0), Standing(1.0f, 1)};
  f[0].swing_hurts = true;
  BlowFinder finder;
  finder.Resize(2);
  std::array<Blow, 4> blows{};
  f[0].weapon_before_ws = f[0].weapon_ws = back;
  EXPECT_EQ(finder.Find(f, blows), 0);
  f[0].weapon_before_ws = f[0].weapon_ws = front;
  EXPECT_EQ(finder.Find(f, blows), 0);
  f[0].weapon_before_ws = back;
  f[0].weapon_ws = front;
  EXPECT_EQ(finder.Find(f, blows), 1);
}

TEST(BlowFinder, NoBlowsWithinASideOrForThoseOutOfTheFight) {
  std::array<Fighter, 3> f = {Standing(0.0f, 1), Standing(1.0f, 1), Standing(1.0f, Fighter::kNoSide)};
  f[0].swing_hurts = true;
  f[0].weapon_before_ws = f[0].weapon_ws = Blade(0.2f, 1.1f);
  BlowFinder finder;
  finder.Resize(3);
  std::array<Blow, 4> blows{};
  EXPECT_EQ(finder.Find(f, blows), 0);
  f[1].side = 0;
  EXPECT_EQ(finder.Find(f, blows), 1);
  // A fighter out of the fight strikes nobody either.
  f[0].side = Fighter::kNoSide;
  f[0].swing_serial = 3;
  EXPECT_EQ(finder.Find(f, blows), 0);
}

}  // namespace
}  // namespace knights::game
