#include "knights/world/world.h"

#include <cmath>

namespace knights::world {

World::World(Level level, const CollisionMesh::BuildOptions& options)
    : level_(std::move(level)), mesh_(CollisionMesh::Build(level_, options)) {
  ladders_.reserve(level_.ladders.size());
  for (const LadderDesc& desc : level_.ladders) ladders_.emplace_back(desc);
}

float World::GroundHeightOr(float x, float z) const {
  const std::optional<float> h = mesh_.GroundHeight(x, z);
  return h ? *h : TerrainHeight(level_.terrain, x, z);
}

glm::vec3 World::SpawnPositionWs() const {
  const float x = level_.spawn.x;
  const float z = level_.spawn.z;
  return glm::vec3(x, GroundHeightOr(x, z), z);
}

int World::FindLadderNear(const glm::vec3& feet_ws, const LadderReach& reach) const {
  int best = -1;
  float best_dx = 0.0f;
  for (size_t i = 0; i < ladders_.size(); ++i) {
    const Ladder& ladder = ladders_[i];
    const LadderDesc& desc = ladder.desc();
    if (feet_ws.y < desc.bottom_y - reach.below_bottom || feet_ws.y > desc.top_y + reach.above_top) continue;
    if (std::fabs(feet_ws.z - desc.z) > 0.5f * desc.width + reach.max_dz) continue;
    // Distance along x to the (leaning) centre line at the feet's height,
    // clamped to the ladder's ends.
    const float y = std::fmin(std::fmax(feet_ws.y, desc.bottom_y), desc.top_y);
    const float dx = std::fabs(feet_ws.x - ladder.PointAtHeightWs(y).x);
    if (dx > reach.max_dx) continue;
    if (best < 0 || dx < best_dx) {
      best = static_cast<int>(i);
      best_dx = dx;
    }
  }
  return best;
}

int World::CheckpointAt(float x) const {
  int found = -1;
  for (size_t i = 0; i < level_.checkpoints.size(); ++i) {
    if (level_.checkpoints[i] <= x) found = static_cast<int>(i);
  }
  return found;
}

int World::CheckpointCrossed(float x_prev, float x_now) const {
  int found = -1;
  for (size_t i = 0; i < level_.checkpoints.size(); ++i) {
    const float c = level_.checkpoints[i];
    if (x_prev < c && c <= x_now) found = static_cast<int>(i);
  }
  return found;
}

glm::vec3 World::RespawnPositionWs(int checkpoint) const {
  if (checkpoint < 0 || checkpoint >= static_cast<int>(level_.checkpoints.size())) return SpawnPositionWs();
  const float x = level_.checkpoints[static_cast<size_t>(checkpoint)];
  return glm::vec3(x, GroundHeightOr(x, 0.0f), 0.0f);
}

}  // namespace knights::world
