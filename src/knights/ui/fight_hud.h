#pragma once
// The fight on screen, drawn with Dear ImGui over the scene: the player's
// hit points as hearts (top left), each enemy's tell over its head (a
// yellow "!" when it sees the player, a red one swelling through its
// wind-up) with its hit points as pips once it fights, and the controls
// the first time an enemy sees the player.

#include <string>

#include "knights/game/session/game_session.h"
#include "knights/game/session/settings.h"

namespace knights::ui {

class FightHud {
 public:
  // `settings` names the attack and block keys and pad buttons for the hint.
  void Draw(const game::GameSession& session, const game::Settings& settings, int width_px, int height_px);

 private:
  void DrawHearts(const game::KnightFight& player);
  void DrawEnemyMarks(const game::GameSession& session, int width_px, int height_px);
  void DrawHint(const game::GameSession& session, const game::Settings& settings, int width_px, int height_px);

  std::string hint_;          // built from the bindings when it begins
  bool hint_shown_ = false;   // the first fight's hint began
  float hint_left_s_ = 0.0f;  // real seconds it stays
};

}  // namespace knights::ui
