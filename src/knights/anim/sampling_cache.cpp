#include "knights/anim/sampling_cache.h"

#include <algorithm>

#include "knights/core/prefetch.h"

namespace knights::anim {

void SamplingCache::Resize(int max_joints) {
  cursors_.assign(static_cast<size_t>(std::max(max_joints, 0)) * kChannels, 0u);
  clip_ = nullptr;
}

void SamplingCache::Invalidate() {
  std::fill(cursors_.begin(), cursors_.end(), 0u);
  clip_ = nullptr;
}

uint32_t* SamplingCache::CursorsFor(const Clip* clip) {
  if (clip != clip_) {
    std::fill(cursors_.begin(), cursors_.end(), 0u);
    clip_ = clip;
  }
  return cursors_.data();
}

void SamplingCache::Prefetch() const { core::PrefetchBytes(cursors_.data(), cursors_.size() * sizeof(uint32_t)); }

}  // namespace knights::anim
