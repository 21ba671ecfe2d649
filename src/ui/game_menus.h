#pragma once
// The player-facing screens drawn with Dear ImGui: title (Enter or A to
// start), the HUD (time, checkpoint), the pause menu (ui/pause_menu.h: the
// scene dimmed behind it) and the level complete screen with the time.

#include "game/game_session.h"
#include "ui/pause_menu.h"

namespace knights::ui {

class GameMenus {
 public:
  // Draws whichever screen the session is on. Menu choices call the
  // session's commands. `input` supplies menu navigation edges (keyboard
  // and gamepad).
  void Draw(game::GameSession& session, const core::InputState& input, int width_px, int height_px);

 private:
  void DrawTitle(game::GameSession& session, const core::InputState& input, int width_px, int height_px);
  void DrawPause(game::GameSession& session, const core::InputState& input, int width_px, int height_px);

  int title_selected_ = 0;
  PauseMenu pause_menu_;
  bool was_paused_ = false;  // last frame: a newly paused game opens the menu afresh
};

}  // namespace knights::ui
