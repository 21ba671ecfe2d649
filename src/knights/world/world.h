#pragma once
// The running level: owns the Level description, its CollisionMesh and its
// Ladders, all immutable after construction, and answers the gameplay
// questions (which ladder can I grab, which checkpoint have I passed, have I
// fallen out, have I reached the goal). World space, metres, Y up; queries
// never allocate and never throw.

#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "knights/world/collision_mesh.h"
#include "knights/world/ladder.h"
#include "knights/world/level.h"

namespace knights::world {

class World {
 public:
  // How far from a ladder's centre line a character may be to grab it.
  struct LadderReach {
    float max_dx = 0.6f;        // metres along x from the rails' centre line at the character's height
    float max_dz = 0.6f;        // metres along z beyond the ladder's half width
    float below_bottom = 0.3f;  // metres below the ladder's bottom the character's feet may be
    float above_top = 0.3f;     // metres above the ladder's top (to climb down from a ledge)
  };

  // The level must have passed the loader's validation.
  explicit World(Level level, const CollisionMesh::BuildOptions& options = {});

  const Level& level() const { return level_; }
  const CollisionMesh& collision() const { return mesh_; }
  std::span<const Ladder> ladders() const { return ladders_; }

  // Where the player starts: the spawn point on the ground (world).
  glm::vec3 SpawnPositionWs() const;

  // The ladder the character at feet_ws can grab (nearest centre line), or -1.
  int FindLadderNear(const glm::vec3& feet_ws, const LadderReach& reach) const;
  int FindLadderNear(const glm::vec3& feet_ws) const { return FindLadderNear(feet_ws, LadderReach{}); }

  // The last checkpoint at or behind x (highest index with checkpoint x <= x), or -1.
  int CheckpointAt(float x) const;
  // The checkpoint crossed when moving from x_prev to x_now (the furthest
  // one with x_prev < checkpoint x <= x_now), or -1.
  int CheckpointCrossed(float x_prev, float x_now) const;
  // Where to respawn after checkpoint index (on the ground); -1 = spawn.
  glm::vec3 RespawnPositionWs(int checkpoint) const;

  // True when x lies over a pit's gap.
  bool InPit(float x) const { return world::InPit(level_, x); }
  // True when the position is below the level's kill plane (fell out).
  bool IsBelowKillPlane(const glm::vec3& position_ws) const { return position_ws.y < level_.kill_y; }
  // True when the position has reached the goal (x >= goal x).
  bool GoalReached(const glm::vec3& position_ws) const { return position_ws.x >= level_.goal.x; }

  // Ground height at (x, z) from the collision mesh; over a pit or outside
  // the level the terrain profile's value is returned instead.
  float GroundHeightOr(float x, float z) const;

 private:
  Level level_;
  CollisionMesh mesh_;
  std::vector<Ladder> ladders_;
};

}  // namespace knights::world
