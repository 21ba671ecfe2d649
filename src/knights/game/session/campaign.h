#pragma once
// One play-through of the title's levels in their order, from the level it
// begins on (the title's New Game: the first) to the ending: which level
// plays, which comes next, and each level's result for the credits. The
// levels a player has reached (the title's level select) follow from the
// levels completed, kept in the settings.

#include <cstddef>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "knights/game/session/collectibles.h"

namespace knights::game {

// A level played to its goal.
struct LevelResult {
  std::string name;     // the level's own name (world::Level::name), as shown
  double time_s = 0.0;  // seconds of play from the start to the goal
  int gems_taken = 0;
  int gems_total = 0;
  Medal medal = Medal::kNone;
};

class Campaign {
 public:
  Campaign() = default;
  // The levels in play order: file names of the title's list.
  explicit Campaign(std::vector<std::string> levels) : levels_(std::move(levels)) {}
  std::span<const std::string> levels() const { return levels_; }

  // A run begins at level `index` (0: New Game), with no results yet; an
  // index outside levels() ends any run instead.
  void Begin(int index);
  // Whether a run is going on, and the index of its level (-1: none).
  bool Running() const { return current_ >= 0; }
  int current() const { return current_; }
  // The level after the current one, -1 after the last (the ending comes
  // next) or with no run.
  int Next() const;
  // On to Next(); after the last level the run ends.
  void Advance();
  // The current level's result at its goal; a replay's replaces it.
  void Record(const LevelResult& result);
  // The results so far, one per level from the first played, in order.
  std::span<const LevelResult> results() const { return results_; }

  // The run's totals over results().
  double TotalTimeS() const;
  int GemsTaken() const;
  int GemsTotal() const;
  int MedalCount(Medal medal) const;

 private:
  std::vector<std::string> levels_;
  int first_ = -1;    // the level the run began on
  int current_ = -1;  // the level playing (-1: no run)
  std::vector<LevelResult> results_;
};

// A time of play as the game shows it, "m:ss.hh" (1:32.50), into `out`.
void FormatRunTime(double seconds, char* out, size_t size);
std::string RunTimeText(double seconds);

// The level select's choices, indices into `levels` in order: the first
// level, every level completed (`completed`: file names) and every level
// after a completed one.
std::vector<int> LevelsReached(std::span<const std::string> levels, const std::set<std::string>& completed);

}  // namespace knights::game
