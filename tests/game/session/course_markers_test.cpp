// CourseMarkers: flags rise over kFlagRiseS once their checkpoint is
// passed, only theirs, and drop back when the checkpoint is set back; the
// gate lifts over kGateLiftS from kGateOpenDistanceM before the goal.

#include "knights/game/session/course_markers.h"

#include <cmath>

#include <gtest/gtest.h>

namespace knights::game {
namespace {

constexpr float kDt = 1.0f / 60.0f;

int StepsFor(float seconds) { return static_cast<int>(std::ceil(seconds / kDt)); }

TEST(CourseMarkers, FlagsRiseOnceTheirCheckpointIsPassed) {
  CourseMarkers markers;
  markers.Reset(3);
  ASSERT_EQ(markers.FlagRaise().size(), 3u);
  for (float raise : markers.FlagRaise()) EXPECT_EQ(raise, 0.0f);
  markers.Update(1, 10.0f, 100.0f, kDt);
  EXPECT_GT(markers.FlagRaise()[0], 0.0f);
  EXPECT_LT(markers.FlagRaise()[0], 0.05f) << "rises over time, not at once";
  for (int i = 1; i < StepsFor(CourseMarkers::kFlagRiseS); ++i) markers.Update(1, 10.0f, 100.0f, kDt);
  EXPECT_FLOAT_EQ(markers.FlagRaise()[0], 1.0f);
  EXPECT_FLOAT_EQ(markers.FlagRaise()[1], 1.0f);
  EXPECT_EQ(markers.FlagRaise()[2], 0.0f) << "checkpoint 3 not passed";
  // A restart sets the checkpoint back: the flags come down again.
  for (int i = 0; i < StepsFor(CourseMarkers::kFlagRiseS); ++i) markers.Update(-1, 0.0f, 100.0f, kDt);
  for (float raise : markers.FlagRaise()) EXPECT_EQ(raise, 0.0f);
}

TEST(CourseMarkers, TheGateLiftsAsThePlayerNearsTheGoal) {
  CourseMarkers markers;
  markers.Reset(0);
  const float goal_x = 50.0f;
  for (int i = 0; i < 200; ++i) markers.Update(-1, goal_x - CourseMarkers::kGateOpenDistanceM - 0.5f, goal_x, kDt);
  EXPECT_EQ(markers.GateOpen(), 0.0f) << "shut while the player is far";
  markers.Update(-1, goal_x - CourseMarkers::kGateOpenDistanceM + 0.5f, goal_x, kDt);
  EXPECT_GT(markers.GateOpen(), 0.0f);
  for (int i = 1; i < StepsFor(CourseMarkers::kGateLiftS); ++i) markers.Update(-1, goal_x - 1.0f, goal_x, kDt);
  EXPECT_FLOAT_EQ(markers.GateOpen(), 1.0f);
  markers.Reset(0);
  EXPECT_EQ(markers.GateOpen(), 0.0f);
}

TEST(CourseMarkers, EaseInOutKeepsItsEnds) {
  EXPECT_EQ(EaseInOut(-1.0f), 0.0f);
  EXPECT_EQ(EaseInOut(0.0f), 0.0f);
  EXPECT_FLOAT_EQ(EaseInOut(0.5f), 0.5f);
  EXPECT_EQ(EaseInOut(1.0f), 1.0f);
  EXPECT_EQ(EaseInOut(2.0f), 1.0f);
  EXPECT_LT(EaseInOut(0.1f), 0.1f) << "starts slow";
}

}  // namespace
}  // namespace knights::game
