#pragma once
// What happened in a run's fights, counted by the session as it deals each
// blow (knights/game/session/game_session.h): for the metrics file and the tests, which
// check that the autopilot really fought.

namespace knights::game {

struct FightStats {
  int enemies = 0;             // the level's enemies
  int enemies_defeated = 0;    // of them, put down for good
  int blows_dealt = 0;         // the player's blows that hurt an enemy
  int blows_taken = 0;         // enemies' blows that hurt the player
  int blocked_by_player = 0;   // enemies' blows the player's shield stopped
  int blocked_by_enemies = 0;  // the player's blows an enemy's shield stopped
  int player_defeats = 0;      // times the player lost every hit point
};

}  // namespace knights::game
