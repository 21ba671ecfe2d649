#pragma once
// The hint a player needs at a ladder: standing at its foot, "up climbs";
// standing at its top, "down climbs down" (the two keys a new player does
// not guess: walking into a ladder does nothing). Pure logic; the menus
// draw it.

#include "knights/game/knight/knight_controller.h"
#include "knights/world/world.h"

namespace knights::game {

enum class LadderPrompt { kNone, kClimbUp, kClimbDown };

// What to hint to a knight in this state: none off the ground or away from
// a ladder's reach (world::World::FindLadderNear).
LadderPrompt LadderPromptFor(const KnightController& knight, const world::World& world);

}  // namespace knights::game
