// KnightController, driven by input sequences through a small real level
// (game_test_util.h): speeds, steps and walls, jumps (apex, coyote time, jump
// buffer), ladders (enter at the bottom and the top, climb, exit onto the
// ledge, step off at the bottom), pits and checkpoints, turning round, and
// the step smoothing of the drawn body.

#include "knights/game/knight/knight_controller.h"

#include <cmath>
#include <optional>
#include <limits>
#include <utility>

#include <array>

#include <gtest/gtest.h>

#include "tests/game/game_test_util.h"

namespace knights::game {
namespace {

using test::Drive;
using test::DriveUntil;
using test::Input;
using test::kDt;

constexpr float kPi = 3.14159265358979f;

class KnightControllerTest : public ::testing::Test {
 protected:
  KnightControllerTest() : world_(test::MakeTestLevel()) {}
  // Ground height of the test level's profile at x (z = 0).
  static float ProfileY(float x) {
    if (x < test::kSmallStepX) return 0.0f;
    if (x < test::kWallX) return test::kSmallStepTopY;
    if (x < test::kCliffX) return test::kWallTopY;
    return test::kPlateauY;
  }
  void Spawn(float x, int facing = +1) { c_.Spawn(glm::vec3(x, ProfileY(x), 0.0f), facing); }
  // Climb root x on the test ladder (rung_reach_m behind the rails, away from the exit).
  float ClimbX() const { return test::kLadderX - c_.motion_clip_info().rung_reach_m; }
  float JumpSpeed() const { return std::sqrt(2.0f * c_.tuning.gravity_mps2 * c_.tuning.jump_apex_m); }

  world::World world_;
  KnightController c_;
};

TEST_F(KnightControllerTest, IdleWalkRunAndStop) {
  Spawn(2.0f);
  Drive(c_, world_, Input(0.0f), 10);
  EXPECT_EQ(c_.Role(), character::ClipRole::kIdle);
  EXPECT_EQ(c_.FeetWs(), glm::vec3(2.0f, 0.0f, 0.0f));
  // Walk for one second: 12 m/s^2 up to 1.5 m/s. Distance: the speed after
  // step k is min(0.2 k, 1.5) m/s.
  Drive(c_, world_, Input(1.0f), 60);
  EXPECT_FLOAT_EQ(c_.VelocityMps().x, c_.tuning.walk_speed_mps);
  EXPECT_EQ(c_.Role(), character::ClipRole::kWalk);
  float expected_x = 2.0f;
  for (int k = 1; k <= 60; ++k) expected_x += std::min(0.2f * k, 1.5f) * kDt;
  EXPECT_NEAR(c_.FeetWs().x, expected_x, 1e-3f);
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
  Drive(c_, world_, Input(1.0f, 0.0f, /*run=*/true), 60);
  EXPECT_FLOAT_EQ(c_.VelocityMps().x, c_.tuning.run_speed_mps);
  EXPECT_EQ(c_.Role(), character::ClipRole::kRun);
  // Stop: 16 m/s^2 from 4 m/s takes 0.25 s.
  Drive(c_, world_, Input(0.0f), 14);
  EXPECT_GT(c_.VelocityMps().x, 0.0f);
  Drive(c_, world_, Input(0.0f), 2);
  EXPECT_EQ(c_.VelocityMps().x, 0.0f);
  EXPECT_EQ(c_.Role(), character::ClipRole::kIdle);
  EXPECT_EQ(c_.Facing(), 1);
}

TEST_F(KnightControllerTest, WalksUpASmallStepWithoutJumping) {
  Spawn(8.5f);
  float max_visual_change = 0.0f;
  float previous_visual_y = c_.VisualFeetWs().y;
  Drive(c_, world_, Input(1.0f), 150, [&](int step) {
    ASSERT_EQ(c_.mode(), KnightMode::kGround) << "step " << step;
    ASSERT_NE(c_.Role(), character::ClipRole::kJumpUp);
    ASSERT_NEAR(c_.FeetWs().y, ProfileY(c_.FeetWs().x), 1e-5f) << "step " << step;
    max_visual_change = std::max(max_visual_change, std::fabs(c_.VisualFeetWs().y - previous_visual_y));
    previous_visual_y = c_.VisualFeetWs().y;
  });
  EXPECT_GT(c_.FeetWs().x, 11.0f);
  EXPECT_NEAR(c_.FeetWs().y, test::kSmallStepTopY, 1e-5f);
  EXPECT_FLOAT_EQ(c_.VelocityMps().x, c_.tuning.walk_speed_mps);  // never blocked
  // Step smoothing: the drawn body eases up the 0.3 m (critically damped,
  // w = 2 / smooth time: at most 0.3 w / e per second), and has arrived.
  const float w = 2.0f / c_.tuning.step_smooth_time_s;
  EXPECT_LE(max_visual_change, 0.3f * w / std::exp(1.0f) * kDt * 1.01f);
  EXPECT_NEAR(c_.VisualFeetWs().y, c_.FeetWs().y, 1e-3f);
}

// The level README's promises at their limits: 0.40 m risers on 0.25 m
// treads, a 0.40 m rock on flat ground and 0.25 m rocks (0.4 m long) on a
// 40 degree slope (their top 0.42 m over the ground at their downhill
// edge) are walked and run over without a jump or a stop.
TEST(KnightControllerLimits, WalksUpTheSteepestStairsAndOverRocksOnTheSteepestSlope) {
  world::Level level;
  level.name = "limits";
  float x = 5.0f, y = 0.0f;
  level.terrain.points = {{0.0f, 0.0f}, {x, y}};
  for (int i = 0; i < 6; ++i) {
    y += 0.40f;
    level.terrain.points.push_back({x, y});
    x += 0.25f;
    level.terrain.points.push_back({x, y});
  }
  x += 3.0f;
  level.terrain.points.push_back({x, y});
  const float slope_x0 = x;
  x += 5.0f;
  y += 5.0f * 0.8390996f * 0.9999f;  // 40 degrees
  level.terrain.points.push_back({x, y});
  level.terrain.points.push_back({x + 4.0f, y});
  for (const auto& [rock_x, height] : {std::pair{3.0f, 0.4f}, {slope_x0 + 1.5f, 0.25f}, {slope_x0 + 3.5f, 0.25f}}) {
    world::Rock rock;
    rock.x = rock_x;
    rock.size = {0.4f, height, 0.4f};
    level.rocks.push_back(rock);
  }
  level.spawn.x = 1.0f;
  level.goal.x = x + 3.0f;
  level.kill_y = -10.0f;
  const world::World world(level);
  for (const bool run : {false, true}) {
    KnightController c;
    c.Spawn(glm::vec3(1.0f, 0.0f, 0.0f));
    int steps = 0;
    ASSERT_TRUE(DriveUntil(c, world, Input(1.0f, 0.0f, run), 1200,
                           [&] {
                             ++steps;
                             EXPECT_EQ(c.mode(), KnightMode::kGround)
                                 << "run " << run << " step " << steps << " x " << c.FeetWs().x;
                             return c.FeetWs().x >= level.goal.x;
                           }))
        << "run " << run << ": stopped at x " << c.FeetWs().x;
    EXPECT_EQ(c.Respawns(), 0);
  }
}

// Stair gait: running up and then down a flight of the steepest stairs
// (ten 0.40 m risers on 0.25 m treads, 4 m), the feet rise no faster than
// max_climb_rate_mps and fall no faster than max_descent_rate_mps, timed
// over each whole flight (a run would take each in 0.63 s, 6.4 m/s); on
// the level ground between, the knight runs at run_speed_mps.
TEST(KnightControllerLimits, RunningOverTheSteepestStairsKeepsAStairGait) {
  constexpr int kRisers = 10;
  constexpr float kRiseM = 0.40f, kTreadM = 0.25f;
  world::Level level;
  level.name = "stair gait";
  float x = 5.0f, y = 0.0f;
  level.terrain.points = {{0.0f, 0.0f}, {x, y}};
  for (const float rise : {kRiseM, -kRiseM}) {
    for (int i = 0; i < kRisers; ++i) {
      y += rise;
      level.terrain.points.push_back({x, y});
      x += kTreadM;
      level.terrain.points.push_back({x, y});
    }
    x += 6.0f;
    level.terrain.points.push_back({x, y});
  }
  level.spawn.x = 1.0f;
  level.goal.x = x - 1.0f;
  level.kill_y = -10.0f;
  const world::World world(level);
  KnightController c;
  c.Spawn(glm::vec3(1.0f, 0.0f, 0.0f));
  const float flight_m = kRisers * kTreadM;
  const float up_x0 = 5.0f, up_x1 = up_x0 + flight_m, down_x0 = up_x1 + 6.0f, down_x1 = down_x0 + flight_m;
  int step = 0, up_start = -1, up_end = -1, down_start = -1, down_end = -1;
  float fastest_on_the_level_mps = 0.0f;
  ASSERT_TRUE(DriveUntil(c, world, Input(1.0f, 0.0f, /*run=*/true), 1200, [&] {
    ++step;
    const float feet_x = c.FeetWs().x;
    if (up_start < 0 && feet_x >= up_x0) up_start = step;
    if (up_end < 0 && feet_x >= up_x1) up_end = step;
    if (down_start < 0 && feet_x >= down_x0) down_start = step;
    if (down_end < 0 && feet_x >= down_x1) down_end = step;
    if (feet_x > up_x1 + 2.5f && feet_x < down_x0 - 2.5f)
      fastest_on_the_level_mps = std::max(fastest_on_the_level_mps, std::fabs(c.VelocityMps().x));
    return feet_x >= level.goal.x;
  }));
  const float height_m = kRisers * kRiseM;
  const float climb_mps = height_m / (static_cast<float>(up_end - up_start) * kDt);
  const float descent_mps = height_m / (static_cast<float>(down_end - down_start) * kDt);
  EXPECT_LE(climb_mps, c.tuning.max_climb_rate_mps * 1.05f);
  EXPECT_GT(climb_mps, c.tuning.max_climb_rate_mps * 0.5f);
  EXPECT_LE(descent_mps, c.tuning.max_descent_rate_mps * 1.05f);
  EXPECT_GT(descent_mps, c.tuning.max_descent_rate_mps * 0.5f);
  EXPECT_NEAR(fastest_on_the_level_mps, c.tuning.run_speed_mps, 1e-3f);
  EXPECT_EQ(c.Respawns(), 0);
}

// Running down a flight of the steepest stairs (0.40 m risers, 0.25 m
// treads), the drawn body eases each step down, and nothing piles up from
// one riser to the next: when the feet snap down a riser, the lag left from
// the risers before (the drawn body above the feet) is under
// max_drop_lag_m, so a leg always reaches the tread below; a single riser
// puts the body no more than its own height above the feet.
TEST(KnightControllerLimits, RunningDownTheSteepestStairsTheBodyStaysNearTheFeet) {
  world::Level level;
  level.name = "stairs down";
  float x = 5.0f, y = 4.0f;
  level.terrain.points = {{0.0f, y}, {x, y}};
  for (int i = 0; i < 10; ++i) {
    y -= 0.40f;
    level.terrain.points.push_back({x, y});
    x += 0.25f;
    level.terrain.points.push_back({x, y});
  }
  level.terrain.points.push_back({x + 6.0f, y});
  level.spawn.x = 1.0f;
  level.goal.x = x + 5.0f;
  level.kill_y = -10.0f;
  const world::World world(level);
  KnightController c;
  c.Spawn(glm::vec3(1.0f, 4.0f, 0.0f));
  float highest_lag_m = 0.0f, highest_lag_before_a_riser_m = -1.0f;
  float last_feet_y = c.FeetWs().y, last_lag_m = 0.0f;
  int risers = 0;
  ASSERT_TRUE(DriveUntil(c, world, Input(1.0f, 0.0f, /*run=*/true), 600, [&] {
    const float lag_m = c.VisualFeetWs().y - c.FeetWs().y;
    if (c.Grounded()) {
      if (c.FeetWs().y < last_feet_y - 0.2f) {
        ++risers;
        highest_lag_before_a_riser_m = std::max(highest_lag_before_a_riser_m, last_lag_m);
      }
      highest_lag_m = std::max(highest_lag_m, lag_m);
    }
    last_feet_y = c.FeetWs().y;
    last_lag_m = lag_m;
    return c.FeetWs().x >= x + 2.0f;
  }));
  EXPECT_EQ(risers, 10);
  EXPECT_GT(highest_lag_m, 0.1f);  // the steps are eased, not snapped
  EXPECT_LE(highest_lag_m, 0.40f);
  EXPECT_LE(highest_lag_before_a_riser_m, c.tuning.max_drop_lag_m);
}

// Issue 38: the drawn body (VisualFeetWs) never jolts. Up and down a flight
// of the steepest stairs (0.40 m risers on 0.25 m treads), over ripples,
// off a 2 m drop and onto a 40 degree slope, walking and running, its height changes speed by at most
// max_step_ease_accel_mps2 (0.05 m a step) beyond what the ground's own mean slope asks for; a landing is cushioned
// below the feet and eased back.
// A fall from 40 m (an NPC spawned on a tall block walks off it) lands at
// about 28 m/s: the drawn body is cushioned no deeper than
// max_landing_dip_m below the feet (taking the whole speed, it sank 2.4 m
// into the ground and came back up).
TEST(KnightControllerLimits, ALandingFromAGreatHeightSinksTheBodyNoDeeperThanTheCushion) {
  world::Level level;
  level.name = "tower";
  level.terrain.points = {{0.0f, 40.0f}, {3.0f, 40.0f}, {3.0f, 0.0f}, {30.0f, 0.0f}};
  level.spawn.x = 1.0f;
  level.goal.x = 25.0f;
  level.kill_y = -10.0f;
  const world::World world(level);
  for (const bool capped : {true, false}) {
    KnightController c;
    if (!capped) c.tuning.max_landing_dip_m = 1000.0f;  // the whole landing speed into the drawn body
    c.Spawn(glm::vec3(1.0f, 40.0f, 0.0f));
    float deepest_m = 0.0f;
    ASSERT_TRUE(DriveUntil(c, world, Input(1.0f, 0.0f, /*run=*/false, /*jump=*/false), 1200, [&] {
      if (c.Grounded() && c.FeetWs().y < 1.0f) deepest_m = std::max(deepest_m, c.FeetWs().y - c.VisualFeetWs().y);
      return c.FeetWs().x >= 8.0f;
    }));
    if (capped) {
      EXPECT_LE(deepest_m, c.tuning.max_landing_dip_m);
    } else {
      EXPECT_GT(deepest_m, 1.0f) << "uncapped, the fall sinks the body (the hazard this bound is about)";
    }
  }
}

TEST(KnightControllerLimits, TheDrawnBodyNeverJoltsOnStepsRipplesAndDrops) {
  world::Level level;
  level.name = "jolts";
  float x = 5.0f, y = 4.0f;
  level.terrain.points = {{0.0f, y}, {x, y}};
  auto stairs = [&](float rise) {
    for (int i = 0; i < 5; ++i) {
      y += rise;
      level.terrain.points.push_back({x, y});
      x += 0.25f;
      level.terrain.points.push_back({x, y});
    }
    x += 3.0f;
    level.terrain.points.push_back({x, y});
  };
  stairs(0.40f);
  stairs(-0.40f);
  for (int i = 0; i < 8; ++i) {  // ripples: 0.1 m up and down every 0.2 m
    x += 0.1f;
    level.terrain.points.push_back({x, y + 0.1f});
    x += 0.1f;
    level.terrain.points.push_back({x, y});
  }
  x += 3.0f;
  level.terrain.points.push_back({x, y});
  level.terrain.points.push_back({x, y - 2.0f});  // a 2 m drop
  y -= 2.0f;
  x += 4.0f;
  level.terrain.points.push_back({x, y});
  x += 4.0f;
  y += 4.0f * 0.8390996f * 0.9999f;  // 40 degrees up
  level.terrain.points.push_back({x, y});
  level.terrain.points.push_back({x + 10.0f, y});
  level.spawn.x = 1.0f;
  level.goal.x = x + 8.0f;
  level.kill_y = -10.0f;
  const world::World world(level);
  for (const bool run : {false, true}) {
    KnightController c;
    c.Spawn(glm::vec3(1.0f, 4.0f, 0.0f));
    const float max_kink_m = c.tuning.max_step_ease_accel_mps2 * kDt * kDt;
    std::array<float, 2> drawn_y = {c.VisualFeetWs().y, c.VisualFeetWs().y};
    float worst_kink_m = 0.0f, lowest_below_feet_m = 0.0f;
    int steps = 0;
    ASSERT_TRUE(
        DriveUntil(c, world, Input(1.0f, 0.0f, run, /*jump=*/false), 3000,
                   [&] {
                     ++steps;
                     const float now_y = c.VisualFeetWs().y;
                     // The ground's own slope is followed as it is (the feet's own speed
                     // changes there, at most 40 degrees at a run: about 0.06 m a step).
                     const float slope_kink_m = (run ? c.tuning.run_speed_mps : c.tuning.walk_speed_mps) * kDt * 0.84f;
                     if (steps > 2)
                       worst_kink_m = std::max(worst_kink_m, std::fabs(now_y - 2.0f * drawn_y[0] + drawn_y[1]));
                     EXPECT_LE(std::fabs(now_y - 2.0f * drawn_y[0] + drawn_y[1]), max_kink_m + slope_kink_m + 1e-3f)
                         << "run " << run << " step " << steps << " x " << c.FeetWs().x;
                     if (c.Grounded()) lowest_below_feet_m = std::max(lowest_below_feet_m, c.FeetWs().y - now_y);
                     drawn_y = {now_y, drawn_y[0]};
                     return c.FeetWs().x >= level.goal.x;
                   }))
        << "run " << run << ": stopped at x " << c.FeetWs().x;
    EXPECT_GT(worst_kink_m, 0.5f * max_kink_m) << "the steps are eased at the limit, not snapped nor ignored";
    EXPECT_GT(lowest_below_feet_m, 0.05f) << "the landing is cushioned";
    EXPECT_NEAR(c.VisualFeetWs().y, c.FeetWs().y, 1e-3f) << "and eased back";
  }
}

TEST_F(KnightControllerTest, AOneMetreStepIsAWall) {
  Spawn(12.0f);
  Drive(c_, world_, Input(1.0f, 0.0f, /*run=*/true), 180, [&](int step) {
    ASSERT_LE(c_.FeetWs().x, test::kWallX - c_.tuning.body_radius_m + 1e-4f) << "step " << step;
    ASSERT_EQ(c_.mode(), KnightMode::kGround);
  });
  EXPECT_GT(c_.FeetWs().x, test::kWallX - c_.tuning.body_radius_m - 0.05f);  // walked up to it
  EXPECT_NEAR(c_.FeetWs().y, test::kSmallStepTopY, 1e-5f);
  EXPECT_LT(c_.VelocityMps().x, 0.5f);  // stopped by the wall, not running
}

TEST_F(KnightControllerTest, JumpReachesTheApexAndLands) {
  Spawn(3.0f);
  c_.Step(Input(0.0f, 0.0f, false, /*jump=*/true), world_, kDt);
  EXPECT_EQ(c_.mode(), KnightMode::kAir);
  EXPECT_EQ(c_.Role(), character::ClipRole::kJumpUp);
  EXPECT_NEAR(c_.VelocityMps().y, JumpSpeed(), 1e-5f);
  float apex = 0.0f;
  int air_steps = 1;
  const bool landed = DriveUntil(c_, world_, Input(0.0f), 120, [&] {
    apex = std::max(apex, c_.FeetWs().y);
    ++air_steps;
    return c_.mode() == KnightMode::kGround;
  });
  ASSERT_TRUE(landed);
  // Ballistic flight: apex h = v0^2 / 2g = jump_apex_m; sampled every step,
  // the highest sample is at most g dt^2 / 8 below it.
  EXPECT_LE(apex, c_.tuning.jump_apex_m + 1e-4f);
  EXPECT_GE(apex, c_.tuning.jump_apex_m - c_.tuning.gravity_mps2 * kDt * kDt / 8.0f - 1e-4f);
  // Air time 2 v0 / g.
  EXPECT_NEAR(air_steps * kDt, 2.0f * JumpSpeed() / c_.tuning.gravity_mps2, 2.0f * kDt);
  EXPECT_TRUE(c_.JustLanded());
  EXPECT_EQ(c_.Role(), character::ClipRole::kLand);
  EXPECT_NEAR(c_.FeetWs().y, 0.0f, 1e-5f);
  EXPECT_NEAR(c_.FeetWs().x, 3.0f, 1e-5f);
  Drive(c_, world_, Input(0.0f), 30);
  EXPECT_FALSE(c_.JustLanded());
  EXPECT_EQ(c_.Role(), character::ClipRole::kIdle);
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
}

// Walks left off the 1 m ledge at x = 14 and presses jump `late_steps` air
// steps after leaving the ground; returns whether it jumped.
class CoyoteTest : public KnightControllerTest, public ::testing::WithParamInterface<int> {};

TEST_P(CoyoteTest, JumpShortlyAfterLeavingTheLedgeStillJumps) {
  const int late_steps = GetParam();
  Spawn(15.0f, -1);
  ASSERT_TRUE(DriveUntil(c_, world_, Input(-1.0f), 120, [&] { return c_.mode() == KnightMode::kAir; }));
  EXPECT_EQ(c_.Role(), character::ClipRole::kFall);
  Drive(c_, world_, Input(-1.0f), late_steps - 1);
  ASSERT_EQ(c_.mode(), KnightMode::kAir);
  c_.Step(Input(-1.0f, 0.0f, false, /*jump=*/true), world_, kDt);
  // coyote_time_s = 0.1: the step that leaves the ground starts it, each air
  // step uses one dt before the jump is checked.
  const bool should_jump = late_steps * kDt < c_.tuning.coyote_time_s - 1e-4f;
  if (should_jump) {
    EXPECT_EQ(c_.Role(), character::ClipRole::kJumpUp);
    EXPECT_NEAR(c_.VelocityMps().y, JumpSpeed() - c_.tuning.gravity_mps2 * kDt, 1e-4f);
  } else {
    EXPECT_NE(c_.Role(), character::ClipRole::kJumpUp);
    EXPECT_LT(c_.VelocityMps().y, 0.0f);
  }
}

INSTANTIATE_TEST_SUITE_P(LateSteps, CoyoteTest, ::testing::Values(1, 3, 5, 7, 10));

// The step on which a jump from x = 3 lands (without further input).
int LandingStep(KnightController c, const world::World& world) {
  c.Step(Input(0.0f, 0.0f, false, true), world, kDt);
  for (int step = 1; step < 200; ++step) {
    c.Step(Input(0.0f), world, kDt);
    if (c.mode() == KnightMode::kGround) return step;
  }
  return -1;
}

TEST_F(KnightControllerTest, JumpBufferedShortlyBeforeLandingJumpsOnLanding) {
  Spawn(3.0f);
  const int landing = LandingStep(c_, world_);
  ASSERT_GT(landing, 10);
  for (int early : {2, 4, 6, 9, 12}) {
    SCOPED_TRACE(early);
    KnightController c = c_;
    c.Step(Input(0.0f, 0.0f, false, true), world_, kDt);
    for (int step = 1; step < landing; ++step) c.Step(Input(0.0f, 0.0f, false, step == landing - early), world_, kDt);
    c.Step(Input(0.0f), world_, kDt);  // the landing step
    const bool buffered = early * kDt < c_.tuning.jump_buffer_s - 1e-4f;
    EXPECT_TRUE(c.JustLanded());
    if (buffered) {
      EXPECT_EQ(c.mode(), KnightMode::kAir);
      EXPECT_EQ(c.Role(), character::ClipRole::kJumpUp);
      EXPECT_NEAR(c.VelocityMps().y, JumpSpeed(), 1e-4f);
    } else {
      EXPECT_EQ(c.mode(), KnightMode::kGround);
      EXPECT_EQ(c.Role(), character::ClipRole::kLand);
    }
  }
}

// Up at the ladder's foot: enter clip, then climb along the rails, then the
// exit clip at the top and standing on the ledge.
TEST_F(KnightControllerTest, ClimbsFromTheBottomOntoTheLedge) {
  Spawn(test::kLadderX - 0.4f);
  c_.Step(Input(0.0f, 1.0f), world_, kDt);
  ASSERT_EQ(c_.mode(), KnightMode::kLadderEnter);
  EXPECT_EQ(c_.Role(), character::ClipRole::kLadderEnterBottom);
  EXPECT_EQ(c_.Ladder(), 0);
  EXPECT_EQ(c_.Facing(), 1);
  const MotionClipInfo& info = c_.motion_clip_info();
  // The enter clip plays for its duration; the feet shuffle onto the climbing spot.
  int enter_steps = 0;
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, 1.0f), 200, [&] {
    ++enter_steps;
    if (c_.mode() == KnightMode::kLadderEnter) {
      EXPECT_NEAR(c_.FeetWs().y, test::kLadderBottomY, 1e-5f);
      if (enter_steps * kDt > info.enter_duration_s / 3.0f + kDt) {
        EXPECT_NEAR(c_.FeetWs().x, ClimbX(), 1e-5f);
      }
    }
    return c_.mode() != KnightMode::kLadderEnter;
  }));
  EXPECT_NEAR(enter_steps, std::round(info.enter_duration_s / kDt), 1.0f);
  ASSERT_EQ(c_.mode(), KnightMode::kClimb);
  EXPECT_EQ(c_.Role(), character::ClipRole::kClimbUp);
  EXPECT_NEAR(c_.FeetWs().x, ClimbX(), 1e-5f);
  // Whole cycles from the bottom to where the exit starts (time warp).
  const float max_s = test::kLadderTopY - test::kLadderBottomY - info.exit_root_offset_m.y;
  const float cycles = max_s / c_.ClimbRisePerCycleM();
  EXPECT_NEAR(cycles, std::round(cycles), 1e-4f);
  EXPECT_NEAR(c_.ClimbRisePerCycleM(), info.climb_rungs_per_cycle * test::kRungSpacing,
              0.5f * info.climb_rungs_per_cycle * test::kRungSpacing);
  // Climbing: along the rails at ClimbSpeedMps.
  float previous_y = c_.FeetWs().y;
  int climb_steps = 0;
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, 1.0f), 600, [&] {
    if (c_.mode() != KnightMode::kClimb) return true;
    ++climb_steps;
    EXPECT_NEAR(c_.FeetWs().x, ClimbX(), 1e-5f);
    EXPECT_NEAR(c_.FeetWs().y - previous_y, c_.ClimbSpeedMps() * kDt, 1e-4f);
    EXPECT_NEAR(c_.FeetWs().y, test::kLadderBottomY + c_.ClimbS(), 1e-4f);
    EXPECT_EQ(c_.Role(), character::ClipRole::kClimbUp);
    EXPECT_FLOAT_EQ(c_.RoleRate(), 1.0f);
    previous_y = c_.FeetWs().y;
    return false;
  }));
  ASSERT_EQ(c_.mode(), KnightMode::kLadderExit);
  EXPECT_EQ(c_.Role(), character::ClipRole::kLadderExitTop);
  EXPECT_NEAR(climb_steps * kDt, max_s / c_.ClimbSpeedMps(), 2.0f * kDt);
  // The exit starts where the climb cycle starts over.
  EXPECT_NEAR(std::min(c_.ClimbPhase(), 1.0f - c_.ClimbPhase()), 0.0f, 1e-3f);
  EXPECT_NEAR(c_.FeetWs().y, test::kLadderTopY - info.exit_root_offset_m.y, 1e-4f);
  int exit_steps = 0;
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f), 300, [&] {
    ++exit_steps;
    return c_.mode() != KnightMode::kLadderExit;
  }));
  EXPECT_NEAR(exit_steps, std::round(info.exit_duration_s / kDt), 1.0f);
  ASSERT_EQ(c_.mode(), KnightMode::kGround);
  EXPECT_EQ(c_.Role(), character::ClipRole::kIdle);
  EXPECT_EQ(c_.Ladder(), -1);
  // On the ledge, at the ladder's exit point (0.5 m past the rails' top).
  EXPECT_NEAR(c_.FeetWs().x, world_.ladders()[0].ExitPointWs().x, 1e-4f);
  EXPECT_NEAR(c_.FeetWs().x, test::kLadderX + 0.5f, 1e-4f);
  EXPECT_GT(c_.FeetWs().x, test::kCliffX);
  EXPECT_NEAR(c_.FeetWs().y, test::kPlateauY, 1e-5f);
  // And stays there: no falling through at the ladder's top.
  Drive(c_, world_, Input(0.0f), 120, [&](int) {
    ASSERT_EQ(c_.mode(), KnightMode::kGround);
    ASSERT_NEAR(c_.FeetWs().y, test::kPlateauY, 1e-5f);
  });
  // Walks on along the plateau.
  Drive(c_, world_, Input(1.0f), 30);
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
  EXPECT_GT(c_.FeetWs().x, test::kLadderX + 0.5f + 0.3f);
}

TEST_F(KnightControllerTest, ClimbsDownAndStepsOffAtTheBottom) {
  Spawn(test::kLadderX - 0.4f);
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, 1.0f), 120, [&] { return c_.mode() == KnightMode::kClimb; }));
  Drive(c_, world_, Input(0.0f, 1.0f), 60);
  ASSERT_EQ(c_.mode(), KnightMode::kClimb);
  const float high_s = c_.ClimbS();
  ASSERT_GT(high_s, 0.3f);
  // Pausing holds the position.
  Drive(c_, world_, Input(0.0f), 10);
  EXPECT_FLOAT_EQ(c_.ClimbS(), high_s);
  EXPECT_EQ(c_.mode(), KnightMode::kClimb);
  float previous_s = high_s;
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, -1.0f), 600, [&] {
    if (c_.mode() != KnightMode::kClimb) return true;
    EXPECT_LT(c_.ClimbS(), previous_s);
    EXPECT_EQ(c_.Role(), character::ClipRole::kClimbDown);
    previous_s = c_.ClimbS();
    return false;
  }));
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
  EXPECT_EQ(c_.Ladder(), -1);
  EXPECT_EQ(c_.Role(), character::ClipRole::kIdle);
  EXPECT_NEAR(c_.FeetWs().y, test::kLadderBottomY, 1e-5f);
  EXPECT_NEAR(c_.FeetWs().x, ClimbX(), 1e-5f);
  Drive(c_, world_, Input(-1.0f), 30);  // and walks away (turning round first)
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
}

// Down pressed on the ledge at the ladder's top: the exit clip backwards,
// then climbing down.
TEST_F(KnightControllerTest, EntersFromTheTop) {
  const MotionClipInfo& info = c_.motion_clip_info();
  const glm::vec3 clip_offset(info.exit_root_offset_m.x, info.exit_root_offset_m.y, 0.0f);
  const glm::vec3 climb_top(ClimbX(), test::kLadderTopY - info.exit_root_offset_m.y, 0.0f);
  // Standing where the exit clip's root motion from the climbing spot ends,
  // and standing at the ladder's exit point.
  for (float ledge_x : {ClimbX() + info.exit_root_offset_m.x, world_.ladders()[0].ExitPointWs().x}) {
    SCOPED_TRACE(ledge_x);
    Spawn(ledge_x);
    const glm::vec3 ledge(ledge_x, test::kPlateauY, 0.0f);
    c_.Step(Input(0.0f, -1.0f), world_, kDt);
    ASSERT_EQ(c_.mode(), KnightMode::kLadderEnterTop);
    EXPECT_EQ(c_.Role(), character::ClipRole::kLadderExitTop);
    EXPECT_FLOAT_EQ(c_.RoleRate(), -1.0f);
    EXPECT_FLOAT_EQ(c_.RoleStartS(), info.exit_duration_s);
    // The clip starts at its end pose, whose root is clip_offset ahead and
    // up: the root goes back by it at once, so the drawn knight stays on the
    // ledge on this very step.
    EXPECT_LT(glm::distance(c_.FeetWs() + clip_offset, ledge), 1e-4f);
    int steps = 1;
    ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, -1.0f), 200, [&] {
      ++steps;
      // Then it slides onto the climbing spot within 0.15 s.
      if (c_.mode() == KnightMode::kLadderEnterTop && steps * kDt > 0.15f + kDt) {
        EXPECT_LT(glm::distance(c_.FeetWs(), climb_top), 1e-4f);
      }
      return c_.mode() != KnightMode::kLadderEnterTop;
    }));
    ASSERT_EQ(c_.mode(), KnightMode::kClimb);
    EXPECT_EQ(c_.Role(), character::ClipRole::kClimbDown);
    EXPECT_LT(glm::distance(c_.FeetWs(), climb_top), 0.02f);
    ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, -1.0f), 600, [&] { return c_.mode() != KnightMode::kClimb; }));
    EXPECT_EQ(c_.mode(), KnightMode::kGround);
    EXPECT_NEAR(c_.FeetWs().y, test::kLadderBottomY, 1e-5f);
  }
}

// A ladder whose foot stands on a slope, higher than the climbing spot:
// the feet stay on the ground under them while both the enter clip's feet
// are on it, and the body rises to the ladder's foot, never down, while the
// first foot steps onto it.
TEST(KnightControllerLadderOnASlope, EntersFromTheGroundUnderTheFeet) {
  world::Level level;
  level.name = "ladder on a slope";
  level.terrain.points = {{0.0f, 0.0f}, {20.0f, 0.0f}, {26.0f, 3.0f}, {26.0f, 6.0f}, {40.0f, 6.0f}};
  level.spawn.x = 2.0f;
  level.goal.x = 38.0f;
  level.kill_y = -10.0f;
  auto slope_y = [](float x) { return 3.0f * (x - 20.0f) / 6.0f; };
  world::LadderDesc ladder;
  ladder.x = 25.85f;
  ladder.bottom_y = slope_y(ladder.x);
  ladder.top_y = 6.0f;
  ladder.rung_spacing = 0.3f;
  level.ladders = {ladder};
  const world::World world(level);
  KnightController c;
  const MotionClipInfo& info = c.motion_clip_info();
  ASSERT_LT(info.enter_first_foot_off_ground_s, info.enter_feet_off_ground_s);
  c.Spawn(glm::vec3(ladder.x - 0.5f, slope_y(ladder.x - 0.5f), 0.0f), +1);
  EXPECT_FALSE(c.ScriptedFeetWsAfter(world, 0.1f).has_value());  // walking: no script
  c.Step(Input(0.0f, 1.0f), world, kDt);
  ASSERT_EQ(c.mode(), KnightMode::kLadderEnter);
  float elapsed_s = kDt;
  float previous_y = c.FeetWs().y;
  // Where the script says the feet will be 0.3 s on is where they are then.
  const std::optional<glm::vec3> ahead_ws = c.ScriptedFeetWsAfter(world, 0.3f);
  ASSERT_TRUE(ahead_ws.has_value());
  ASSERT_TRUE(DriveUntil(c, world, Input(0.0f, 1.0f), 200, [&] {
    elapsed_s += kDt;
    if (std::fabs(elapsed_s - (kDt + 0.3f)) < 0.5f * kDt) {
      EXPECT_LT(glm::distance(c.FeetWs(), *ahead_ws), 1e-4f);
    }
    // The foot IK keeps the feet on the ground until both are off it.
    if (std::fabs(elapsed_s - info.enter_feet_off_ground_s) > 0.5f * kDt) {
      EXPECT_EQ(c.FeetOnGroundEntering(),
                c.mode() == KnightMode::kLadderEnter && elapsed_s < info.enter_feet_off_ground_s)
          << elapsed_s;
    }
    if (c.mode() != KnightMode::kLadderEnter) return true;
    if (elapsed_s < info.enter_first_foot_off_ground_s - 0.5f * kDt) {
      EXPECT_NEAR(c.FeetWs().y, slope_y(c.FeetWs().x), 1e-4f) << elapsed_s;
    } else {
      EXPECT_GE(c.FeetWs().y, previous_y - 1e-5f) << elapsed_s;
    }
    if (elapsed_s > info.enter_feet_off_ground_s + 0.5f * kDt) {
      EXPECT_NEAR(c.FeetWs().y, ladder.bottom_y, 1e-4f);
    }
    EXPECT_FALSE(c.FeetOnLedge());
    previous_y = c.FeetWs().y;
    return false;
  }));
  EXPECT_EQ(c.mode(), KnightMode::kClimb);
  EXPECT_LT(std::fabs(c.FeetWs().y - ladder.bottom_y), 0.02f);
}

// Leaving at the top, the feet are the foot IK's from the end of the exit
// clip's last foot contact on a rung; entering from the top, until then.
TEST_F(KnightControllerTest, FeetAreOnTheLedgeOnceOffTheRungs) {
  const MotionClipInfo& info = c_.motion_clip_info();
  Spawn(test::kLadderX - 0.4f);
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, 1.0f), 900, [&] {
    EXPECT_FALSE(c_.FeetOnLedge());
    return c_.mode() == KnightMode::kLadderExit;
  }));
  float elapsed_s = 0.0f;
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, 0.0f), 200, [&] {
    elapsed_s += kDt;
    if (c_.mode() != KnightMode::kLadderExit) return true;
    EXPECT_EQ(c_.FeetOnLedge(), elapsed_s >= info.exit_feet_off_rungs_s + 0.5f * kDt) << elapsed_s;
    return false;
  }));
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
  EXPECT_FALSE(c_.FeetOnLedge());
  c_.Step(Input(0.0f, -1.0f), world_, kDt);
  ASSERT_EQ(c_.mode(), KnightMode::kLadderEnterTop);
  elapsed_s = kDt;
  EXPECT_TRUE(c_.FeetOnLedge());
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, -1.0f), 200, [&] {
    elapsed_s += kDt;
    if (c_.mode() != KnightMode::kLadderEnterTop) return true;
    EXPECT_EQ(c_.FeetOnLedge(), info.exit_duration_s - elapsed_s >= info.exit_feet_off_rungs_s - 0.5f * kDt)
        << elapsed_s;
    return false;
  }));
}

// Legs too short to carry the body from where it stands to the climbing
// spot over planted feet (max_ladder_shuffle_m): up held, the knight first
// walks there, from either side of it (turning round on the way), and
// gets on from within the shuffle.
TEST_F(KnightControllerTest, ShortLegsWalkToTheClimbingSpotBeforeGettingOn) {
  c_.tuning.max_ladder_shuffle_m = 0.1f;
  for (const float from_x : {ClimbX() - 0.2f, test::kLadderX + 0.1f}) {
    SCOPED_TRACE(testing::Message() << "from x " << from_x);
    Spawn(from_x);
    int walked_steps = 0;
    ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f, 1.0f), 240, [&] {
      if (c_.mode() == KnightMode::kGround) {
        EXPECT_TRUE(c_.ApproachingLadder());
        if (std::fabs(c_.VelocityMps().x) > 0.0f) ++walked_steps;
      }
      return c_.mode() == KnightMode::kLadderEnter;
    }));
    EXPECT_GT(walked_steps, 5);
    EXPECT_FALSE(c_.ApproachingLadder());
    EXPECT_LE(std::fabs(c_.FeetWs().x - ClimbX()), c_.tuning.max_ladder_shuffle_m + 1e-5f);
    EXPECT_EQ(c_.Facing(), 1);
  }
  // Left or right held, the player's own walk wins: away from the spot, the
  // knight never gets on.
  Spawn(ClimbX() - 0.2f);
  Drive(c_, world_, Input(-1.0f, 1.0f), 60);
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
  EXPECT_FALSE(c_.ApproachingLadder());
  EXPECT_LT(c_.FeetWs().x, ClimbX() - 0.5f);
}

TEST_F(KnightControllerTest, SmallStickInputDoesNotStartALadder) {
  Spawn(test::kLadderX - 0.4f);
  Drive(c_, world_, Input(0.0f, 0.4f), 10);
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
  Spawn(test::kLadderX - 1.0f);  // too far from the rails
  Drive(c_, world_, Input(0.0f, 1.0f), 10);
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
}

TEST_F(KnightControllerTest, FallingIntoAPitRespawnsAtTheLastCheckpoint) {
  Spawn(27.0f);
  EXPECT_EQ(c_.LastCheckpoint(), -1);
  bool fell = false;
  ASSERT_TRUE(DriveUntil(c_, world_, Input(1.0f), 600, [&] {
    if (c_.mode() == KnightMode::kAir && c_.FeetWs().y < test::kPlateauY - 1.0f) fell = true;
    return c_.Respawns() > 0;
  }));
  EXPECT_TRUE(fell);
  EXPECT_EQ(c_.LastCheckpoint(), 1);  // x = 28 was passed on foot
  EXPECT_EQ(c_.Respawns(), 1);
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
  EXPECT_NEAR(c_.FeetWs().x, 28.0f, 1e-5f);
  EXPECT_NEAR(c_.FeetWs().y, test::kPlateauY, 1e-4f);
  EXPECT_EQ(c_.VelocityMps(), glm::vec2(0.0f));
  // Stands there afterwards.
  Drive(c_, world_, Input(0.0f), 30);
  EXPECT_EQ(c_.mode(), KnightMode::kGround);
  EXPECT_EQ(c_.Respawns(), 1);
}

// A tap the other way at a standstill turns on the spot: the turn clip
// plays through and the facing flips when it ends.
TEST_F(KnightControllerTest, TapTheOtherWayTurnsOnTheSpot) {
  Spawn(5.0f);
  const int serial = c_.RoleSerial();
  c_.Step(Input(-1.0f), world_, kDt);
  EXPECT_TRUE(c_.Turning());
  EXPECT_EQ(c_.Role(), character::ClipRole::kTurn);
  EXPECT_GT(c_.RoleSerial(), serial);
  EXPECT_EQ(c_.Facing(), 1);
  int turn_steps = 1;
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f), 200, [&] {
    ++turn_steps;
    if (!c_.Turning()) return true;
    EXPECT_EQ(c_.Role(), character::ClipRole::kTurn);
    EXPECT_EQ(c_.Facing(), 1);
    EXPECT_NEAR(c_.FeetWs().x, 5.0f, 0.01f);  // on the spot (the tap's one step of speed)
    EXPECT_EQ(c_.YawRad(), 0.0f);             // the clip turns the body, not the yaw
    return false;
  }));
  EXPECT_NEAR(turn_steps, std::ceil(c_.motion_clip_info().turn_duration_s / kDt), 1.0f);
  EXPECT_FALSE(c_.Turning());
  EXPECT_EQ(c_.Facing(), -1);
  EXPECT_FLOAT_EQ(c_.YawRad(), -kPi);
  EXPECT_NE(c_.Role(), character::ClipRole::kTurn);
}

// A turn on the spot whose clip is not drawn (a fight clip plays over it)
// turns no body: when it ends the facing flips and the yaw eases round
// over turn_time_s instead of flipping in one step.
TEST_F(KnightControllerTest, ATurnNotDrawnEasesTheYawRound) {
  Spawn(5.0f);
  c_.SetTurnDrawn(false);
  c_.Step(Input(-1.0f), world_, kDt);
  ASSERT_TRUE(c_.Turning());
  ASSERT_TRUE(DriveUntil(c_, world_, Input(0.0f), 200, [&] { return !c_.Turning(); }));
  EXPECT_EQ(c_.Facing(), -1);
  EXPECT_FALSE(c_.TurnCompleted());
  EXPECT_NEAR(c_.YawRad(), -kPi * kDt / c_.tuning.turn_time_s, 1e-5f);
  const int yaw_steps = static_cast<int>(std::ceil(c_.tuning.turn_time_s / kDt));
  Drive(c_, world_, Input(0.0f), yaw_steps);
  EXPECT_FLOAT_EQ(c_.YawRad(), -kPi);
}

// Held the other way at a standstill, the knight moves off on the first
// step; the turn clip gives way to a moving turn within a few steps.
TEST_F(KnightControllerTest, HoldingTheOtherWayMovesAtOnce) {
  Spawn(5.0f);
  c_.Step(Input(-1.0f), world_, kDt);
  EXPECT_LT(c_.VelocityMps().x, 0.0f);
  EXPECT_LT(c_.FeetWs().x, 5.0f);
  Drive(c_, world_, Input(-1.0f), 3);
  EXPECT_FALSE(c_.Turning());
  EXPECT_EQ(c_.Facing(), -1);
  EXPECT_EQ(c_.Role(), character::ClipRole::kWalk);
  const int yaw_steps = static_cast<int>(std::ceil(c_.tuning.turn_time_s / kDt));
  Drive(c_, world_, Input(-1.0f), yaw_steps);
  EXPECT_FLOAT_EQ(c_.YawRad(), -kPi);
  EXPECT_LT(c_.VelocityMps().x, -1.0f);
}

// A jump asked for during a turn on the spot jumps on that step.
TEST_F(KnightControllerTest, JumpDuringATurnJumpsAtOnce) {
  Spawn(5.0f);
  c_.Step(Input(-1.0f), world_, kDt);
  c_.Step(Input(0.0f), world_, kDt);
  ASSERT_TRUE(c_.Turning());
  core::InputState jump = Input(0.0f);
  jump.jump_pressed = true;
  c_.Step(jump, world_, kDt);
  EXPECT_FALSE(c_.Turning());
  EXPECT_EQ(c_.mode(), KnightMode::kAir);
  EXPECT_GT(c_.VelocityMps().y, 0.0f);
  EXPECT_EQ(c_.Facing(), -1);
}

// Reversing while moving needs no turn clip: the facing flips and the yaw
// eases round over turn_time_s.
TEST_F(KnightControllerTest, ReversingWhileMovingEasesTheYaw) {
  Spawn(5.0f);
  Drive(c_, world_, Input(1.0f), 30);
  ASSERT_FLOAT_EQ(c_.VelocityMps().x, c_.tuning.walk_speed_mps);
  c_.Step(Input(-1.0f), world_, kDt);
  EXPECT_FALSE(c_.Turning());
  EXPECT_EQ(c_.Facing(), -1);
  EXPECT_NEAR(c_.YawRad(), -kPi * kDt / c_.tuning.turn_time_s, 1e-5f);
  const int turn_steps = static_cast<int>(std::ceil(c_.tuning.turn_time_s / kDt));
  Drive(c_, world_, Input(-1.0f), turn_steps, [&](int) { ASSERT_NE(c_.Role(), character::ClipRole::kTurn); });
  EXPECT_FLOAT_EQ(c_.YawRad(), -kPi);
}

// A lane off the play plane is walked into while moving (not while
// standing: the planted feet would drag), and walked back out of once
// cleared; over ground that is not the same across the lane's width (a
// platform narrower than the lane, or ending just beyond its centre) it is
// not taken.
TEST_F(KnightControllerTest, WalksIntoALaneOnlyWhereItsGroundIsTheSame) {
  Spawn(2.0f);
  c_.SetLane(-0.4f);
  Drive(c_, world_, Input(0.0f), 60);
  EXPECT_EQ(c_.FeetWs().z, 0.0f) << "standing still";
  Drive(c_, world_, Input(1.0f), 90);
  EXPECT_FLOAT_EQ(c_.FeetWs().z, -0.4f);
  c_.SetLane(0.0f);
  Drive(c_, world_, Input(-1.0f), 90);
  EXPECT_FLOAT_EQ(c_.FeetWs().z, 0.0f);

  // Walking along a platform from z = z0 to 0.2 with the lane at -0.4: the
  // deepest the feet go while on it.
  auto deepest_on_platform = [](float z0) {
    world::Level level = test::MakeTestLevel();
    level.platforms = {world::Platform{3.0f, 9.0f, 0.2f, 0.3f, z0, 0.2f}};
    const world::World world(std::move(level));
    KnightController c;
    c.Spawn(glm::vec3(3.5f, 0.2f, 0.0f), +1);
    c.SetLane(-0.4f);
    float deepest = 0.0f;
    Drive(c, world, Input(1.0f), 150, [&](int) {
      if (c.FeetWs().x < 8.5f) deepest = std::min(deepest, c.FeetWs().z);
    });
    return deepest;
  };
  EXPECT_GT(deepest_on_platform(-0.2f), -0.05f) << "the lane is off the 0.4 m wide platform";
  // Its centre over the platform, the lane's far foot would not be.
  EXPECT_GT(deepest_on_platform(-0.55f), -0.05f) << "the lane's far foot would be over the edge at z = -0.55";
}

TEST_F(KnightControllerTest, BadTimeStepIsIgnored) {
  Spawn(5.0f);
  const KnightController before = c_;
  c_.Step(Input(1.0f), world_, 0.0f);
  c_.Step(Input(1.0f), world_, -kDt);
  c_.Step(Input(1.0f), world_, std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(c_.FeetWs(), before.FeetWs());
  EXPECT_EQ(c_.VelocityMps(), before.VelocityMps());
  EXPECT_EQ(c_.RoleSerial(), before.RoleSerial());
}

}  // namespace
}  // namespace knights::game
