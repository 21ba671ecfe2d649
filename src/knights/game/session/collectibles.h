#pragma once
// The level's gems as the player gathers them: where each floats, and
// which are taken. A gem within reach of the player's body is his (walked,
// jumped or climbed through); it stays taken through respawns, and a
// restart puts every gem back.

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/game/knight/fight_blows.h"
#include "knights/world/level.h"

namespace knights::game {

// Medals for the time to the goal (world::Medals), best first.
enum class Medal : uint8_t { kNone, kBronze, kSilver, kGold };
const char* ToString(Medal medal);
// The medal a time earns on a level (kNone when the level gives none).
Medal MedalFor(const world::Medals& medals, double time_s);

class Collectibles {
 public:
  // A gem this far from the body's capsule (its surface) is picked up, metres.
  static constexpr float kReachM = 0.3f;

  // Every gem of the level back in place (allocates: load and restart).
  void Reset(const world::Level& level);
  // Takes every gem within reach of `body_ws`; returns how many this step,
  // and writes the first one's position into first_ws when there was one.
  int Gather(const BodyCapsule& body_ws, glm::vec3* first_ws);

  int Taken() const { return taken_count_; }
  int Total() const { return static_cast<int>(positions_ws_.size()); }
  std::span<const uint8_t> TakenFlags() const { return taken_; }  // 1: taken, per gem
  std::span<const glm::vec3> PositionsWs() const { return positions_ws_; }

 private:
  std::vector<glm::vec3> positions_ws_;  // each gem's centre, world metres
  std::vector<uint8_t> taken_;
  int taken_count_ = 0;
};

}  // namespace knights::game
