#pragma once
// Statistics of a stream of non-negative values in constant memory: exact
// count, mean and maximum; quantiles from a log-scale histogram whose bins
// are 2% wide, reported as the upper edge of the quantile's bin (never below
// the true quantile, at most 2% above it, and never above the maximum).
// Range 1e-9 .. ~1e3 (values below count in the first bin, above in the last).

#include <array>
#include <cmath>
#include <cstdint>

namespace knights::core {

class StreamingStats {
 public:
  static constexpr int kBins = 1400;
  static constexpr double kLowest = 1e-9;  // upper edge of bin 0
  static constexpr double kGrowth = 1.02;  // ratio between consecutive bin edges

  void Add(double value) {
    if (!(value >= 0.0)) value = 0.0;  // negative or NaN: counted as 0 (callers pass magnitudes)
    ++count_;
    sum_ += value;
    if (value > max_) max_ = value;
    ++bins_[BinOf(value)];
  }

  uint64_t count() const { return count_; }
  double mean() const { return count_ ? sum_ / static_cast<double>(count_) : 0.0; }
  double max() const { return max_; }
  // The q-quantile (0 < q <= 1), e.g. 0.95; 0 when empty.
  double Quantile(double q) const {
    if (count_ == 0) return 0.0;
    const uint64_t rank = static_cast<uint64_t>(std::ceil(q * static_cast<double>(count_)));
    uint64_t seen = 0;
    for (int b = 0; b < kBins; ++b) {
      seen += bins_[b];
      if (seen >= rank && rank > 0) return std::fmin(UpperEdge(b), max_);
    }
    return max_;
  }

 private:
  static int BinOf(double value) {
    if (value <= kLowest) return 0;
    const int bin = 1 + static_cast<int>(std::log(value / kLowest) / std::log(kGrowth));
    return bin < kBins ? bin : kBins - 1;
  }
  static double UpperEdge(int bin) { return kLowest * std::pow(kGrowth, bin); }

  uint64_t count_ = 0;
  double sum_ = 0.0;
  double max_ = 0.0;
  std::array<uint32_t, kBins> bins_{};
};

}  // namespace knights::core
