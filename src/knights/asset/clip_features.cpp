#include "knights/asset/clip_features.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "knights/anim/model_pose.h"

namespace knights::asset {
namespace {

constexpr float kSampleHz = 120.0f;
constexpr float kLoopToleranceM = 0.005f;  // a pose this close to the first closes the loop
constexpr float kShareMps = 0.12f;         // samples this close share a velocity
constexpr float kEnterMps = 0.12f;         // a limb is held within this of the contact velocity...
constexpr float kLeaveMps = 0.24f;         // ... and let go beyond this
constexpr float kEnterHeightM = 0.03f;     // on the ground: within this of the soles' height...
constexpr float kLeaveHeightM = 0.05f;     // ... and lifted beyond this
constexpr float kMinContactS = 0.05f;      // shorter holds are passing moments (a sprint's stance is 0.07 s)
constexpr float kMovingMps = 0.05f;        // slower is standing still
constexpr int kVelocitySpan = 2;           // samples each side of a velocity (1/30 s across)

// The clip's model-space pose at each sample: joint matrices, row per sample.
struct SampledClip {
  float dt_s = 0.0f;
  std::vector<float> times_s;
  std::vector<std::vector<glm::mat4>> models_ms;
};

SampledClip Sample(const anim::Skeleton& skeleton, const anim::Clip& clip) {
  SampledClip out;
  const int steps = std::max(2, static_cast<int>(std::ceil(clip.DurationS() * kSampleHz)));
  out.dt_s = clip.DurationS() / static_cast<float>(steps);
  for (int i = 0; i <= steps; ++i) {
    const float t = std::min(clip.DurationS(), static_cast<float>(i) * out.dt_s);
    // The last sample is the clip's end, not (for a loop) its start again.
    out.times_s.push_back(t);
    out.models_ms.push_back(
        anim::ModelPoseAt(skeleton, &clip, i == steps && clip.Loop() ? std::nextafter(t, 0.0f) : t));
  }
  return out;
}

// Every joint of the last pose within kLoopToleranceM of the first, once
// the root's travel is taken out.
bool ClosesLoop(const SampledClip& s) {
  if (s.models_ms.size() < 2) return false;
  const std::vector<glm::mat4>& first = s.models_ms.front();
  const std::vector<glm::mat4>& last = s.models_ms.back();
  const glm::vec3 travel = glm::vec3(last[0][3] - first[0][3]);
  for (size_t j = 0; j < first.size(); ++j) {
    if (glm::length(glm::vec3(last[j][3] - first[j][3]) - travel) > kLoopToleranceM) return false;
  }
  return true;
}

// A limb's point at every sample and its velocity (central differences,
// across the seam of a loop).
struct LimbPath {
  std::vector<glm::vec3> points_ms;
  std::vector<glm::vec3> velocities_ms;
};

LimbPath TracePoint(const SampledClip& s, const LimbPoint& limb, bool loop) {
  LimbPath path;
  const size_t n = s.models_ms.size();
  for (const std::vector<glm::mat4>& pose : s.models_ms)
    path.points_ms.push_back(glm::vec3(pose[limb.joint] * glm::vec4(limb.offset_ls, 1.0f)));
  // Over kVelocitySpan samples each side: a foot whose joints turn between
  // an export's keys (30 Hz) dips its sole a few millimetres between them,
  // noise that a one-sample difference would read as 0.3 m/s.
  const int k = kVelocitySpan;
  const int last = static_cast<int>(n) - 1;
  for (int i = 0; i <= last; ++i) {
    // In a loop the last sample is the first again: neighbours wrap past it.
    const int prev = loop ? (i - k + last) % last : std::max(i - k, 0);
    const int next = loop ? (i + k) % last : std::min(i + k, last);
    const float span_s = loop ? 2.0f * k * s.dt_s : static_cast<float>(next - prev) * s.dt_s;
    path.velocities_ms.push_back((path.points_ms[next] - path.points_ms[prev]) / span_s);
  }
  return path;
}

// The velocity most candidate samples share (within kShareMps), averaged
// over them; nullopt when fewer than kMinContactS of samples share one.
std::optional<glm::vec3> SharedVelocity(const std::vector<glm::vec3>& candidates, float dt_s) {
  size_t best_count = 0;
  glm::vec3 best(0.0f);
  for (const glm::vec3& c : candidates) {
    glm::vec3 sum(0.0f);
    size_t count = 0;
    for (const glm::vec3& v : candidates) {
      if (glm::distance(v, c) < kShareMps) {
        sum += v;
        ++count;
      }
    }
    if (count > best_count) {
      best_count = count;
      best = sum / static_cast<float>(count);
    }
  }
  if (static_cast<float>(best_count) * dt_s < kMinContactS) return std::nullopt;
  return best;
}

// Held samples of one limb, with hysteresis, as ranges of clip time.
// ground_y: the height a held point stays near (on the ground); grab_y: per
// sample, the height a point must be above to take hold (a hand on a
// ladder grabs above the hips; once held it may end lower, the body
// climbing past it); empty: anywhere.
std::vector<anim::ContactRange> HeldRanges(const SampledClip& s, const LimbPath& path, const glm::vec3& contact_mps,
                                           std::optional<float> ground_y, const std::vector<float>& grab_y, bool loop) {
  std::vector<anim::ContactRange> ranges;
  bool held = false;
  size_t start = 0;
  const size_t n = path.points_ms.size();
  for (size_t i = 0; i <= n; ++i) {
    bool now = false;
    if (i < n) {
      const float off_mps = glm::distance(path.velocities_ms[i], contact_mps);
      const float height_m = ground_y ? path.points_ms[i].y - *ground_y : 0.0f;
      const bool may_grab = grab_y.empty() || path.points_ms[i].y > grab_y[i];
      now = held ? off_mps < kLeaveMps && height_m < kLeaveHeightM
                 : may_grab && off_mps < kEnterMps && height_m < kEnterHeightM;
    }
    if (now && !held) start = i;
    if (!now && held) ranges.push_back({s.times_s[start], s.times_s[i - 1]});
    held = now;
  }
  // A loop's hold across the seam is one range that wraps (before the
  // length check: each half may be short, the hold is not).
  const float end_s = s.times_s.back();
  if (loop && ranges.size() >= 2 && ranges.front().start_s <= 0.0f && ranges.back().end_s >= end_s) {
    ranges.front().start_s = ranges.back().start_s;
    ranges.pop_back();
  }
  std::erase_if(ranges, [end_s](const anim::ContactRange& r) {
    const float length_s = r.start_s <= r.end_s ? r.end_s - r.start_s : r.end_s + end_s - r.start_s;
    return length_s < kMinContactS;
  });
  return ranges;
}

}  // namespace

ClipFeatures FindClipFeatures(const anim::Skeleton& skeleton, const anim::Clip& clip,
                              const std::array<LimbPoint, anim::kLimbCount>& limbs, ContactKind kind, int hips,
                              bool never_loops) {
  ClipFeatures features;
  const SampledClip s = Sample(skeleton, clip);
  if (s.models_ms.size() < 2) return features;
  features.loop = !never_loops && ClosesLoop(s);
  const glm::vec3 travel_ms = glm::vec3(s.models_ms.back()[0][3] - s.models_ms.front()[0][3]);
  const float travel_mps = glm::length(glm::vec2(travel_ms.x, travel_ms.z)) / clip.DurationS();
  if (travel_mps > kMovingMps) features.speed_mps = travel_mps;
  if (kind == ContactKind::kNone) return features;

  // The ground's height: the rest pose's soles (the feet's points).
  std::optional<float> ground_y;
  if (kind == ContactKind::kGround) {
    const std::vector<glm::mat4> rest = anim::ModelPoseAt(skeleton, nullptr, 0.0f);
    if (limbs[anim::kFootL].joint < 0 || limbs[anim::kFootR].joint < 0) return features;
    ground_y = 0.5f * (glm::vec3(rest[limbs[anim::kFootL].joint] * glm::vec4(limbs[anim::kFootL].offset_ls, 1.0f)).y +
                       glm::vec3(rest[limbs[anim::kFootR].joint] * glm::vec4(limbs[anim::kFootR].offset_ls, 1.0f)).y);
  }
  const int limb_count = kind == ContactKind::kGround ? 2 : anim::kLimbCount;
  std::array<LimbPath, anim::kLimbCount> paths;
  std::vector<glm::vec3> candidates;
  // The lowest a held point may be: a hand on a ladder grips above the hips.
  // On a ladder a hand grabs above the hips: one hanging at the side is no grip.
  std::array<std::vector<float>, anim::kLimbCount> grab_y;
  if (kind == ContactKind::kLadder && hips >= 0) {
    for (const std::vector<glm::mat4>& pose : s.models_ms) grab_y[anim::kHandL].push_back(pose[hips][3].y);
    grab_y[anim::kHandR] = grab_y[anim::kHandL];
  }
  for (int limb = 0; limb < limb_count; ++limb) {
    if (limbs[limb].joint < 0) continue;
    paths[limb] = TracePoint(s, limbs[limb], features.loop);
    for (size_t i = 0; i < paths[limb].points_ms.size(); ++i) {
      const glm::vec3& p = paths[limb].points_ms[i];
      if ((!ground_y || p.y - *ground_y < kEnterHeightM) && (grab_y[limb].empty() || p.y > grab_y[limb][i]))
        candidates.push_back(paths[limb].velocities_ms[i]);
    }
  }
  const std::optional<glm::vec3> contact_mps = SharedVelocity(candidates, s.dt_s);
  if (!contact_mps) return features;
  features.contact_velocity_ms = *contact_mps;
  for (int limb = 0; limb < limb_count; ++limb) {
    if (limbs[limb].joint >= 0)
      features.contacts[limb] = HeldRanges(s, paths[limb], *contact_mps, ground_y, grab_y[limb], features.loop);
  }
  // In place, the ground (or ladder) moves under the held limbs.
  if (glm::length(*contact_mps) > kMovingMps) features.speed_mps = glm::length(*contact_mps);
  if (kind == ContactKind::kLadder && std::fabs(contact_mps->y) > kMovingMps)
    features.climb_m_per_cycle = std::fabs(contact_mps->y) * clip.DurationS();
  return features;
}

std::optional<float> RungSpacingM(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                  const std::array<LimbPoint, anim::kLimbCount>& limbs) {
  constexpr float kMinGapM = 0.1f;  // closer holds are one rung (two hands side by side)
  const SampledClip s = Sample(skeleton, clip);
  std::vector<float> gaps;
  for (size_t i = 0; i < s.models_ms.size(); ++i) {
    std::vector<float> heights;
    for (int limb = 0; limb < anim::kLimbCount; ++limb) {
      if (limbs[limb].joint < 0 || !clip.IsInContact(static_cast<anim::Limb>(limb), s.times_s[i])) continue;
      heights.push_back(glm::vec3(s.models_ms[i][limbs[limb].joint] * glm::vec4(limbs[limb].offset_ls, 1.0f)).y);
    }
    float smallest = std::numeric_limits<float>::infinity();
    for (size_t a = 0; a < heights.size(); ++a) {
      for (size_t b = a + 1; b < heights.size(); ++b) {
        const float gap = std::fabs(heights[a] - heights[b]);
        if (gap > kMinGapM) smallest = std::min(smallest, gap);
      }
    }
    if (std::isfinite(smallest)) gaps.push_back(smallest);
  }
  // The smallest gap that holds for a few samples (a moment when
  // neighbouring rungs are both held; where only a hand and the opposite
  // foot grip, their gap spans several rungs), the middle of its cluster.
  std::sort(gaps.begin(), gaps.end());
  constexpr float kClusterM = 0.02f;
  constexpr size_t kMinSamples = 3;
  for (size_t i = 0; i < gaps.size(); ++i) {
    size_t end = i;
    while (end < gaps.size() && gaps[end] <= gaps[i] + kClusterM) ++end;
    if (end - i >= kMinSamples) return gaps[i + (end - i) / 2];
  }
  return std::nullopt;
}

std::optional<float> RungReachM(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                const std::array<LimbPoint, anim::kLimbCount>& limbs) {
  const SampledClip s = Sample(skeleton, clip);
  std::vector<float> ahead_m;
  for (size_t i = 0; i < s.models_ms.size(); ++i) {
    for (int limb = 0; limb < anim::kLimbCount; ++limb) {
      if (limbs[limb].joint < 0 || !clip.IsInContact(static_cast<anim::Limb>(limb), s.times_s[i])) continue;
      ahead_m.push_back(glm::vec3(s.models_ms[i][limbs[limb].joint] * glm::vec4(limbs[limb].offset_ls, 1.0f)).x -
                        s.models_ms[i][0][3].x);
    }
  }
  if (ahead_m.empty()) return std::nullopt;
  std::nth_element(ahead_m.begin(), ahead_m.begin() + static_cast<std::ptrdiff_t>(ahead_m.size() / 2), ahead_m.end());
  return ahead_m[ahead_m.size() / 2];
}

}  // namespace knights::asset
