#include "knights/character/limb_path.h"

#include <algorithm>

namespace knights::character {
namespace {

glm::vec3 HoldEndMs(const LimbHold& hold) { return hold.point_ms + hold.velocity_ms * (hold.end_s - hold.start_s); }

// 0 at both ends with zero slope, 1 at the middle: the arc's weight over a
// swing, so that the arc adds no velocity where the limb leaves or takes a hold.
float ArcWeight(float s) {
  const float bump = s * (1.0f - s);
  return 16.0f * bump * bump;
}

// Cubic Hermite from p0 to p1 with end tangents m0, m1 (per unit s).
glm::vec3 Hermite(const glm::vec3& p0, const glm::vec3& m0, const glm::vec3& p1, const glm::vec3& m1, float s) {
  const float s2 = s * s, s3 = s2 * s;
  return (2.0f * s3 - 3.0f * s2 + 1.0f) * p0 + (s3 - 2.0f * s2 + s) * m0 + (-2.0f * s3 + 3.0f * s2) * p1 +
         (s3 - s2) * m1;
}

}  // namespace

LimbPath::Sample LimbPath::At(float t_s) const {
  if (holds_.empty()) return {};
  if (t_s < holds_.front().start_s) return {holds_.front().point_ms, holds_.front().yaw_rad, false};
  for (size_t i = 0; i < holds_.size(); ++i) {
    const LimbHold& hold = holds_[i];
    if (t_s <= hold.end_s) {
      if (t_s >= hold.start_s) {
        return {hold.point_ms + hold.velocity_ms * (t_s - hold.start_s), hold.yaw_rad, hold.contact};
      }
      const LimbHold& from = holds_[i - 1];  // t_s is past the first hold's start: i > 0
      const float span_s = hold.start_s - from.end_s;
      const float s = std::clamp((t_s - from.end_s) / span_s, 0.0f, 1.0f);
      const glm::vec3 p =
          Hermite(HoldEndMs(from), from.velocity_ms * span_s, hold.point_ms, hold.velocity_ms * span_s, s);
      const float turn = s * s * (3.0f - 2.0f * s);
      return {p + arcs_in_ms_[i] * ArcWeight(s), from.yaw_rad + (hold.yaw_rad - from.yaw_rad) * turn, false};
    }
  }
  return {HoldEndMs(holds_.back()), holds_.back().yaw_rad, false};
}

std::vector<anim::ContactRange> LimbPath::Contacts(float duration_s, bool loop) const {
  std::vector<anim::ContactRange> ranges;
  for (const LimbHold& hold : holds_) {
    if (!hold.contact || hold.start_s < 0.0f || hold.start_s >= duration_s) continue;
    if (hold.end_s <= duration_s) {
      ranges.push_back({hold.start_s, hold.end_s});
    } else {
      ranges.push_back({hold.start_s, loop ? hold.end_s - duration_s : duration_s});
    }
  }
  return ranges;
}

bool LimbPath::Valid() const {
  for (size_t i = 0; i < holds_.size(); ++i) {
    if (!(holds_[i].end_s > holds_[i].start_s)) return false;
    if (i > 0 && holds_[i].start_s <= holds_[i - 1].end_s) return false;
  }
  return true;
}

}  // namespace knights::character
