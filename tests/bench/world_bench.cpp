// Ray queries against the demo level's collision mesh: ns per downward ray
// (the foot IK and ground queries) and per arbitrary-direction ray.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include "knights/asset/level_loader.h"
#include "knights/world/world.h"

namespace {

using knights::world::World;

const World& DemoWorld() {
  static const World* world = [] {
    auto level = knights::asset::LoadLevel(std::string(KNIGHTS_SOURCE_DIR) + "/assets/levels/demo.json");
    if (!level.ok()) {
      std::fprintf(stderr, "%s\n", level.status().message().c_str());
      std::exit(2);
    }
    return new World(std::move(*level));
  }();
  return *world;
}

void BM_WorldDownwardRay(benchmark::State& state) {
  const World& world = DemoWorld();
  const auto& mesh = world.collision();
  const float x0 = mesh.bounds_min_ws().x, x1 = mesh.bounds_max_ws().x;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> ux(x0, x1), uz(-0.3f, 0.3f);
  std::vector<glm::vec3> origins(4096);
  for (glm::vec3& o : origins) {
    // 1 m above the ground at the play plane: a foot probe's start height.
    const float x = ux(rng);
    o = glm::vec3(x, world.GroundHeightOr(x, 0.0f) + 1.0f, uz(rng));
  }
  size_t i = 0, hits = 0;
  for (auto _ : state) {
    const auto hit = mesh.Raycast(origins[i++ & 4095], glm::vec3(0, -1, 0), 3.0f);
    hits += hit.hit;
    benchmark::DoNotOptimize(hit);
  }
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_WorldDownwardRay);

void BM_WorldGroundHeightFromAbove(benchmark::State& state) {
  const World& world = DemoWorld();
  const auto& mesh = world.collision();
  std::mt19937 rng(8);
  std::uniform_real_distribution<float> ux(mesh.bounds_min_ws().x, mesh.bounds_max_ws().x), uz(-2.5f, 2.5f);
  std::vector<glm::vec2> xz(4096);
  for (glm::vec2& p : xz) p = glm::vec2(ux(rng), uz(rng));
  size_t i = 0;
  for (auto _ : state) {
    const glm::vec2 p = xz[i++ & 4095];
    benchmark::DoNotOptimize(mesh.GroundHeight(p.x, p.y));
  }
}
BENCHMARK(BM_WorldGroundHeightFromAbove);

// Random origins near the play plane, random directions, 5 m long (walls,
// slopes, ceiling probes and the like).
void BM_WorldArbitraryRay(benchmark::State& state) {
  const World& world = DemoWorld();
  const auto& mesh = world.collision();
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> ux(mesh.bounds_min_ws().x, mesh.bounds_max_ws().x), u(-1.0f, 1.0f);
  struct Ray {
    glm::vec3 o, d;
  };
  std::vector<Ray> rays(4096);
  for (Ray& r : rays) {
    const float x = ux(rng);
    r.o = glm::vec3(x, world.GroundHeightOr(x, 0.0f) + 1.0f + u(rng), 0.5f * u(rng));
    do {
      r.d = glm::vec3(u(rng), u(rng), u(rng));
    } while (glm::dot(r.d, r.d) < 0.01f);
  }
  size_t i = 0, hits = 0;
  for (auto _ : state) {
    const Ray& r = rays[i++ & 4095];
    const auto hit = mesh.Raycast(r.o, r.d, 5.0f);
    hits += hit.hit;
    benchmark::DoNotOptimize(hit);
  }
  state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_WorldArbitraryRay);

// Long horizontal rays along +x (a line of sight across the level, up to 50 m).
void BM_WorldLongHorizontalRay(benchmark::State& state) {
  const World& world = DemoWorld();
  const auto& mesh = world.collision();
  std::mt19937 rng(10);
  std::uniform_real_distribution<float> ux(mesh.bounds_min_ws().x, mesh.bounds_max_ws().x - 50.0f);
  std::vector<glm::vec3> origins(4096);
  for (glm::vec3& o : origins) {
    const float x = ux(rng);
    o = glm::vec3(x, world.GroundHeightOr(x, 0.0f) + 1.0f, 0.0f);
  }
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(mesh.Raycast(origins[i++ & 4095], glm::vec3(1, 0, 0), 50.0f));
}
BENCHMARK(BM_WorldLongHorizontalRay);

void BM_WorldBuildDemo(benchmark::State& state) {
  const World& world = DemoWorld();
  for (auto _ : state) {
    const auto mesh = knights::world::CollisionMesh::Build(world.level());
    benchmark::DoNotOptimize(mesh.triangles().data());
  }
  state.counters["triangles"] = static_cast<double>(world.collision().triangles().size());
}
BENCHMARK(BM_WorldBuildDemo)->Unit(benchmark::kMillisecond);

}  // namespace
