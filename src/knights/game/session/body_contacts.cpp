#include "knights/game/session/body_contacts.h"

#include <algorithm>

#include "knights/math/segment_distance.h"

namespace knights::game {
namespace {

bool Inside(const glm::vec3& point_ws, const BodyCapsule& body_ws) {
  return math::ClosestBetweenSegments(point_ws, point_ws, body_ws.bottom_ws, body_ws.top_ws).distance <
         body_ws.radius_m;
}

}  // namespace

void BodyContacts::Reset(size_t knights) {
  count_ = knights;
  blade_run_steps_.assign(knights * knights, 0);
  stats_ = {};
}

void BodyContacts::Sample(std::span<const BodyContactSample> knights) {
  const size_t n = std::min(knights.size(), count_);
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) {
      int& run = blade_run_steps_[a * count_ + b];
      const BodyContactSample& ka = knights[a];
      const BodyContactSample& kb = knights[b];
      if (a == b || !ka.fighting || !kb.fighting) {
        run = 0;
        continue;
      }
      if (a < b) {
        const float gap_m = math::ClosestBetweenSegments(ka.body_ws.bottom_ws, ka.body_ws.top_ws, kb.body_ws.bottom_ws,
                                                         kb.body_ws.top_ws)
                                .distance;
        const float overlap_m = ka.body_ws.radius_m + kb.body_ws.radius_m - gap_m;
        stats_.body_overlap_max_m =
            stats_.body_pairs_sampled == 0 ? overlap_m : std::max(stats_.body_overlap_max_m, overlap_m);
        ++stats_.body_pairs_sampled;
      }
      run = Inside(ka.blade_point_ws, kb.body_ws) ? run + 1 : 0;
      stats_.blade_in_body_max_steps = std::max(stats_.blade_in_body_max_steps, run);
      ++stats_.blade_pairs_sampled;
    }
  }
}

}  // namespace knights::game
