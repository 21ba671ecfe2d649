#pragma once
// One knight's sounds, found each sim step from what its body does: a
// footstep (and the armour's clank) on the step a foot's clip contact
// starts while grounded (the same contacts the foot IK plants), chosen by
// the surface under that sole (grass, stone; wood on a ladder), a rung
// grab when a hand's contact starts on a ladder, a jump at take-off and a
// landing when a fall ends.

#include <array>

#include "knights/game/knight/knight.h"
#include "knights/game/session/sound_event.h"
#include "knights/world/world.h"

namespace knights::game {

class SoundCues {
 public:
  // A landing this fast or faster (downwards, m/s) is heard as one;
  // slower, the feet's own steps are.
  static constexpr float kLandSpeedMps = 2.5f;

  // Forget the last step (spawn, respawn): nothing is heard for the pose
  // the knight appears in.
  void Reset() { primed_ = false; }
  // After the knight's step: pushes what it made heard into `out`.
  void Update(const Knight& knight, const world::World& world, SoundEventQueue& out);

  // The sole of foot `side` (0 left, 1 right), world metres.
  static glm::vec3 SoleWs(const Knight& knight, int side);
  // The footstep a sole at sole_ws makes on the ground under it.
  static SoundId StepOn(const world::World& world, const glm::vec3& sole_ws);

 private:
  void Footsteps(const Knight& knight, const world::World& world, SoundEventQueue& out);

  std::array<float, 4> contact_{};  // each limb's clip contact weight last step (anim::Limb order)
  KnightMode mode_ = KnightMode::kGround;
  float fall_speed_mps_ = 0.0f;  // downward speed last step
  bool primed_ = false;          // the fields above hold a previous step
};

}  // namespace knights::game
