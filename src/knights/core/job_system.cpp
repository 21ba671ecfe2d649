#include "knights/core/job_system.h"

#include <algorithm>

namespace knights::core {

JobSystem::JobSystem(int worker_count) {
  if (worker_count < 0) {
    const int hardware = static_cast<int>(std::thread::hardware_concurrency());
    worker_count = std::max(0, hardware - 1);
  }
  workers_.reserve(static_cast<size_t>(worker_count));
  for (int i = 0; i < worker_count; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

JobSystem::~JobSystem() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void JobSystem::RunChunks() {
  for (;;) {
    const int begin = next_.fetch_add(grain_, std::memory_order_relaxed);
    if (begin >= count_) return;
    fn_(context_, begin, std::min(begin + grain_, count_));
  }
}

void JobSystem::WorkerLoop() {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
      if (quit_) return;
      seen = generation_;
      // Too late: the caller has taken every chunk and stopped waiting
      // for helpers; this dispatch's loop is not ours to read.
      if (closed_) continue;
      ++joined_;
    }
    RunChunks();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--joined_ == 0) done_.notify_one();
    }
  }
}

void JobSystem::ParallelFor(int count, int grain, RangeFn fn, void* context) {
  if (count <= 0) return;
  grain = std::max(grain, 1);
  if (workers_.empty() || count <= grain) {
    // Nobody to share with: the chunks in order on the caller.
    for (int begin = 0; begin < count; begin += grain) fn(context, begin, std::min(begin + grain, count));
    return;
  }
  {
    // The mutex orders these writes before any worker reads them (workers
    // read them only after taking the mutex and seeing the new generation).
    std::lock_guard<std::mutex> lock(mutex_);
    fn_ = fn;
    context_ = context;
    count_ = count;
    grain_ = grain;
    next_.store(0, std::memory_order_relaxed);
    closed_ = false;
    ++generation_;
  }
  wake_.notify_all();
  RunChunks();
  // Every chunk is taken. A worker that joined may still be in one, and
  // must leave RunChunks before the next dispatch rewrites the loop: wait
  // for those. One that has not woken yet (a busy host) is not waited for:
  // closing the dispatch keeps it out, so the loop is never slower than
  // the caller running it alone, plus a wake-up call.
  std::unique_lock<std::mutex> lock(mutex_);
  closed_ = true;
  done_.wait(lock, [&] { return joined_ == 0; });
}

}  // namespace knights::core
