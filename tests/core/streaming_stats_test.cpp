#include "knights/core/streaming_stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace knights::core {
namespace {

TEST(StreamingStats, EmptyIsAllZero) {
  const StreamingStats s;
  EXPECT_EQ(s.count(), 0u);
  EXPECT_EQ(s.mean(), 0.0);
  EXPECT_EQ(s.max(), 0.0);
  EXPECT_EQ(s.Quantile(0.95), 0.0);
}

TEST(StreamingStats, MeanAndMaxAreExactAndQuantilesWithinTwoPercentAbove) {
  std::mt19937 rng(7);
  // Errors spanning micrometres to decimetres, like the IK metrics.
  std::lognormal_distribution<double> dist(std::log(1e-3), 2.0);
  std::vector<double> values;
  StreamingStats s;
  double sum = 0.0;
  for (int i = 0; i < 50000; ++i) {
    const double v = dist(rng);
    values.push_back(v);
    s.Add(v);
    sum += v;
  }
  std::sort(values.begin(), values.end());
  EXPECT_EQ(s.count(), values.size());
  EXPECT_DOUBLE_EQ(s.max(), values.back());
  EXPECT_NEAR(s.mean(), sum / values.size(), 1e-12);
  for (double q : {0.5, 0.95, 0.99}) {
    const double exact = values[static_cast<size_t>(std::ceil(q * values.size())) - 1];
    EXPECT_GE(s.Quantile(q), exact) << q;
    EXPECT_LE(s.Quantile(q), exact * 1.0201) << q;
  }
}

TEST(StreamingStats, QuantileNeverExceedsTheMaximum) {
  StreamingStats s;
  s.Add(0.5);
  s.Add(0.5);
  EXPECT_DOUBLE_EQ(s.Quantile(0.95), 0.5);
  EXPECT_DOUBLE_EQ(s.Quantile(1.0), 0.5);
}

TEST(StreamingStats, ZerosAndBadValuesCountInTheLowestBin) {
  StreamingStats s;
  s.Add(0.0);
  s.Add(-1.0);
  s.Add(std::nan(""));
  EXPECT_EQ(s.count(), 3u);
  EXPECT_EQ(s.max(), 0.0);
  EXPECT_LE(s.Quantile(0.5), StreamingStats::kLowest);
}

}  // namespace
}  // namespace knights::core
