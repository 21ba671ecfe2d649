#pragma once
// How near the knights' bodies and blades come to one another, measured
// from outside on each step's final drawn pose (the capsules of
// Knight::BodyWs and the weapon's point of Knight::WeaponWs, after the IK),
// up to the goal, between fighting knights (the player and the enemies
// fighting him; patrols pass in lanes): the deepest two bodies overlap,
// and the longest a blade's point (or a fist) stays inside the other's
// body. A knight that is defeated or not drawn takes no part. For the
// metrics file
// (`fights.body_overlap_max_m`, `fights.blade_in_body_max_steps`) and the
// fight tests.

#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "knights/game/knight/fight_blows.h"

namespace knights::game {

struct BodyContactStats {
  // The deepest two fighting bodies overlapped, metres: the sum of their radii less
  // the distance of their axes (negative: the nearest two stayed apart by
  // that much). Meaningless while body_pairs_sampled is 0 (no samples).
  float body_overlap_max_m = 0.0f;
  int64_t body_pairs_sampled = 0;
  // The most steps in a row one fighting knight's blade point was inside another's
  // body (0 with samples: never). Meaningless while blade_pairs_sampled is 0.
  int blade_in_body_max_steps = 0;
  int64_t blade_pairs_sampled = 0;
};

// One knight on one step, as measured.
struct BodyContactSample {
  BodyCapsule body_ws;
  glm::vec3 blade_point_ws{0.0f};  // the weapon's point (a fist's knuckles without one)
  // Measured: the player or an enemy fighting him, drawn and not defeated.
  bool fighting = false;
};

class BodyContacts {
 public:
  // For `knights` knights, nothing measured yet (allocates: at spawn).
  void Reset(size_t knights);
  // One step; `knights` as many as Reset was given. Allocates nothing.
  void Sample(std::span<const BodyContactSample> knights);
  const BodyContactStats& stats() const { return stats_; }

 private:
  size_t count_ = 0;
  // [a * count_ + b]: steps in a row knight a's blade point has been in b's body.
  std::vector<int> blade_run_steps_;
  BodyContactStats stats_;
};

}  // namespace knights::game
