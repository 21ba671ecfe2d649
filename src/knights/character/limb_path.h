#pragma once
// One limb's course through a clip built at load (knights/character/clip_baker.h): the
// holds, where its effector (a sole, the ball of a foot, a grip) stays on a
// point or moves with a ladder's rung as the body climbs past it, and the
// swings between them, each on an arc. The holds are the clip's contacts.
//
//   LimbPath hand(/*arc_ms=*/{-0.10f, 0.0f, 0.0f});   // swings away from the ladder
//   hand.AddHold({0.0f, 0.6f, rung_ms, {0.0f, -0.5f, 0.0f}});
//   hand.AddHold({1.2f, 1.8f, rung_ms, {0.0f, -0.5f, 0.0f}});
//   const LimbPath::Sample s = hand.At(0.9f);           // mid-swing

#include <vector>

#include <glm/glm.hpp>

#include "knights/anim/clip.h"

namespace knights::character {

struct LimbHold {
  float start_s = 0.0f;         // clip time the hold begins, seconds
  float end_s = 0.0f;           // and ends (> start_s)
  glm::vec3 point_ms{0.0f};     // the effector at start_s, model metres
  glm::vec3 velocity_ms{0.0f};  // its motion while held, model metres per second
  float yaw_rad = 0.0f;         // a foot's heading while held, about +y (0: +x)
  // A contact of the clip (a grip, a foot planted); false: a waypoint the
  // limb passes still, holding nothing (a hand where the pose has it
  // before it reaches for a rung).
  bool contact = true;
};

class LimbPath {
 public:
  // arc_ms: how far a swing bows out at its middle, model metres (away from
  // a ladder, up off the ground); it eases in and out, so that the limb
  // leaves and meets each hold at the hold's own velocity.
  explicit LimbPath(const glm::vec3& arc_ms = glm::vec3(0.0f)) : arc_ms_(arc_ms) {}

  // Holds in time order, none overlapping the one before (checked by
  // Valid). A loop clip gives the holds of the cycles either side too, so
  // that every swing of the cycle is between two of them.
  void AddHold(const LimbHold& hold) { AddHold(hold, arc_ms_); }
  // A hold whose swing in bows by arc_in_ms instead of the path's arc (a
  // step along a ledge lifts where a reach up a ladder bows out).
  void AddHold(const LimbHold& hold, const glm::vec3& arc_in_ms) {
    holds_.push_back(hold);
    arcs_in_ms_.push_back(arc_in_ms);
  }

  struct Sample {
    glm::vec3 point_ms{0.0f};
    float yaw_rad = 0.0f;
    bool held = false;
  };
  // The effector at clip time t_s: on a hold, on the swing between two
  // (Hermite, the holds' velocities at its ends, plus the arc), or before
  // the first hold and after the last, where they begin and end.
  Sample At(float t_s) const;

  // The holds as contact ranges of a clip of duration_s: those starting in
  // [0, duration_s), a loop's last one wrapping past the end (start > end),
  // a one-shot's clamped to its end.
  std::vector<anim::ContactRange> Contacts(float duration_s, bool loop) const;

  // Holds in order, each with a positive length.
  bool Valid() const;
  const std::vector<LimbHold>& Holds() const { return holds_; }

 private:
  glm::vec3 arc_ms_{0.0f};
  std::vector<LimbHold> holds_;
  std::vector<glm::vec3> arcs_in_ms_;  // per hold: the arc of the swing into it
};

}  // namespace knights::character
