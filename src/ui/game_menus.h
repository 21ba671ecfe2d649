#pragma once
// The player-facing screens drawn with Dear ImGui: title (Enter or A to
// start), the HUD (time, checkpoint), the pause menu (resume, restart, IK
// on/off, quit) and the level complete screen with the time.

#include "game/game_session.h"

namespace knights::ui {

// Draws whichever screen the session is on. Menu choices call the session's
// commands. `input` supplies menu navigation edges (keyboard and gamepad).
void DrawGameScreens(game::GameSession& session, const core::InputState& input, int width_px, int height_px);

}  // namespace knights::ui
