#include "knights/world/world.h"

#include <gtest/gtest.h>

#include "world_test_levels.h"

namespace knights::world {
namespace {

using testing::MakeLevel;

// 0..10 flat at 0, a 3 m cliff at 10, plateau to 20; a pit at 4..5.5;
// a vertical ladder against the cliff and a leaning one on the plateau side.
Level MakeWorldLevel() {
  Level level = MakeLevel({{0.0f, 0.0f}, {10.0f, 0.0f}, {10.0f, 3.0f}, {20.0f, 3.0f}});
  level.spawn.x = 1.0f;
  level.goal.x = 18.0f;
  level.kill_y = -5.0f;
  level.pits.push_back({4.0f, 5.5f});
  level.checkpoints = {3.0f, 8.0f, 15.0f};
  LadderDesc ladder;
  ladder.x = 9.85f;
  ladder.bottom_y = 0.0f;
  ladder.top_y = 3.0f;
  ladder.rung_spacing = 0.3f;
  level.ladders.push_back(ladder);
  return level;
}

TEST(World, OwnsTheLevelMeshAndLadders) {
  const World world(MakeWorldLevel());
  EXPECT_EQ(world.ladders().size(), 1u);
  EXPECT_EQ(world.ladders()[0].RungCount(), 10);
  EXPECT_GT(world.collision().triangles().size(), 0u);
  EXPECT_EQ(world.level().checkpoints.size(), 3u);
}

TEST(World, SpawnAndRespawnAreOnTheGround) {
  const World world(MakeWorldLevel());
  const glm::vec3 spawn = world.SpawnPositionWs();
  EXPECT_FLOAT_EQ(spawn.x, 1.0f);
  EXPECT_NEAR(spawn.y, 0.0f, 1e-5f);
  EXPECT_NEAR(world.RespawnPositionWs(2).y, 3.0f, 1e-5f);
  EXPECT_FLOAT_EQ(world.RespawnPositionWs(2).x, 15.0f);
  EXPECT_FLOAT_EQ(world.RespawnPositionWs(-1).x, 1.0f);
}

TEST(World, Checkpoints) {
  const World world(MakeWorldLevel());
  EXPECT_EQ(world.CheckpointAt(2.9f), -1);
  EXPECT_EQ(world.CheckpointAt(3.0f), 0);
  EXPECT_EQ(world.CheckpointAt(12.0f), 1);
  EXPECT_EQ(world.CheckpointAt(100.0f), 2);
  EXPECT_EQ(world.CheckpointCrossed(2.0f, 2.5f), -1);
  EXPECT_EQ(world.CheckpointCrossed(2.9f, 3.1f), 0);
  EXPECT_EQ(world.CheckpointCrossed(2.0f, 9.0f), 1);   // two crossed in one step: the furthest
  EXPECT_EQ(world.CheckpointCrossed(9.0f, 2.0f), -1);  // walking back crosses nothing
}

TEST(World, PitsKillPlaneAndGoal) {
  const World world(MakeWorldLevel());
  EXPECT_TRUE(world.InPit(4.5f));
  EXPECT_FALSE(world.InPit(3.9f));
  EXPECT_FALSE(world.InPit(4.0f));  // the edge itself still has ground
  EXPECT_TRUE(world.IsBelowKillPlane(glm::vec3(4.5f, -5.1f, 0.0f)));
  EXPECT_FALSE(world.IsBelowKillPlane(glm::vec3(4.5f, -4.9f, 0.0f)));
  EXPECT_FALSE(world.GoalReached(glm::vec3(17.9f, 3.0f, 0.0f)));
  EXPECT_TRUE(world.GoalReached(glm::vec3(18.0f, 3.0f, 0.0f)));
  EXPECT_FALSE(world.collision().GroundHeight(4.5f, 0.0f).has_value());
}

TEST(World, FindLadderNear) {
  const World world(MakeWorldLevel());
  EXPECT_EQ(world.FindLadderNear(glm::vec3(9.5f, 0.0f, 0.0f)), 0);   // standing in front of it
  EXPECT_EQ(world.FindLadderNear(glm::vec3(9.5f, 1.5f, 0.1f)), 0);   // on it
  EXPECT_EQ(world.FindLadderNear(glm::vec3(10.3f, 3.0f, 0.0f)), 0);  // on the ledge at its top
  EXPECT_EQ(world.FindLadderNear(glm::vec3(8.0f, 0.0f, 0.0f)), -1);  // too far along x
  EXPECT_EQ(world.FindLadderNear(glm::vec3(9.8f, 0.0f, 2.0f)), -1);  // too far along z
  EXPECT_EQ(world.FindLadderNear(glm::vec3(9.8f, 4.0f, 0.0f)), -1);  // above the top
  World::LadderReach reach;
  reach.max_dx = 2.0f;
  EXPECT_EQ(world.FindLadderNear(glm::vec3(8.0f, 0.0f, 0.0f), reach), 0);
}

TEST(World, FindLadderNearFollowsALeaningLadder) {
  Level level = MakeWorldLevel();
  level.ladders[0].lean_deg = 15.0f;
  level.ladders[0].x = 9.0f;  // the top is at 9 + 3 tan 15 = 9.80
  const World world(level);
  EXPECT_EQ(world.FindLadderNear(glm::vec3(9.6f, 2.5f, 0.0f), {0.3f, 0.6f, 0.3f, 0.3f}), 0);
  EXPECT_EQ(world.FindLadderNear(glm::vec3(9.0f, 2.5f, 0.0f), {0.3f, 0.6f, 0.3f, 0.3f}), -1);
  EXPECT_EQ(world.FindLadderNear(glm::vec3(9.0f, 0.1f, 0.0f), {0.3f, 0.6f, 0.3f, 0.3f}), 0);
}

}  // namespace
}  // namespace knights::world
