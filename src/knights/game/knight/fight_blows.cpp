#include "knights/game/knight/fight_blows.h"

#include <algorithm>

#include "knights/math/segment_distance.h"

namespace knights::game {
namespace {

// The weapon's closest approach to the body over its sweep, and where.
math::SegmentClosest SweepAgainst(const Fighter& attacker, const BodyCapsule& body) {
  math::SegmentClosest best;
  best.distance = 1e30f;
  for (int i = 0; i < BlowFinder::kSweepSamples; ++i) {
    const float f = static_cast<float>(i) / static_cast<float>(BlowFinder::kSweepSamples - 1);
    const glm::vec3 base = glm::mix(attacker.weapon_before_ws.base, attacker.weapon_ws.base, f);
    const glm::vec3 point = glm::mix(attacker.weapon_before_ws.point, attacker.weapon_ws.point, f);
    const math::SegmentClosest c = math::ClosestBetweenSegments(base, point, body.bottom_ws, body.top_ws);
    if (c.distance < best.distance) best = c;
  }
  return best;
}

}  // namespace

void BlowFinder::Resize(int fighters) {
  count_ = std::max(0, fighters);
  struck_serial_.assign(static_cast<size_t>(count_) * static_cast<size_t>(count_), kNever);
}

void BlowFinder::Clear() { std::fill(struck_serial_.begin(), struck_serial_.end(), kNever); }

int BlowFinder::Find(std::span<const Fighter> fighters, std::span<Blow> out) {
  const int n = std::min(count_, static_cast<int>(fighters.size()));
  int found = 0;
  for (int a = 0; a < n; ++a) {
    const Fighter& attacker = fighters[static_cast<size_t>(a)];
    if (attacker.side == Fighter::kNoSide || !attacker.swing_hurts) continue;
    for (int v = 0; v < n && found < static_cast<int>(out.size()); ++v) {
      const Fighter& victim = fighters[static_cast<size_t>(v)];
      if (v == a || victim.side == Fighter::kNoSide || victim.side == attacker.side) continue;
      int& struck = struck_serial_[static_cast<size_t>(a) * static_cast<size_t>(count_) + static_cast<size_t>(v)];
      if (struck == attacker.swing_serial) continue;
      const math::SegmentClosest c = SweepAgainst(attacker, victim.body_ws);
      if (c.distance > victim.body_ws.radius_m) continue;
      struck = attacker.swing_serial;
      out[static_cast<size_t>(found++)] = Blow{a, v, c.on_a};
    }
  }
  return found;
}

}  // namespace knights::game
