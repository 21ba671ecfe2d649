// CPU skinning of the knight's mesh (anim::SkinningJob: linear blend
// skinning, four influences per vertex, positions and normals), as the game
// draws on a software rasteriser, for comparison with the GPU skinning it
// uses otherwise (knights_gpu_bench, tests/bench/gpu_skinning_main.cpp).
// The palette is the knight's from a real pose (a few steps into the
// recorded run).

#include <benchmark/benchmark.h>

#include <vector>

#include "knights/anim/skinned_mesh.h"
#include "knights/anim/skinning_job.h"
#include "bench_util.h"

namespace knights::bench {
namespace {

void BM_SkinningCpuKnight(benchmark::State& state) {
  const anim::SkinnedMesh& mesh = Assets().model.mesh;
  ReplayKnight knight(1);
  knight.Step();
  const auto palette = knight.knight().DrawState().palette_ms;
  std::vector<glm::vec3> positions_normals(2 * mesh.vertices.size());
  anim::SkinningJob job;
  job.vertices = mesh.vertices;
  job.palette_ms = palette;
  job.positions_normals_ms = positions_normals;
  for (auto _ : state) {
    job.Run();
    benchmark::ClobberMemory();
  }
  SetTimePer(state, "ns_per_vertex", static_cast<double>(mesh.vertices.size()));
  state.counters["vertices"] = static_cast<double>(mesh.vertices.size());
}
BENCHMARK(BM_SkinningCpuKnight)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace knights::bench
