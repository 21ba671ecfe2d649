#include "knights/world/ladder.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace knights::world {
namespace {

LadderDesc Desc(float bottom_y, float top_y, float spacing, float lean_deg = 0.0f) {
  LadderDesc d;
  d.x = 10.0f;
  d.z = 0.2f;
  d.bottom_y = bottom_y;
  d.top_y = top_y;
  d.rung_spacing = spacing;
  d.width = 0.5f;
  d.lean_deg = lean_deg;
  return d;
}

class VerticalLadderSpacing : public ::testing::TestWithParam<float> {};

TEST_P(VerticalLadderSpacing, RungsStartOneSpacingAboveTheBottomAndKeepTheSpacing) {
  const float spacing = GetParam();
  const float bottom = 0.45f, top = 4.45f;
  const Ladder ladder(Desc(bottom, top, spacing));
  const int expected_count = static_cast<int>(std::floor((top - bottom) / spacing + 1e-4f));
  ASSERT_EQ(ladder.RungCount(), expected_count);
  for (int i = 0; i < ladder.RungCount(); ++i) {
    const glm::vec3& r = ladder.Rung(i);
    EXPECT_NEAR(r.y, bottom + spacing * static_cast<float>(i + 1), 1e-5f);
    EXPECT_NEAR(r.x, 10.0f, 1e-6f);
    EXPECT_NEAR(r.z, 0.2f, 1e-6f);
    EXPECT_LE(r.y, top + 1e-4f);
    if (i > 0) {
      EXPECT_NEAR(glm::length(r - ladder.Rung(i - 1)), spacing, 1e-5f);
    }
  }
  // The next rung would be above the top.
  EXPECT_GT(bottom + spacing * static_cast<float>(expected_count + 1), top);
}

INSTANTIATE_TEST_SUITE_P(Spacings, VerticalLadderSpacing, ::testing::Values(0.22f, 0.28f, 0.33f, 0.40f));

TEST(Ladder, HeightThatIsAMultipleOfTheSpacingKeepsItsTopRung) {
  const Ladder ladder(Desc(0.7f, 6.7f, 0.40f));  // 6 m / 0.40 = 15 rungs exactly
  ASSERT_EQ(ladder.RungCount(), 15);
  EXPECT_NEAR(ladder.Rung(14).y, 6.7f, 1e-4f);
}

TEST(Ladder, LeaningLadderPlacesRungsAlongItsAxis) {
  const float lean = 12.0f, spacing = 0.33f;
  const Ladder ladder(Desc(0.38f, 4.38f, spacing, lean));
  const float rad = lean * 3.14159265f / 180.0f;
  const float length = 4.0f / std::cos(rad);
  EXPECT_NEAR(ladder.length(), length, 1e-5f);
  EXPECT_NEAR(ladder.up_axis_ws().x, std::sin(rad), 1e-6f);
  EXPECT_NEAR(ladder.up_axis_ws().y, std::cos(rad), 1e-6f);
  EXPECT_NEAR(ladder.top_ws().x, 10.0f + 4.0f * std::tan(rad), 1e-5f);
  EXPECT_NEAR(ladder.top_ws().y, 4.38f, 1e-5f);
  ASSERT_EQ(ladder.RungCount(), static_cast<int>(std::floor(length / spacing)));
  for (int i = 0; i < ladder.RungCount(); ++i) {
    const float along = spacing * static_cast<float>(i + 1);
    EXPECT_NEAR(ladder.Rung(i).x, 10.0f + along * std::sin(rad), 1e-5f);  // top leans towards +x
    EXPECT_NEAR(ladder.Rung(i).y, 0.38f + along * std::cos(rad), 1e-5f);
  }
  // Negative lean goes towards -x.
  const Ladder back(Desc(0.0f, 3.0f, 0.3f, -10.0f));
  EXPECT_LT(back.Rung(3).x, 10.0f);
  EXPECT_NEAR(back.PointAtHeightWs(3.0f).x, 10.0f - 3.0f * std::tan(10.0f * 3.14159265f / 180.0f), 1e-5f);
}

TEST(Ladder, NearestAboveAndBelow) {
  const Ladder ladder(Desc(0.0f, 3.0f, 0.3f));  // rungs at 0.3, 0.6, ..., 3.0
  ASSERT_EQ(ladder.RungCount(), 10);
  EXPECT_EQ(ladder.NearestRung(0.0f), 0);
  EXPECT_EQ(ladder.NearestRung(0.94f), 2);  // 0.9
  EXPECT_EQ(ladder.NearestRung(0.96f), 2);
  EXPECT_EQ(ladder.NearestRung(1.06f), 3);  // 1.2 is nearer than 0.9
  EXPECT_EQ(ladder.NearestRung(10.0f), 9);
  EXPECT_EQ(ladder.RungAbove(ladder.Rung(2).y), 3);  // strictly above rung 2
  EXPECT_EQ(ladder.RungAbove(-1.0f), 0);
  EXPECT_EQ(ladder.RungAbove(ladder.Rung(9).y), -1);
  EXPECT_EQ(ladder.RungBelow(0.95f), 2);
  EXPECT_EQ(ladder.RungBelow(ladder.Rung(0).y), -1);  // strictly below rung 0
  EXPECT_EQ(ladder.RungBelow(5.0f), 9);
  const Ladder empty(Desc(0.0f, 0.1f, 0.3f));
  EXPECT_EQ(empty.RungCount(), 0);
  EXPECT_EQ(empty.NearestRung(0.0f), -1);
}

TEST(Ladder, GripPointsRailsAndFacing) {
  const Ladder ladder(Desc(0.0f, 3.0f, 0.3f));
  const glm::vec3 left = ladder.HandGripWs(4, -1.0f, 0.2f);
  const glm::vec3 right = ladder.HandGripWs(4, 1.0f, 0.2f);
  EXPECT_NEAR(left.z, 0.0f, 1e-6f);
  EXPECT_NEAR(right.z, 0.4f, 1e-6f);
  EXPECT_NEAR(left.y, ladder.Rung(4).y, 1e-6f);
  const glm::vec3 foot = ladder.FootPlantWs(1, 1.0f, 0.1f);
  EXPECT_NEAR(foot.y, ladder.Rung(1).y + Ladder::kRungRadius, 1e-6f);
  EXPECT_NEAR(foot.z, 0.3f, 1e-6f);
  EXPECT_NEAR(ladder.RailBottomWs(-1.0f).z, -0.05f, 1e-6f);
  EXPECT_NEAR(ladder.RailTopWs(1.0f).y, 3.0f + Ladder::kRailExtension, 1e-5f);
  EXPECT_EQ(ladder.ClimberFacingWs(), glm::vec3(1, 0, 0));
  EXPECT_NEAR(ladder.ClimberSideNormalWs().x, -1.0f, 1e-6f);
  EXPECT_NEAR(ladder.ExitPointWs().x, 10.5f, 1e-6f);
  EXPECT_NEAR(ladder.ExitPointWs().y, 3.0f, 1e-6f);
  LadderDesc d = Desc(0.0f, 3.0f, 0.3f);
  d.exit_dir = -1;
  const Ladder reverse(d);
  EXPECT_EQ(reverse.ClimberFacingWs(), glm::vec3(-1, 0, 0));
  EXPECT_NEAR(reverse.ExitPointWs().x, 9.5f, 1e-6f);
  EXPECT_NEAR(reverse.ClimberSideNormalWs().x, 1.0f, 1e-6f);
}

}  // namespace
}  // namespace knights::world
