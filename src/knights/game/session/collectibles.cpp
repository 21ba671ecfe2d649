#include "knights/game/session/collectibles.h"

#include "knights/math/segment_distance.h"

namespace knights::game {

const char* ToString(Medal medal) {
  switch (medal) {
    case Medal::kGold:
      return "gold";
    case Medal::kSilver:
      return "silver";
    case Medal::kBronze:
      return "bronze";
    case Medal::kNone:
      break;
  }
  return "none";
}

Medal MedalFor(const world::Medals& medals, double time_s) {
  if (medals == world::Medals{}) return Medal::kNone;
  if (time_s <= medals.gold_s) return Medal::kGold;
  if (time_s <= medals.silver_s) return Medal::kSilver;
  if (time_s <= medals.bronze_s) return Medal::kBronze;
  return Medal::kNone;
}

void Collectibles::Reset(const world::Level& level) {
  positions_ws_.clear();
  for (const world::Collectible& gem : level.collectibles) {
    positions_ws_.push_back(world::CollectiblePositionWs(level.terrain, gem));
  }
  taken_.assign(positions_ws_.size(), 0);
  taken_count_ = 0;
}

int Collectibles::Gather(const BodyCapsule& body_ws, glm::vec3* first_ws) {
  int gathered = 0;
  for (size_t i = 0; i < positions_ws_.size(); ++i) {
    if (taken_[i] != 0) continue;
    const glm::vec3& gem_ws = positions_ws_[i];
    const float gap_m = math::ClosestBetweenSegments(gem_ws, gem_ws, body_ws.bottom_ws, body_ws.top_ws).distance;
    if (gap_m > body_ws.radius_m + kReachM) continue;
    taken_[i] = 1;
    ++taken_count_;
    if (gathered++ == 0 && first_ws != nullptr) *first_ws = gem_ws;
  }
  return gathered;
}

}  // namespace knights::game
