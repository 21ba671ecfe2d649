#include "knights/audio/master_limiter.h"

#include <algorithm>
#include <cmath>

namespace knights::audio {

MasterLimiter::MasterLimiter(const MasterLimiterDesc& desc)
    : ceiling_(std::pow(10.0f, (desc.ceiling_dbfs != 0.0f ? desc.ceiling_dbfs : kDefaultCeilingDbfs) / 20.0f)),
      lookahead_(std::clamp(desc.lookahead_frames > 0 ? desc.lookahead_frames : 64, 1, kMaxLookahead)) {
  const float release_s = desc.release_s > 0.0f ? desc.release_s : 0.12f;
  const float rate_hz = desc.rate_hz > 0 ? static_cast<float>(desc.rate_hz) : 22050.0f;
  release_coefficient_ = 1.0f - std::exp(-1.0f / (release_s * rate_hz));
  needed_.fill(1.0f);
  window_min_.fill(1.0f);
  window_min_sum_ = lookahead_ + 1.0;
}

// Why the output never passes the ceiling: the frame going out now entered
// lookahead frames ago, and every window minimum of the last lookahead + 1
// frames covers it, so their mean (the smoothed gain) is at most the gain
// that frame needs. The clamp at the end only absorbs float rounding.
void MasterLimiter::Process(std::span<float> stereo) {
  const int view = lookahead_ + 1;
  for (size_t i = 0; i + 1 < stereo.size(); i += 2) {
    head_ = (head_ + 1) % kRing;
    const auto h = static_cast<size_t>(head_);
    delayed_[2 * h] = stereo[i];
    delayed_[2 * h + 1] = stereo[i + 1];
    const float peak = std::max(std::abs(stereo[i]), std::abs(stereo[i + 1]));
    needed_[h] = peak > ceiling_ ? ceiling_ / peak : 1.0f;
    float least = 1.0f;
    for (int k = 0; k < view; ++k) least = std::min(least, needed_[static_cast<size_t>((head_ + kRing - k) % kRing)]);
    window_min_sum_ -= window_min_[static_cast<size_t>((head_ + kRing - view) % kRing)];
    window_min_[h] = least;
    window_min_sum_ += least;
    const auto smoothed = static_cast<float>(window_min_sum_ / view);
    gain_ = smoothed < gain_ ? smoothed : gain_ + (smoothed - gain_) * release_coefficient_;
    const auto out = static_cast<size_t>((head_ + kRing - lookahead_) % kRing);  // entered lookahead frames ago
    stereo[i] = std::clamp(delayed_[2 * out] * gain_, -ceiling_, ceiling_);
    stereo[i + 1] = std::clamp(delayed_[2 * out + 1] * gain_, -ceiling_, ceiling_);
  }
}

}  // namespace knights::audio
