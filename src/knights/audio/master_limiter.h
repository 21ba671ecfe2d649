#pragma once
// The master bus's peak limiter: the mix of every channel, as the device
// will play it, held at or under a ceiling (-1 dBFS) however many sounds
// land at once. It looks ahead: each frame is delayed by lookahead_frames
// while the gain it needs is known, and the gain falls smoothly over that
// time to exactly what the loudest frame in view needs (so a peak is never
// clipped), then recovers over release_s. Under the ceiling it passes the
// signal through unchanged, only delayed. Runs in the audio callback: no
// allocation, no locks.
//
//   audio::MasterLimiter limiter({});        // zero fields take the defaults
//   limiter.Process(stereo_interleaved);      // in place, every buffer

#include <array>
#include <span>

namespace knights::audio {

struct MasterLimiterDesc {
  float ceiling_dbfs = 0.0f;  // the highest a sample may reach (0: kDefaultCeilingDbfs)
  int lookahead_frames = 0;   // the delay, frames (0: 64, 2.9 ms at 22050 Hz; at most kMaxLookahead)
  float release_s = 0.0f;     // time constant of the gain's recovery, seconds (0: 0.12)
  int rate_hz = 0;            // frames a second (0: 22050)
};

class MasterLimiter {
 public:
  static constexpr float kDefaultCeilingDbfs = -1.0f;
  static constexpr int kMaxLookahead = 512;

  explicit MasterLimiter(const MasterLimiterDesc& desc);

  // Limits interleaved stereo samples in place (full scale +-1); the
  // output is the input lookahead_frames earlier, times the gain.
  void Process(std::span<float> stereo);

  float ceiling() const { return ceiling_; }         // linear
  int latency_frames() const { return lookahead_; }  // the delay Process adds
  float gain() const { return gain_; }               // applied to the last frame out, 0..1

 private:
  static constexpr int kRing = kMaxLookahead + 1;  // the frames in view: now and lookahead before

  float ceiling_;
  int lookahead_;
  float release_coefficient_;               // the share of the way back to unity a frame recovers
  std::array<float, 2 * kRing> delayed_{};  // the frames waiting to go out, stereo
  std::array<float, kRing> needed_{};       // the gain each frame in view needs alone
  std::array<float, kRing> window_min_{};   // the least gain needed over the view ending at each frame
  double window_min_sum_ = 0.0;             // of window_min_'s last lookahead + 1 entries
  int head_ = 0;                            // ring index of the newest frame
  float gain_ = 1.0f;
};

}  // namespace knights::audio
