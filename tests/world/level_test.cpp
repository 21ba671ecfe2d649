#include "knights/world/level.h"

#include <cmath>

#include <gtest/gtest.h>

#include "world_test_levels.h"

namespace knights::world {
namespace {

using testing::MakeLevel;

TEST(Level, ProfileIsLinearBetweenPointsAndRightContinuousAtSteps) {
  const Level level = testing::MakeSlopeAndStepsLevel();
  const Terrain& t = level.terrain;
  EXPECT_FLOAT_EQ(TerrainMinX(t), 0.0f);
  EXPECT_FLOAT_EQ(TerrainMaxX(t), 30.0f);
  EXPECT_FLOAT_EQ(ProfileHeight(t, 5.0f), 1.0f);
  EXPECT_NEAR(ProfileHeight(t, 15.0f), 2.5f, 1e-6f);
  EXPECT_NEAR(ProfileHeight(t, 19.999f), 4.0f, 1e-3f);
  EXPECT_FLOAT_EQ(ProfileHeight(t, 20.0f), 4.3f);  // at the step: the right-hand side
  EXPECT_FLOAT_EQ(ProfileHeight(t, 25.0f), 3.8f);
  EXPECT_FLOAT_EQ(ProfileHeight(t, -3.0f), 1.0f);  // clamped
  EXPECT_FLOAT_EQ(ProfileHeight(t, 99.0f), 3.8f);
}

TEST(Level, VariationAcrossDepth) {
  Level level = MakeLevel({{0.0f, 0.0f, 0.2f, 0.0f}, {10.0f, 0.0f, 0.0f, 0.1f}});
  level.terrain.bump_wavelength_z = 1.2f;
  const Terrain& t = level.terrain;
  EXPECT_NEAR(TerrainVariation(t, 0.0f, 0.1f), 0.02f, 1e-6f);
  EXPECT_NEAR(TerrainVariation(t, 0.0f, -0.1f), -0.02f, 1e-6f);
  // Halfway: tilt 0.1, bump 0.05 * sin(2 pi z / 1.2).
  const float z = 0.3f;
  EXPECT_NEAR(TerrainVariation(t, 5.0f, z), 0.1f * z + 0.05f * std::sin(6.2831853f * z / 1.2f), 1e-6f);
  EXPECT_NEAR(TerrainHeight(t, 5.0f, 0.0f), 0.0f, 1e-7f);  // the play plane sees the profile
}

TEST(Level, PitsAndNames) {
  Level level = MakeLevel({{0.0f, 0.0f}, {10.0f, 0.0f}});
  level.pits.push_back({2.0f, 3.0f});
  EXPECT_FALSE(InPit(level, 2.0f));
  EXPECT_TRUE(InPit(level, 2.5f));
  EXPECT_FALSE(InPit(level, 3.0f));
  EXPECT_STREQ(ToString(PropKind::kCrate), "crate");
  EXPECT_STREQ(ToString(NpcVariant::kGreen), "green");
  EXPECT_STREQ(ToString(GoalKind::kGate), "gate");
}

}  // namespace
}  // namespace knights::world
