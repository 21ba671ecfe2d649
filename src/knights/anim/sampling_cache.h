#pragma once
// Per-playback memory for SamplingJob: for every track, the key segment that
// was sampled last. Forward playback then finds its segment by checking that
// one and the next (O(1) amortised) instead of a binary search per track.
//
// Usage (one cache per playing clip per character, sized at spawn):
//   anim::SamplingCache cache(skeleton.JointCount());
//   sampling_job.cache = &cache;  // every frame
// The cache remembers which clip it was last used with and resets itself when
// a job hands it another clip; call Invalidate() if a clip is rebuilt at the
// same address. Sharing one cache between two clips played at once works but
// throws away the cursors every frame: give each playing clip its own.
// Results never depend on the cache (a job without one binary-searches).

#include <cstdint>
#include <vector>

namespace knights::anim {

class Clip;

class SamplingCache {
 public:
  SamplingCache() = default;
  explicit SamplingCache(int max_joints) { Resize(max_joints); }

  // Allocates cursors for clips of up to max_joints joints (spawn time only).
  void Resize(int max_joints);
  // Forgets the clip and all cursors.
  void Invalidate();
  int MaxJoints() const { return static_cast<int>(cursors_.size() / kChannels); }

  // For SamplingJob: the cursors for `clip`, reset first if the cache was last
  // used with another clip. Three per joint: translation, rotation, scale.
  uint32_t* CursorsFor(const Clip* clip);
  // Cache-prefetch hint for the cursors (see knights/core/prefetch.h).
  void Prefetch() const;

  static constexpr int kChannels = 3;

 private:
  const Clip* clip_ = nullptr;
  // Index of the first key of the segment last sampled, per joint and channel.
  std::vector<uint32_t> cursors_;
};

}  // namespace knights::anim
