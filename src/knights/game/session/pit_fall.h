#pragma once
// A fall into a pit, as the player sees it: once the player drops below
// the ground he left with nothing under him down to the kill plane, the
// camera holds at that ground's height (it no longer follows him down
// into the pit, where it would look into the bare earth of its sides) and
// the screen fades to black as he falls kDepthM below it, over
// kFadeDepthM more. Landing (or the respawn) ends it; the UI's fade-in
// after a respawn takes over from black.
//
//   pit_fall.Update(player.controller, world);
//   camera.Update(pit_fall.Followed(player.DrawnRootWs()), ...);
//   DrawBlack(pit_fall.Fade());

#include <glm/glm.hpp>

#include "knights/game/knight/knight_controller.h"
#include "knights/world/world.h"

namespace knights::game {

class PitFall {
 public:
  static constexpr float kDepthM = 1.5f;      // below the ground left, metres, the fade starts
  static constexpr float kFadeDepthM = 2.0f;  // and is black this much further down

  void Update(const KnightController& player, const world::World& world);
  // The point the camera follows for the player's drawn root (world):
  // itself, or during a pit fall held at the height of the ground left.
  glm::vec3 Followed(const glm::vec3& drawn_root_ws) const;
  float Fade() const { return fade_; }  // 0 clear .. 1 black
  bool Falling() const { return falling_; }

 private:
  float ground_y_ws_ = 0.0f;  // the feet's height when last on the ground or a ladder, world metres
  bool falling_ = false;      // below it with nothing under the feet down to the kill plane
  float fade_ = 0.0f;
};

}  // namespace knights::game
