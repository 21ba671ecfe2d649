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

// The fight marks' sizes for a window `height_px` tall, pixels: at least
// 2% of its height each (a play-test at 720p read a fixed-size "!" and
// pips of 3-5 pixels as noise).
struct FightMarkSizes {
  float heart_radius_px = 0.0f;  // one lobe of a player's heart (a heart is about 2.3 lobes tall)
  float pip_px = 0.0f;           // an enemy's hit point, square
  float tell_px = 0.0f;          // an enemy's "!" (bar and dot) as it notices the player; its wind-up swells it
  float tell_swell = 0.0f;       // the "!"'s growth through a wind-up, times the noticing height
};
FightMarkSizes FightMarkSizesFor(int height_px);

class FightHud {
 public:
  // `settings` names the attack and block keys and pad buttons for the hint.
  void Draw(const game::GameSession& session, const game::Settings& settings, int width_px, int height_px);

 private:
  void DrawHearts(const game::KnightFight& player, const FightMarkSizes& sizes);
  void DrawEnemyMarks(const game::GameSession& session, const FightMarkSizes& sizes, int width_px, int height_px);
  void DrawHint(const game::GameSession& session, const game::Settings& settings, int width_px, int height_px);

  std::string hint_;          // built from the bindings when it begins
  bool hint_shown_ = false;   // the first fight's hint began
  float hint_left_s_ = 0.0f;  // real seconds it stays
};

}  // namespace knights::ui
