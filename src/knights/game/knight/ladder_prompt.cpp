#include "knights/game/knight/ladder_prompt.h"

#include <cmath>

namespace knights::game {

LadderPrompt LadderPromptFor(const KnightController& knight, const world::World& world) {
  if (!knight.Grounded()) return LadderPrompt::kNone;
  const glm::vec3 feet_ws = knight.FeetWs();
  const int index = world.FindLadderNear(feet_ws);
  if (index < 0) return LadderPrompt::kNone;
  const world::LadderDesc& ladder = world.ladders()[static_cast<size_t>(index)].desc();
  // Nearer the ledge at its top than its foot: the way on is down.
  const bool at_top = std::fabs(feet_ws.y - ladder.top_y) < std::fabs(feet_ws.y - ladder.bottom_y);
  return at_top ? LadderPrompt::kClimbDown : LadderPrompt::kClimbUp;
}

}  // namespace knights::game
