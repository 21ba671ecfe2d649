#pragma once
// Who strikes whom in one sim step: each fighter's weapon, swept from where
// it was last step to where it is now (so a fast blade cannot pass through a
// body between two steps), against every other side's body capsule, while
// the swing is in its hurt window. Each swing strikes each knight at most
// once. Pure geometry and bookkeeping: the session applies the blows.
//
//   BlowFinder finder;  finder.Resize(knight_count);          // at spawn
//   const int n = finder.Find(fighters, blows);               // every step

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/game/knight/attack_windows.h"

namespace knights::game {

// A body for blows: a capsule, world metres.
struct BodyCapsule {
  glm::vec3 bottom_ws{0.0f};  // the axis' ends
  glm::vec3 top_ws{0.0f};
  float radius_m = 0.25f;
};

struct Fighter {
  // 0: the player's side, 1: the enemies'; kNoSide: out of the fight
  // (patrols, the fallen): never strikes, is never struck.
  int side = kNoSide;
  static constexpr int kNoSide = -1;
  WeaponSegment weapon_before_ws;  // last step's weapon, world metres
  WeaponSegment weapon_ws;         // this step's
  BodyCapsule body_ws;
  bool swing_hurts = false;  // in a swing's hurt window this step
  int swing_serial = 0;      // changes per swing
};

struct Blow {
  int attacker = -1;
  int victim = -1;
  glm::vec3 point_ws{0.0f};  // where the blade met the body, world metres
};

class BlowFinder {
 public:
  // The sweep is tested at this many blade positions from last step's to
  // this step's (both ends included).
  static constexpr int kSweepSamples = 5;

  // Sizes the memory of who each swing has struck (allocates).
  void Resize(int fighters);
  // Forgets every swing (a restart).
  void Clear();
  // Writes this step's blows into `out` (at most its size) and returns how
  // many. Fighters beyond Resize's count are ignored.
  int Find(std::span<const Fighter> fighters, std::span<Blow> out);

 private:
  int count_ = 0;
  // struck_serial_[attacker * count_ + victim]: the attacker's swing serial
  // that last struck the victim (kNever: none).
  static constexpr int kNever = -1;
  std::vector<int> struck_serial_;
};

}  // namespace knights::game
