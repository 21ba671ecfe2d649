#include "knights/game/session/body_spacing.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "knights/math/segment_distance.h"

namespace knights::game {
namespace {

// The gap between two bodies (negative: they overlap), metres, and
// whether b lies towards +x of a where they come nearest.
struct BodyGap {
  float gap_m = 0.0f;
  bool b_towards_plus_x = true;
};

BodyGap GapBetween(const BodyCapsule& a, const BodyCapsule& b) {
  const math::SegmentClosest c = math::ClosestBetweenSegments(a.bottom_ws, a.top_ws, b.bottom_ws, b.top_ws);
  const float dx = c.on_b.x - c.on_a.x;
  // Axes crossing (one passed right through the other): the feet say who
  // is on which side.
  const float side = std::fabs(dx) > 1e-4f ? dx : b.bottom_ws.x - a.bottom_ws.x;
  return {c.distance - a.radius_m - b.radius_m, side >= 0.0f};
}

// Where a body moving from `before` to `now` will be a step later (each
// end's motion kept, up to kMaxCarryM: a respawn is no motion).
BodyCapsule Carried(const BodyCapsule& before, const BodyCapsule& now) {
  constexpr float kMaxCarryM = 0.3f;
  const auto carry = [](const glm::vec3& from, const glm::vec3& to) {
    const glm::vec3 d = to - from;
    return glm::dot(d, d) < kMaxCarryM * kMaxCarryM ? to + d : to;
  };
  return {carry(before.bottom_ws, now.bottom_ws), carry(before.top_ws, now.top_ws), now.radius_m};
}

void Shift(BodyCapsule& body, float dx_m) {
  body.bottom_ws.x += dx_m;
  body.top_ws.x += dx_m;
}

}  // namespace

void BodySpacing::Resize(size_t knights) {
  bodies_ws_.assign(knights, BodyCapsule{});
  last_drawn_ws_.assign(knights, BodyCapsule{});
  drawn_before_.assign(knights, 0);
}

void BodySpacing::Apply(std::span<Knight> knights, std::span<const uint8_t> takes_part, const world::World& world) {
  const size_t n = std::min({knights.size(), takes_part.size(), bodies_ws_.size()});
  for (size_t i = 0; i < n; ++i) {
    const BodyCapsule drawn_ws = knights[i].BodyWs();
    bodies_ws_[i] = drawn_before_[i] ? Carried(last_drawn_ws_[i], drawn_ws) : drawn_ws;
    last_drawn_ws_[i] = drawn_ws;
    drawn_before_[i] = takes_part[i];
  }
  PushApart(knights.first(n), takes_part.first(n), world);
  GiveRoom(knights.first(n), takes_part.first(n));
}

// Each overlapping pair pushed apart along x by the overlap, half each; a
// knight a wall holds leaves the rest to the other.
void BodySpacing::PushApart(std::span<Knight> knights, std::span<const uint8_t> takes_part, const world::World& world) {
  for (size_t a = 0; a < knights.size(); ++a) {
    for (size_t b = a + 1; b < knights.size(); ++b) {
      if (!takes_part[a] || !takes_part[b]) continue;
      const BodyGap gap = GapBetween(bodies_ws_[a], bodies_ws_[b]);
      const float overlap_m = -gap.gap_m - kSlackM;
      if (overlap_m <= 0.0f) continue;
      const float b_away = gap.b_towards_plus_x ? 1.0f : -1.0f;
      const float moved_a = knights[a].controller.PushAlongX(world, -b_away * 0.5f * overlap_m);
      const float moved_b = knights[b].controller.PushAlongX(world, b_away * (overlap_m - moved_a));
      const float more_a = overlap_m - moved_a - moved_b > 1e-4f
                               ? knights[a].controller.PushAlongX(world, -b_away * (overlap_m - moved_a - moved_b))
                               : 0.0f;
      Shift(bodies_ws_[a], -b_away * (moved_a + more_a));
      Shift(bodies_ws_[b], b_away * moved_b);
    }
  }
}

// Half of each gap (less the margin) along x, towards the knight across it.
void BodySpacing::GiveRoom(std::span<Knight> knights, std::span<const uint8_t> takes_part) {
  constexpr float kFree = std::numeric_limits<float>::infinity();
  for (size_t a = 0; a < knights.size(); ++a) {
    float plus_m = kFree, minus_m = kFree;
    for (size_t b = 0; b < knights.size() && takes_part[a]; ++b) {
      if (b == a || !takes_part[b]) continue;
      const BodyGap gap = GapBetween(bodies_ws_[a], bodies_ws_[b]);
      const float room_m = std::max(0.0f, 0.5f * (gap.gap_m - kPoseMarginM));
      (gap.b_towards_plus_x ? plus_m : minus_m) = std::min(gap.b_towards_plus_x ? plus_m : minus_m, room_m);
    }
    knights[a].controller.SetRoomAlongX(plus_m, minus_m);
  }
}

}  // namespace knights::game
