#include "knights/game/session/pit_fall.h"

#include <algorithm>

namespace knights::game {

void PitFall::Update(const KnightController& player, const world::World& world) {
  const glm::vec3 feet_ws = player.FeetWs();
  if (player.mode() != KnightMode::kAir) {
    ground_y_ws_ = feet_ws.y;
    falling_ = false;
    fade_ = 0.0f;
    return;
  }
  // Over a pit: below the rim, and one ray finds nothing down to the kill
  // plane (a jump across one stays above its rim; a drop onto lower ground
  // has that ground under it).
  if (!falling_ && feet_ws.y < ground_y_ws_) {
    const float kill_y = world.level().kill_y;
    falling_ = !world.collision().FindGround(feet_ws.x, feet_ws.y, feet_ws.z, feet_ws.y - kill_y + 1.0f).hit;
  }
  fade_ = falling_ ? std::clamp((ground_y_ws_ - kDepthM - feet_ws.y) / kFadeDepthM, 0.0f, 1.0f) : 0.0f;
}

glm::vec3 PitFall::Followed(const glm::vec3& drawn_root_ws) const {
  if (!falling_) return drawn_root_ws;
  return glm::vec3(drawn_root_ws.x, std::max(drawn_root_ws.y, ground_y_ws_), drawn_root_ws.z);
}

}  // namespace knights::game
