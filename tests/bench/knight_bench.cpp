// The whole per-knight update, the real one: game::Knight::Step on the real
// knight (assets/characters/knight.json) in the demo level, driven by a
// recorded autoplay run (walking, running, jumping, climbing ladders; see
// bench_util.h). One Step is: controller (motion and collision against the
// world), clip sampling and blending, local-to-model, IK (feet on the ground
// with pelvis offset and foot alignment, or hands and feet on ladder rungs:
// up to four two-bone chains), skinning palette.
//
//   BM_KnightUpdate                     one knight, us_per_knight
//   BM_KnightIkPass                     the IK pass alone inside that update
//   BM_KnightsUpdate/N                  N knights, one thread (N = 1..1000)
//   BM_KnightsUpdateParallel/N          N knights, core::JobSystem over all
//                                       hardware threads (knights are
//                                       independent; the world is read-only)

#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "bench_util.h"
#include "knights/core/job_system.h"

namespace knights::bench {
namespace {

// N knights spread over the recorded run (each starts at a different
// snapshot, so at any time some walk, some run, jump or climb).
std::vector<ReplayKnight> MakeKnights(int count) {
  std::vector<ReplayKnight> knights;
  knights.reserve(static_cast<size_t>(count));
  const int snapshots = static_cast<int>(AutoplayRecording().snapshots.size());
  for (int i = 0; i < count; ++i) knights.emplace_back((i * 7919) % snapshots);  // 7919: prime, spreads them
  return knights;
}

void SetKnightCounters(benchmark::State& state, int knights) {
  SetTimePer(state, "us_per_knight", knights);
  state.SetItemsProcessed(state.iterations() * knights);
}

void BM_KnightUpdate(benchmark::State& state) {
  ReplayKnight knight(0);
  for (auto _ : state) {
    knight.Step();
    benchmark::DoNotOptimize(knight.knight().DrawState().palette_ms.data());
    benchmark::ClobberMemory();
  }
  SetKnightCounters(state, 1);
  state.counters["joints"] = static_cast<double>(Assets().model.skeleton.JointCount());
  state.counters["steps_recorded"] = static_cast<double>(AutoplayRecording().inputs.size());
}
BENCHMARK(BM_KnightUpdate)->Unit(benchmark::kMicrosecond);

// The IK pass of the same update on its own (feet on the ground with pelvis
// offset and foot alignment, or hands and feet on rungs: four two-bone
// chains), as Knight::Step times it around that step.
void BM_KnightIkPass(benchmark::State& state) {
  ReplayKnight knight(0);
  double ik_s = 0.0;
  for (auto _ : state) {
    knight.Step(/*time_passes=*/true);
    ik_s += knight.knight().LastIkSeconds();
    benchmark::ClobberMemory();
  }
  state.counters["us_ik_per_knight"] = state.iterations() ? ik_s * 1e6 / static_cast<double>(state.iterations()) : 0.0;
}
BENCHMARK(BM_KnightIkPass)->Unit(benchmark::kMicrosecond);

void BM_KnightsUpdate(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  std::vector<ReplayKnight> knights = MakeKnights(count);
  for (auto _ : state) {
    for (size_t i = 0; i < knights.size(); ++i) {
      if (i + 1 < knights.size()) knights[i + 1].knight().Prefetch();
      knights[i].Step();
    }
    benchmark::ClobberMemory();
  }
  SetKnightCounters(state, count);
}
BENCHMARK(BM_KnightsUpdate)->Arg(1)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

void BM_KnightsUpdateParallel(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  std::vector<ReplayKnight> knights = MakeKnights(count);
  core::JobSystem jobs;  // hardware threads - 1 workers + this thread
  // A few chunks per thread: dynamic balancing without much hand-off.
  const int grain = std::max(1, count / (jobs.ThreadCount() * 8));
  for (auto _ : state) {
    jobs.ParallelFor(count, grain, [&](int begin, int end) {
      for (int i = begin; i < end; ++i) {
        if (i + 1 < end) knights[static_cast<size_t>(i) + 1].knight().Prefetch();
        knights[static_cast<size_t>(i)].Step();
      }
    });
    benchmark::ClobberMemory();
  }
  SetKnightCounters(state, count);
  state.counters["pool_threads"] = jobs.ThreadCount();
}
// Wall time: the point is the elapsed time of a frame's update on all cores
// (CPU time would add up the threads).
BENCHMARK(BM_KnightsUpdateParallel)->Arg(1)->Arg(10)->Arg(100)->Arg(1000)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace knights::bench
