#pragma once
// Loudness as ITU-R BS.1770-4 and EBU R 128 define it: the K-weighted mean
// square of the signal over 400 ms blocks (a new block every 100 ms), in
// LUFS. The integrated loudness gates out blocks below -70 LUFS and then
// those more than 10 LU under the mean of the rest, so silences between
// sounds do not pull it down. Used to check the game's mix against its
// targets (audio/mix_targets.h) and by the sound tool's README.
//
//   audio::LoudnessMeter meter(22050, 2);
//   meter.Add(interleaved_samples);          // any number of calls
//   std::optional<double> lufs = meter.IntegratedLufs();  // nullopt: all below the gate
//
// A 997 Hz sine peaking at 0 dBFS in one channel reads -3.01 LUFS (the
// standard's calibration); in both channels, 0.0 LUFS.

#include <array>
#include <optional>
#include <span>
#include <vector>

namespace knights::audio {

class LoudnessMeter {
 public:
  static constexpr int kMaxChannels = 2;
  // rate_hz: samples a second per channel (8000..192000); channels: 1 or 2
  // (left and right weighted alike), interleaved.
  LoudnessMeter(int rate_hz, int channels);

  // Measures these samples (interleaved, full scale +-1; a partial frame
  // at the end is kept for the next call).
  void Add(std::span<const float> interleaved);

  // The gated loudness of everything added, LUFS; nullopt without one
  // full block above the -70 LUFS gate.
  std::optional<double> IntegratedLufs() const;
  // The loudest 400 ms block, LUFS; nullopt without a full block.
  std::optional<double> MaxMomentaryLufs() const;
  // The largest sample's magnitude, dBFS (nullopt before any sample).
  std::optional<double> PeakDbfs() const;
  // Frames (one sample of each channel) added so far.
  long long frames() const { return frames_; }

 private:
  // One second-order section, direct form I.
  struct Biquad {
    std::array<double, 3> b{};  // feed-forward
    std::array<double, 3> a{};  // feedback, a[0] = 1
    std::array<double, 2> x{};  // the last two inputs
    std::array<double, 2> y{};  // the last two outputs
    double Run(double in);
  };
  void AddFrame(const float* frame);
  // Each full 400 ms block's K-weighted mean square, summed over channels.
  std::vector<double> BlockMeanSquares() const;

  int channels_;
  int quarter_block_frames_;                     // 100 ms of frames
  std::array<Biquad, kMaxChannels> shelf_{};     // K-weighting stage 1: the head's high shelf
  std::array<Biquad, kMaxChannels> highpass_{};  // stage 2: the RLB high-pass
  double quarter_energy_ = 0.0;                  // K-weighted sum of squares in the current 100 ms
  int quarter_fill_ = 0;                         // frames in it
  std::vector<double> quarter_means_;            // each finished 100 ms: mean square, summed over channels
  std::array<float, kMaxChannels> pending_{};    // a partial frame between calls
  int pending_count_ = 0;
  float peak_ = 0.0f;
  long long frames_ = 0;
};

}  // namespace knights::audio
