// CPU skinning of the knight's mesh (linear blend skinning, four influences
// per vertex: positions and normals), for comparison with the GPU skinning
// the game uses (knights_gpu_bench, tests/bench/gpu_skinning_main.cpp).
// The palette is the knight's from a real pose (a few steps into the
// recorded run).

#include <benchmark/benchmark.h>

#include <vector>

#include "anim/skinned_mesh.h"
#include "bench_util.h"
#include "cpu_skinning.h"

namespace knights::bench {
namespace {

void BM_SkinningCpuKnight(benchmark::State& state) {
  const anim::SkinnedMesh& mesh = Assets().model.mesh;
  ReplayKnight knight(1);
  knight.Step();
  const auto palette = knight.knight().DrawState().palette_ms;
  std::vector<glm::vec4> positions(mesh.vertices.size()), normals(mesh.vertices.size());
  for (auto _ : state) {
    SkinCpu(mesh.vertices, palette, positions, normals);
    benchmark::ClobberMemory();
  }
  SetTimePer(state, "ns_per_vertex", static_cast<double>(mesh.vertices.size()));
  state.counters["vertices"] = static_cast<double>(mesh.vertices.size());
}
BENCHMARK(BM_SkinningCpuKnight)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace knights::bench
