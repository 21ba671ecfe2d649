#include "knights/math/segment_distance.h"

#include <gtest/gtest.h>

namespace knights::math {
namespace {

TEST(SegmentDistance, CrossingSegmentsMeetAtTheirCrossing) {
  const SegmentClosest c = ClosestBetweenSegments({-1, 0, 0}, {1, 0, 0}, {0, -1, 0.5f}, {0, 1, 0.5f});
  EXPECT_NEAR(c.distance, 0.5f, 1e-6f);
  EXPECT_NEAR(glm::length(c.on_a - glm::vec3(0, 0, 0)), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(c.on_b - glm::vec3(0, 0, 0.5f)), 0.0f, 1e-6f);
}

TEST(SegmentDistance, EndsAreClampedNotTheLines) {
  // The lines cross at x = 3, past a's end at x = 1: the gap is from a's end.
  const SegmentClosest c = ClosestBetweenSegments({-1, 0, 0}, {1, 0, 0}, {3, -1, 0}, {3, 1, 0});
  EXPECT_NEAR(c.distance, 2.0f, 1e-6f);
  EXPECT_NEAR(c.on_a.x, 1.0f, 1e-6f);
}

TEST(SegmentDistance, ParallelSegmentsGiveTheirGap) {
  const SegmentClosest c = ClosestBetweenSegments({0, 0, 0}, {2, 0, 0}, {1, 0.3f, 0}, {5, 0.3f, 0});
  EXPECT_NEAR(c.distance, 0.3f, 1e-6f);
}

TEST(SegmentDistance, PointsAreSegmentsToo) {
  EXPECT_NEAR(ClosestBetweenSegments({0, 0, 0}, {0, 0, 0}, {0, 2, 0}, {0, 2, 0}).distance, 2.0f, 1e-6f);
  EXPECT_NEAR(ClosestBetweenSegments({0, 1, 0}, {0, 1, 0}, {-1, 0, 0}, {1, 0, 0}).distance, 1.0f, 1e-6f);
  EXPECT_NEAR(ClosestBetweenSegments({-1, 0, 0}, {1, 0, 0}, {5, 0, 0}, {5, 0, 0}).distance, 4.0f, 1e-6f);
}

TEST(SegmentDistance, MatchesABruteForceSearch) {
  // Random-looking segments against a fine search of both parameters.
  const glm::vec3 pts[][4] = {{{0, 0, 0}, {1, 2, 3}, {2, -1, 0}, {-1, 1, 1}},
                              {{0.5f, 0.2f, -1}, {0.4f, 0.1f, 2}, {-2, 0, 0.1f}, {3, 0.5f, 0.2f}},
                              {{1, 1, 1}, {1.1f, 1, 1}, {0, 0, 0}, {0.1f, 0.05f, 0}}};
  for (const auto& p : pts) {
    float best = 1e9f;
    for (int i = 0; i <= 400; ++i) {
      for (int j = 0; j <= 400; ++j) {
        const glm::vec3 a = glm::mix(p[0], p[1], i / 400.0f);
        const glm::vec3 b = glm::mix(p[2], p[3], j / 400.0f);
        best = std::min(best, glm::length(a - b));
      }
    }
    const float got = ClosestBetweenSegments(p[0], p[1], p[2], p[3]).distance;
    EXPECT_LE(got, best + 1e-5f);
    EXPECT_NEAR(got, best, 0.01f);
  }
}

}  // namespace
}  // namespace knights::math
