#include "knights/anim/sampling_job.h"

#include <algorithm>
#include <cmath>

#include "knights/math/quaternion.h"

namespace knights::anim {
namespace {

// Index k of the key segment [times[k], times[k+1]] that holds t, for a track
// of count >= 2 keys with times[0] <= t <= times[count - 1]. Checks the hinted
// segment and the next one first (forward playback moves at most one segment
// per frame at normal rates), then falls back to a binary search.
inline uint32_t FindSegment(const float* times, uint32_t count, float t, uint32_t hint) {
  if (hint < count - 1 && times[hint] <= t) {
    if (t <= times[hint + 1]) return hint;
    if (hint + 2 < count && t <= times[hint + 2]) return hint + 1;
  }
  // First key strictly after t, minus one: the segment starting at or before t.
  const uint32_t after = static_cast<uint32_t>(std::upper_bound(times, times + count, t) - times);
  const uint32_t k = after == 0 ? 0u : after - 1u;
  return std::min(k, count - 2u);
}

inline glm::vec3 Lerp(const glm::vec3& a, const glm::vec3& b, float alpha) { return a + (b - a) * alpha; }

inline glm::quat Lerp(const glm::quat& a, const glm::quat& b, float alpha) { return math::NlerpShortest(a, b, alpha); }

// The value of one track (count >= 1 keys) at clip time t in [0, duration].
template <typename V>
inline V SampleTrack(const float* times, const V* values, uint32_t count, float t, float duration_s, bool loop,
                     uint32_t& cursor) {
  if (count == 1) return values[0];
  const uint32_t last = count - 1;
  const float t_first = times[0];
  const float t_last = times[last];
  if (t < t_first || t > t_last) {
    if (!loop) return t < t_first ? values[0] : values[last];
    // Loop clip, track shorter than the cycle: the wrap segment runs from the
    // last key to the first key of the next cycle (at t_first + duration).
    const float gap_s = t_first + duration_s - t_last;
    if (!(gap_s > 0.0f)) return t < t_first ? values[0] : values[last];
    const float since_last_s = t > t_last ? t - t_last : t + duration_s - t_last;
    return Lerp(values[last], values[0], std::min(since_last_s / gap_s, 1.0f));
  }
  const uint32_t k = FindSegment(times, count, t, cursor);
  cursor = k;
  const float alpha = (t - times[k]) / (times[k + 1] - times[k]);
  return Lerp(values[k], values[k + 1], alpha);
}

}  // namespace

bool SamplingJob::Validate() const {
  if (clip == nullptr || !std::isfinite(time_s)) return false;
  const size_t joints = static_cast<size_t>(clip->JointCount());
  if (output_ls.size() < joints) return false;
  if (!rest_pose_ls.empty() && rest_pose_ls.size() < joints) return false;
  if (cache != nullptr && static_cast<size_t>(cache->MaxJoints()) < joints) return false;
  return true;
}

bool SamplingJob::Run() const {
  if (!Validate()) return false;
  const int joints = clip->JointCount();
  const float t = clip->WrapTime(time_s);
  const float duration_s = clip->DurationS();
  const bool loop = clip->Loop();
  const bool has_rest = !rest_pose_ls.empty();

  const Clip::JointTracks* tracks = clip->Tracks().data();
  const float* t_times = clip->TranslationTimes().data();
  const glm::vec3* t_values = clip->TranslationValues().data();
  const float* r_times = clip->RotationTimes().data();
  const glm::quat* r_values = clip->RotationValues().data();
  const float* s_times = clip->ScaleTimes().data();
  const glm::vec3* s_values = clip->ScaleValues().data();

  // Without a cache, an out-of-range hint forces a fresh binary search.
  uint32_t no_cache[SamplingCache::kChannels];
  uint32_t* cursors = cache != nullptr ? cache->CursorsFor(clip) : nullptr;

  for (int j = 0; j < joints; ++j) {
    const Clip::JointTracks& track = tracks[j];
    uint32_t* cursor = cursors != nullptr ? cursors + SamplingCache::kChannels * j : no_cache;
    if (cursors == nullptr) no_cache[0] = no_cache[1] = no_cache[2] = ~0u;
    math::Transform& out = output_ls[j];

    if (track.translation.count > 0) {
      out.translation = SampleTrack(t_times + track.translation.first, t_values + track.translation.first,
                                    track.translation.count, t, duration_s, loop, cursor[0]);
    } else if (has_rest) {
      out.translation = rest_pose_ls[j].translation;
    }
    if (track.rotation.count > 0) {
      out.rotation = SampleTrack(r_times + track.rotation.first, r_values + track.rotation.first, track.rotation.count,
                                 t, duration_s, loop, cursor[1]);
    } else if (has_rest) {
      out.rotation = rest_pose_ls[j].rotation;
    }
    if (track.scale.count > 0) {
      out.scale = SampleTrack(s_times + track.scale.first, s_values + track.scale.first, track.scale.count, t,
                              duration_s, loop, cursor[2]);
    } else if (has_rest) {
      out.scale = rest_pose_ls[j].scale;
    }
  }
  return true;
}

}  // namespace knights::anim
