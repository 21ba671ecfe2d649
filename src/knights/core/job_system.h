#pragma once
// A small fixed thread pool for data-parallel loops over independent items
// (e.g. updating many knights that only read the shared world).
//
// Usage (create once; dispatch every frame, no allocation per dispatch):
//   core::JobSystem jobs;                      // hardware threads - 1 workers
//   jobs.ParallelFor(knight_count, 8, [&](int begin, int end) {
//     for (int i = begin; i < end; ++i) knights[i].Step(...);
//   });                                        // returns when all are done
//
// The calling thread works too, so a pool of N workers runs N + 1 chunks at
// once. Items are handed out in chunks of `grain` from a shared atomic
// counter (dynamic scheduling: a slow item does not hold up a whole static
// share). A worker that wakes only after the caller has taken the last
// chunk sits the loop out: on a busy host a dispatch never waits for a
// thread the system has not scheduled. ParallelFor may be called from one thread at a time and not from
// inside a loop body. The body must not throw.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace knights::core {

class JobSystem {
 public:
  // worker_count < 0: std::thread::hardware_concurrency() - 1 (at least 0).
  // 0: no threads; every loop runs on the caller.
  explicit JobSystem(int worker_count = -1);
  ~JobSystem();
  JobSystem(const JobSystem&) = delete;
  JobSystem& operator=(const JobSystem&) = delete;

  // Threads that run loop bodies: the workers plus the caller.
  int ThreadCount() const { return static_cast<int>(workers_.size()) + 1; }

  // A loop body: processes items [begin, end).
  using RangeFn = void (*)(void* context, int begin, int end);

  // Runs fn(context, begin, end) over [0, count) in chunks of at most
  // `grain` items (grain < 1 counts as 1) and returns when every item is
  // done. Each item is processed exactly once.
  void ParallelFor(int count, int grain, RangeFn fn, void* context);

  // The same with any callable f(int begin, int end); f is used by
  // reference, never copied or stored (no allocation).
  template <typename F>
  void ParallelFor(int count, int grain, F&& f) {
    using Body = std::remove_reference_t<F>;
    ParallelFor(
        count, grain, [](void* context, int begin, int end) { (*static_cast<Body*>(context))(begin, end); },
        const_cast<void*>(static_cast<const void*>(&f)));
  }

 private:
  void WorkerLoop();
  // Takes chunks from next_ until none are left.
  void RunChunks();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;  // workers wait for a new generation
  std::condition_variable done_;  // the caller waits for busy_ == 0
  // Guarded by mutex_: the dispatch being run.
  uint64_t generation_ = 0;
  bool quit_ = false;
  int joined_ = 0;       // workers that joined the current dispatch and have not left it
  bool closed_ = false;  // the caller took the last chunk: no worker joins any more
  // The current loop; written before a generation starts, read-only during it.
  RangeFn fn_ = nullptr;
  void* context_ = nullptr;
  int count_ = 0;
  int grain_ = 1;
  std::atomic<int> next_{0};  // first item not yet handed out
};

}  // namespace knights::core
