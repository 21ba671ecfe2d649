#pragma once
// Fighting knights never pass through one another: before each step, two knights
// whose bodies (Knight::BodyWs capsules, as last drawn, carried on by
// their last step's motion: a jump's lean as it grows) overlap are pushed
// apart along x, each to its own side, and every knight is given the room
// it has along x before its body comes within kPoseMarginM of another's
// (half the gap: both may close it), which its controller keeps to as it
// would to a wall. The session hands it the player and the enemies fighting
// him (not on ladders, defeated or gone); patrols are passed in lanes
// (GameSession::ChooseLanes), where a knight a lane away leaves room.
//
//   spacing.Resize(knights.size());                  // at spawn
//   spacing.Apply(knights, takes_part, world);       // each step, before the knights' steps

#include <cstdint>
#include <span>
#include <vector>

#include "knights/game/knight/knight.h"
#include "knights/world/world.h"

namespace knights::game {

class BodySpacing {
 public:
  void Resize(size_t knights);  // allocates: at spawn
  // takes_part[i]: knight i is kept apart (and keeps others apart).
  // Allocates nothing.
  void Apply(std::span<Knight> knights, std::span<const uint8_t> takes_part, const world::World& world);
  // Each knight's body as Apply last judged it (drawn, carried on a step,
  // pushed), world metres: what the blades stay out of.
  std::span<const BodyCapsule> BodiesWs() const { return bodies_ws_; }

  // Overlaps up to this are left alone (capsules touching), metres.
  static constexpr float kSlackM = 0.005f;
  // The room stops a body this far short of another's: a step's change of
  // pose (a jump's lean, a lunge) cannot then carry it in, metres.
  static constexpr float kPoseMarginM = 0.1f;

 private:
  void PushApart(std::span<Knight> knights, std::span<const uint8_t> takes_part, const world::World& world);
  void GiveRoom(std::span<Knight> knights, std::span<const uint8_t> takes_part);

  // Each knight's body as last drawn, carried on one step and moved by
  // this step's push; and as drawn the step before.
  std::vector<BodyCapsule> bodies_ws_;
  std::vector<BodyCapsule> last_drawn_ws_;
  std::vector<uint8_t> drawn_before_;  // last_drawn_ws_ holds a body (not at spawn)
};

}  // namespace knights::game
