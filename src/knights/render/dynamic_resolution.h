#pragma once
// Dynamic resolution: holds a frame time by changing the render scale (the
// 3D resolution over the window's). No GL: the app feeds it each drawn
// frame's time and draws the next frame at the scale it returns.
//
// It decides once per window of frames, on their median (one slow frame, a
// shader compiled at first use, does not move it): over the target it
// scales down at once, by the square root of the ratio (a software
// rasteriser's time follows the pixel count); clearly under it (the target
// times `headroom` squared) it scales up by one step only. Scales are
// multiples of `step`, so the picture changes seldom and never pumps.
// Nothing is allocated per frame.

#include <array>

namespace knights::render {

struct DynamicResolutionSettings {
  float target_frame_ms = 1000.0f / 30.0f;  // the frame time aimed at, milliseconds
  float min_scale = 0.5f;                   // never below (a blurrier picture is worse than a slower one)
  float max_scale = 1.0f;                   // never above (the scale the player chose)
  float step = 0.05f;                       // scales are multiples of this
  int window_frames = 20;                   // frames per decision (at most kMaxWindowFrames)
  // Scaling down aims this far under the target, and scaling up waits until
  // frames are this squared under it: the gap that keeps it from flipping.
  float headroom = 0.9f;
};

class DynamicResolution {
 public:
  static constexpr int kMaxWindowFrames = 120;

  explicit DynamicResolution(const DynamicResolutionSettings& settings = {});
  // One drawn frame's time, milliseconds (ignored unless finite and > 0);
  // returns the scale to draw the next frame at.
  float AddFrame(float frame_ms);
  float scale() const { return scale_; }
  const DynamicResolutionSettings& settings() const { return settings_; }

 private:
  float Snapped(float scale) const;
  float MedianOfWindow();

  DynamicResolutionSettings settings_;
  float scale_ = 1.0f;
  std::array<float, kMaxWindowFrames> window_ms_{};
  int frames_in_window_ = 0;
};

}  // namespace knights::render
