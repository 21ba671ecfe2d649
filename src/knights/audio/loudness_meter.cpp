#include "knights/audio/loudness_meter.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace knights::audio {
namespace {

constexpr double kAbsoluteGateLufs = -70.0;
constexpr double kRelativeGateLu = -10.0;
constexpr int kQuartersPerBlock = 4;  // 400 ms blocks, a new one every 100 ms

// The loudness of a mean square (summed over channels): BS.1770's -0.691
// makes the K-weighting's gain at 1 kHz read 0 dB.
double Lufs(double mean_square) { return -0.691 + 10.0 * std::log10(mean_square); }

}  // namespace

double LoudnessMeter::Biquad::Run(double in) {
  const double out = b[0] * in + b[1] * x[0] + b[2] * x[1] - a[1] * y[0] - a[2] * y[1];
  x = {in, x[0]};
  y = {out, y[0]};
  return out;
}

// The K-weighting filters come from their analog prototypes (the 48 kHz
// coefficients the standard tabulates are these at that rate), by the
// bilinear transform, so any rate gets the same curve.
LoudnessMeter::LoudnessMeter(int rate_hz, int channels)
    : channels_(std::clamp(channels, 1, kMaxChannels)), quarter_block_frames_(std::max(1, rate_hz / 10)) {
  const double rate = std::clamp(rate_hz, 8000, 192000);
  Biquad shelf;  // +4 dB above about 1.7 kHz
  {
    const double f0 = 1681.974450955533, gain_db = 3.999843853973347, q = 0.7071752369554196;
    const double k = std::tan(std::numbers::pi * f0 / rate);
    const double vh = std::pow(10.0, gain_db / 20.0), vb = std::pow(vh, 0.4996667741545416);
    const double a0 = 1.0 + k / q + k * k;
    shelf.b = {(vh + vb * k / q + k * k) / a0, 2.0 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0};
    shelf.a = {1.0, 2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0};
  }
  Biquad highpass;  // removes what is below about 38 Hz
  {
    const double f0 = 38.13547087602444, q = 0.5003270373238773;
    const double k = std::tan(std::numbers::pi * f0 / rate);
    const double a0 = 1.0 + k / q + k * k;
    highpass.b = {1.0, -2.0, 1.0};
    highpass.a = {1.0, 2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0};
  }
  shelf_.fill(shelf);
  highpass_.fill(highpass);
}

void LoudnessMeter::Add(std::span<const float> interleaved) {
  for (const float sample : interleaved) {
    pending_[static_cast<size_t>(pending_count_++)] = sample;
    if (pending_count_ == channels_) {
      AddFrame(pending_.data());
      pending_count_ = 0;
    }
  }
}

void LoudnessMeter::AddFrame(const float* frame) {
  for (int c = 0; c < channels_; ++c) {
    const auto ch = static_cast<size_t>(c);
    peak_ = std::max(peak_, std::abs(frame[c]));
    const double weighted = highpass_[ch].Run(shelf_[ch].Run(frame[c]));
    quarter_energy_ += weighted * weighted;
  }
  ++frames_;
  if (++quarter_fill_ == quarter_block_frames_) {
    quarter_means_.push_back(quarter_energy_ / quarter_block_frames_);
    quarter_energy_ = 0.0;
    quarter_fill_ = 0;
  }
}

std::vector<double> LoudnessMeter::BlockMeanSquares() const {
  std::vector<double> blocks;
  for (size_t i = kQuartersPerBlock; i <= quarter_means_.size(); ++i) {
    double sum = 0.0;
    for (size_t q = i - kQuartersPerBlock; q < i; ++q) sum += quarter_means_[q];
    blocks.push_back(sum / kQuartersPerBlock);
  }
  return blocks;
}

std::optional<double> LoudnessMeter::IntegratedLufs() const {
  const std::vector<double> blocks = BlockMeanSquares();
  auto gated_mean = [&blocks](double gate_lufs) -> std::optional<double> {
    double sum = 0.0;
    int count = 0;
    for (const double b : blocks) {
      if (b > 0.0 && Lufs(b) > gate_lufs) {
        sum += b;
        ++count;
      }
    }
    if (count == 0) return std::nullopt;
    return sum / count;
  };
  const std::optional<double> above_silence = gated_mean(kAbsoluteGateLufs);
  if (!above_silence) return std::nullopt;
  const double relative_gate = std::max(kAbsoluteGateLufs, Lufs(*above_silence) + kRelativeGateLu);
  const std::optional<double> gated = gated_mean(relative_gate);
  return gated ? std::optional(Lufs(*gated)) : std::nullopt;
}

std::optional<double> LoudnessMeter::MaxMomentaryLufs() const {
  std::optional<double> loudest;
  for (const double block : BlockMeanSquares()) {
    if (block <= 0.0) continue;
    loudest = loudest ? std::max(*loudest, Lufs(block)) : Lufs(block);
  }
  return loudest;
}

std::optional<double> LoudnessMeter::PeakDbfs() const {
  if (frames_ == 0) return std::nullopt;
  return 20.0 * std::log10(std::max(peak_, 1e-10f));
}

}  // namespace knights::audio
