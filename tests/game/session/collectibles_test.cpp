#include "knights/game/session/collectibles.h"

#include <gtest/gtest.h>

namespace knights::game {
namespace {

world::Level FlatLevelWithGems() {
  world::Level level;
  level.terrain.points = {{0.0f, 0.0f}, {10.0f, 0.0f}, {10.0f, 2.0f}, {20.0f, 2.0f}};
  level.collectibles = {{2.0f, 1.0f}, {12.0f, 1.0f}, {12.0f, 3.0f}};
  return level;
}

// A standing body at x on ground at ground_y.
BodyCapsule BodyAt(float x, float ground_y) { return {{x, ground_y + 0.35f, 0.0f}, {x, ground_y + 1.9f, 0.0f}, 0.24f}; }

TEST(Collectibles, GemsFloatOverTheProfileAndAreTakenOnceByABodyInReach) {
  Collectibles gems;
  gems.Reset(FlatLevelWithGems());
  ASSERT_EQ(gems.Total(), 3);
  EXPECT_FLOAT_EQ(gems.PositionsWs()[1].y, 3.0f);  // 1 m over the 2 m step
  glm::vec3 where(0.0f);
  EXPECT_EQ(gems.Gather(BodyAt(1.0f, 0.0f), &where), 0) << "0.76 m from the body's surface";
  EXPECT_EQ(gems.Gather(BodyAt(1.6f, 0.0f), &where), 1);
  EXPECT_FLOAT_EQ(where.x, 2.0f);
  EXPECT_EQ(gems.Gather(BodyAt(2.0f, 0.0f), &where), 0) << "already taken";
  // The high gem is out of a standing body's reach; the low one is taken.
  EXPECT_EQ(gems.Gather(BodyAt(12.0f, 2.0f), &where), 1);
  EXPECT_EQ(gems.Taken(), 2);
  EXPECT_EQ(gems.TakenFlags()[2], 0);
  // A jump reaches it.
  EXPECT_EQ(gems.Gather(BodyAt(12.0f, 2.0f + 1.0f), &where), 1);
  EXPECT_EQ(gems.Taken(), 3);
  gems.Reset(FlatLevelWithGems());
  EXPECT_EQ(gems.Taken(), 0);
}

TEST(Medals, ATimeEarnsTheBestMedalItBeats) {
  const world::Medals medals{60.0f, 80.0f, 100.0f};
  EXPECT_EQ(MedalFor(medals, 59.9), Medal::kGold);
  EXPECT_EQ(MedalFor(medals, 60.0), Medal::kGold);
  EXPECT_EQ(MedalFor(medals, 60.1), Medal::kSilver);
  EXPECT_EQ(MedalFor(medals, 99.0), Medal::kBronze);
  EXPECT_EQ(MedalFor(medals, 100.5), Medal::kNone);
  EXPECT_EQ(MedalFor(world::Medals{}, 1.0), Medal::kNone) << "a level without medals gives none";
}

}  // namespace
}  // namespace knights::game
