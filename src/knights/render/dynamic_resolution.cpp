#include "knights/render/dynamic_resolution.h"

#include <algorithm>
#include <cmath>

namespace knights::render {

DynamicResolution::DynamicResolution(const DynamicResolutionSettings& settings) : settings_(settings) {
  settings_.step = std::max(settings_.step, 0.01f);
  settings_.min_scale = std::max(settings_.min_scale, settings_.step);
  settings_.max_scale = std::max(settings_.max_scale, settings_.min_scale);
  settings_.window_frames = std::clamp(settings_.window_frames, 1, kMaxWindowFrames);
  scale_ = Snapped(settings_.max_scale);
}

// The nearest multiple of the step at or below `scale`, within the bounds.
float DynamicResolution::Snapped(float scale) const {
  const float steps = std::floor(scale / settings_.step + 1e-3f);
  return std::clamp(steps * settings_.step, settings_.min_scale, settings_.max_scale);
}

float DynamicResolution::MedianOfWindow() {
  const auto begin = window_ms_.begin(), middle = begin + frames_in_window_ / 2, end = begin + frames_in_window_;
  std::nth_element(begin, middle, end);
  return *middle;
}

float DynamicResolution::AddFrame(float frame_ms) {
  if (!std::isfinite(frame_ms) || !(frame_ms > 0.0f)) return scale_;
  window_ms_[frames_in_window_++] = frame_ms;
  if (frames_in_window_ < settings_.window_frames) return scale_;
  const float median_ms = MedianOfWindow();
  frames_in_window_ = 0;
  const float target_ms = settings_.target_frame_ms;
  if (median_ms > target_ms) {
    // Pixel-bound: the time follows the scale squared. Down one step at
    // least (a frame a little over the target would otherwise stay so).
    const float wanted = scale_ * std::sqrt(settings_.headroom * target_ms / median_ms);
    scale_ = Snapped(std::min(wanted, scale_ - 0.999f * settings_.step));
  } else if (median_ms < target_ms * settings_.headroom * settings_.headroom) {
    scale_ = Snapped(scale_ + settings_.step * 1.001f);
  }
  return scale_;
}

}  // namespace knights::render
