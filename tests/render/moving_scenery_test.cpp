// BuildMovingScenery and PlaceMovingScenery (GL-free): a pale and a red
// flag per checkpoint, on its pole behind the path, and a portcullis in the
// gate's arch; the red flag rises the pole's length as its checkpoint is
// passed while the pale one is taken down, and the portcullis lifts out of
// the arch into the wall over it.

#include "knights/render/moving_scenery.h"

#include <gtest/gtest.h>

#include <vector>

namespace knights::render {
namespace {

world::Level GateLevel() {
  world::Level level;
  level.name = "gate";
  level.terrain.points = {{-10.0f, 0.0f}, {0.0f, 0.0f}, {10.0f, 1.0f}, {40.0f, 1.0f}};
  level.terrain.z_min = -3.0f;
  level.terrain.z_max = 3.0f;
  level.checkpoints = {-5.0f, 20.0f};
  level.goal.x = 30.0f;
  level.goal.kind = world::GoalKind::kGate;
  level.kill_y = -8.0f;
  return level;
}

const StaticMeshChunks::Chunk& ChunkOf(const MovingScenery& s, SceneryPieceKind kind, int checkpoint) {
  for (size_t i = 0; i < s.pieces.size(); ++i) {
    if (s.pieces[i].kind == kind && s.pieces[i].checkpoint == checkpoint) return s.mesh.chunks[i];
  }
  ADD_FAILURE() << "no such piece";
  return s.mesh.chunks.front();
}

TEST(MovingScenery, AFlagPairPerCheckpointAndAPortcullisAtTheGate) {
  const world::World world(GateLevel());
  const MovingScenery s = BuildMovingScenery(world);
  ASSERT_EQ(s.pieces.size(), 5u);
  ASSERT_EQ(s.mesh.chunks.size(), s.pieces.size());
  for (const StaticMeshChunks::Chunk& c : s.mesh.chunks) {
    EXPECT_GT(c.vertex_count, 0);
    EXPECT_EQ(c.vertex_count % 3, 0);
  }
  for (int i = 0; i < 2; ++i) {
    const glm::vec3 pole = CheckpointPoleBaseWs(world, world.level().checkpoints[i]);
    EXPECT_LT(pole.z, -0.5f) << "behind the path";
    EXPECT_FLOAT_EQ(pole.y, world.GroundHeightOr(pole.x, pole.z));
    const auto& red = ChunkOf(s, SceneryPieceKind::kFlagRaised, i);
    EXPECT_NEAR(red.lo_ws.x, pole.x, 0.1f) << "hangs from its pole";
    EXPECT_LT(red.lo_ws.y, pole.y + 0.2f) << "built at the pole's foot";
  }
  const auto& grille = ChunkOf(s, SceneryPieceKind::kPortcullis, -1);
  EXPECT_NEAR(grille.lo_ws.x, 30.0f, 0.1f);
  EXPECT_NEAR(grille.lo_ws.y, 1.0f, 0.05f) << "down to the ground in the arch";
  EXPECT_LT(grille.lo_ws.z, -0.9f);
  EXPECT_GT(grille.hi_ws.z, 0.9f) << "across the path";
}

TEST(MovingScenery, FlagsRiseAndThePortcullisLifts) {
  const world::World world(GateLevel());
  const MovingScenery s = BuildMovingScenery(world);
  std::vector<ChunkPlacement> out(s.pieces.size());
  const float none[] = {0.0f, 0.0f};
  PlaceMovingScenery(s.pieces, {none, 0.0f, {}, 0.0f}, out);
  for (size_t i = 0; i < s.pieces.size(); ++i) {
    EXPECT_EQ(out[i].offset_ws, glm::vec3(0.0f));
    EXPECT_EQ(out[i].visible, s.pieces[i].kind != SceneryPieceKind::kFlagRaised) << i;
  }
  const float first_passed[] = {1.0f, 0.0f};
  PlaceMovingScenery(s.pieces, {first_passed, 1.0f, {}, 0.0f}, out);
  for (size_t i = 0; i < s.pieces.size(); ++i) {
    const SceneryPiece& p = s.pieces[i];
    if (p.kind == SceneryPieceKind::kPortcullis) {
      EXPECT_GT(out[i].offset_ws.y, 2.5f) << "lifted clear of a knight";
    } else if (p.checkpoint == 0) {
      EXPECT_EQ(out[i].visible, p.kind == SceneryPieceKind::kFlagRaised);
      if (p.kind == SceneryPieceKind::kFlagRaised) {
        EXPECT_GT(out[i].offset_ws.y, 0.6f * kCheckpointPoleM) << "at the top";
        EXPECT_LT(s.mesh.chunks[i].hi_ws.y + out[i].offset_ws.y,
                  CheckpointPoleBaseWs(world, -5.0f).y + kCheckpointPoleM)
            << "not above the pole";
      }
    } else {
      EXPECT_EQ(out[i].visible, p.kind == SceneryPieceKind::kFlagDown) << "checkpoint 2 not passed";
    }
  }
  // Fewer states than checkpoints: the rest count as not passed.
  PlaceMovingScenery(s.pieces, {{}, 0.0f, {}, 0.0f}, out);
  for (size_t i = 0; i < s.pieces.size(); ++i) {
    if (s.pieces[i].kind == SceneryPieceKind::kFlagRaised) {
      EXPECT_FALSE(out[i].visible);
    }
  }
}

}  // namespace
}  // namespace knights::render
