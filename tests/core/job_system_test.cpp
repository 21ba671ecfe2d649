// core::JobSystem: every item of a parallel loop runs exactly once, whatever
// the worker count, grain and number of dispatches; workers really run
// chunks at the same time as the caller.

#include "knights/core/job_system.h"

#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace knights::core {
namespace {

TEST(JobSystem, EveryItemRunsExactlyOnce) {
  for (int workers : {0, 1, 3}) {
    JobSystem jobs(workers);
    EXPECT_EQ(jobs.ThreadCount(), workers + 1);
    for (int count : {0, 1, 7, 64, 1000}) {
      for (int grain : {0, 1, 3, 16, 2000}) {
        std::vector<std::atomic<int>> hits(static_cast<size_t>(count));
        jobs.ParallelFor(count, grain, [&](int begin, int end) {
          EXPECT_LE(end - begin, std::max(grain, 1));
          for (int i = begin; i < end; ++i) hits[static_cast<size_t>(i)].fetch_add(1);
        });
        for (int i = 0; i < count; ++i) {
          ASSERT_EQ(hits[static_cast<size_t>(i)].load(), 1)
              << "workers " << workers << " count " << count << " grain " << grain << " item " << i;
        }
      }
    }
  }
}

TEST(JobSystem, ManyDispatchesMatchSerialSum) {
  JobSystem jobs(2);
  std::vector<int64_t> values(513);
  std::iota(values.begin(), values.end(), 1);
  const int64_t expected = std::accumulate(values.begin(), values.end(), int64_t{0});
  for (int round = 0; round < 2000; ++round) {
    std::atomic<int64_t> sum{0};
    jobs.ParallelFor(static_cast<int>(values.size()), 1 + round % 40, [&](int begin, int end) {
      int64_t local = 0;
      for (int i = begin; i < end; ++i) local += values[static_cast<size_t>(i)];
      sum.fetch_add(local);
    });
    ASSERT_EQ(sum.load(), expected) << "round " << round;
  }
}

TEST(JobSystem, FunctionPointerFormPassesContext) {
  JobSystem jobs(1);
  std::vector<int> out(100, 0);
  jobs.ParallelFor(
      100, 10,
      [](void* context, int begin, int end) {
        auto& v = *static_cast<std::vector<int>*>(context);
        for (int i = begin; i < end; ++i) v[static_cast<size_t>(i)] = i * i;
      },
      &out);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(out[static_cast<size_t>(i)], i * i);
}

// With a worker, two chunks run at the same time: each of the first two
// chunks waits until the other has started. A pool that ran everything on
// the caller would never get there (the wait gives up after 10 s and the
// test fails instead of hanging).
TEST(JobSystem, WorkersRunConcurrentlyWithCaller) {
  JobSystem jobs(1);
  std::atomic<int> started{0};
  std::atomic<bool> overlapped{false};
  jobs.ParallelFor(2, 1, [&](int, int) {
    started.fetch_add(1);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (started.load() < 2 && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
    if (started.load() == 2) overlapped = true;
  });
  EXPECT_TRUE(overlapped.load());
}

TEST(JobSystem, DefaultUsesHardwareThreads) {
  JobSystem jobs;
  const int hardware = static_cast<int>(std::thread::hardware_concurrency());
  EXPECT_EQ(jobs.ThreadCount(), std::max(hardware, 1));
}

}  // namespace
}  // namespace knights::core
