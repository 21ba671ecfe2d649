#include "knights/character/limb_path.h"

#include <gtest/gtest.h>

namespace knights::character {
namespace {

constexpr float kEps = 1e-5f;

// Two holds of a foot on a rung moving down (a climb), a swing between.
LimbPath ClimbingFoot() {
  LimbPath path(glm::vec3(-0.1f, 0.0f, 0.0f));
  path.AddHold({0.0f, 0.5f, glm::vec3(0.3f, 0.3f, 0.0f), glm::vec3(0.0f, -0.4f, 0.0f)});
  path.AddHold({1.0f, 1.5f, glm::vec3(0.3f, 0.3f, 0.0f), glm::vec3(0.0f, -0.4f, 0.0f)});
  return path;
}

TEST(LimbPath, AHeldLimbMovesWithItsHold) {
  const LimbPath path = ClimbingFoot();
  const LimbPath::Sample s = path.At(0.25f);
  EXPECT_TRUE(s.held);
  EXPECT_NEAR(s.point_ms.y, 0.3f - 0.4f * 0.25f, kEps);
  EXPECT_NEAR(s.point_ms.x, 0.3f, kEps);
}

TEST(LimbPath, ASwingLeavesAndMeetsItsHoldsAtTheirVelocityAndBowsAtItsMiddle) {
  const LimbPath path = ClimbingFoot();
  // Mid-swing: half way from the release (y 0.1) to the grab (y 0.3), the
  // Hermite's tangents cancelling by symmetry, plus the whole arc.
  const LimbPath::Sample mid = path.At(0.75f);
  EXPECT_FALSE(mid.held);
  EXPECT_NEAR(mid.point_ms.x, 0.3f - 0.1f, kEps);
  EXPECT_NEAR(mid.point_ms.y, 0.2f, kEps);
  // Just after the release the limb still moves as it was held (no jerk).
  const float dt = 1e-3f;
  const glm::vec3 v_out = (path.At(0.5f + dt).point_ms - path.At(0.5f).point_ms) / dt;
  EXPECT_NEAR(v_out.y, -0.4f, 0.01f);
  EXPECT_NEAR(v_out.x, 0.0f, 0.01f);  // the arc starts with no speed
  const glm::vec3 v_in = (path.At(1.0f).point_ms - path.At(1.0f - dt).point_ms) / dt;
  EXPECT_NEAR(v_in.y, -0.4f, 0.01f);
}

TEST(LimbPath, BeforeTheFirstAndAfterTheLastHoldTheLimbWaitsThere) {
  const LimbPath path = ClimbingFoot();
  EXPECT_NEAR(path.At(-1.0f).point_ms.y, 0.3f, kEps);
  EXPECT_NEAR(path.At(9.0f).point_ms.y, 0.3f - 0.4f * 0.5f, kEps);
}

TEST(LimbPath, HoldsAreContactsWaypointsAreNot) {
  LimbPath path;
  path.AddHold({-0.6f, 0.2f, glm::vec3(0.0f)});  // the last cycle's, wrapping in
  path.AddHold({0.3f, 0.35f, glm::vec3(1.0f), glm::vec3(0.0f), 0.0f, /*contact=*/false});
  path.AddHold({0.6f, 1.4f, glm::vec3(0.0f)});  // wraps past the end of a 1.2 s loop
  const auto loop = path.Contacts(1.2f, true);
  ASSERT_EQ(loop.size(), 1u);
  EXPECT_FLOAT_EQ(loop[0].start_s, 0.6f);
  EXPECT_NEAR(loop[0].end_s, 0.2f, kEps);
  const auto once = path.Contacts(1.2f, false);
  ASSERT_EQ(once.size(), 1u);
  EXPECT_FLOAT_EQ(once[0].end_s, 1.2f);  // a one-shot's is clamped to its end
  EXPECT_FALSE(path.At(0.32f).held);     // on the waypoint, holding nothing
}

TEST(LimbPath, HoldsMustBeInOrderAndNotOverlap) {
  LimbPath path;
  path.AddHold({0.0f, 0.5f, glm::vec3(0.0f)});
  EXPECT_TRUE(path.Valid());
  path.AddHold({0.4f, 0.9f, glm::vec3(0.0f)});
  EXPECT_FALSE(path.Valid());
  LimbPath empty_hold;
  empty_hold.AddHold({0.5f, 0.5f, glm::vec3(0.0f)});
  EXPECT_FALSE(empty_hold.Valid());
}

TEST(LimbPath, AStepAlongTheGroundMayBowItsOwnWay) {
  LimbPath path(glm::vec3(-0.1f, 0.0f, 0.0f));
  path.AddHold({0.0f, 0.2f, glm::vec3(0.0f)});
  path.AddHold({0.6f, 0.8f, glm::vec3(0.4f, 0.0f, 0.0f)}, glm::vec3(0.0f, 0.3f, 0.0f));
  const glm::vec3 mid = path.At(0.4f).point_ms;
  EXPECT_NEAR(mid.y, 0.3f, kEps);
  EXPECT_NEAR(mid.x, 0.2f, kEps);
}

}  // namespace
}  // namespace knights::character
