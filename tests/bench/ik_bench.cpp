// Two-bone IK cost: ns per solve (TwoBoneIkJob::Run on model matrices) for
// reachable, too far, too close and mixed targets, 4096 seeded random targets
// each; with soften + hinge; the same 4096 chains solved by one
// TwoBoneIkBatchJob (four chains per SSE register: ns_per_solve); and
// solve + apply (corrections into the locals and a partial local-to-model of
// the leg's subtree).

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/gtc/matrix_transform.hpp>

#include "knights/anim/local_to_model_job.h"
#include "bench_util.h"
#include "knights/ik/apply_two_bone_ik.h"
#include "knights/ik/two_bone_ik_batch_job.h"
#include "knights/ik/two_bone_ik_job.h"

namespace knights::ik {
namespace {

constexpr int kTargets = 4096;
constexpr float kThigh = 0.45f, kShin = 0.4f;

// Pelvis, hip, knee, ankle, toe.
const std::array<int16_t, 5> kParents{-1, 0, 1, 2, 3};

struct Leg {
  std::array<math::Transform, 5> locals_ls;
  std::array<glm::mat4, 5> models_ms;
  glm::mat4 root_ms{1.0f};
};

Leg MakeLeg(const glm::vec3& root_scale) {
  Leg leg;
  leg.root_ms = glm::translate(glm::mat4(1.0f), {0.3f, 0.0f, -0.2f}) *
                glm::mat4_cast(glm::angleAxis(0.6f, glm::normalize(glm::vec3(0.2f, 1.0f, 0.1f)))) *
                glm::scale(glm::mat4(1.0f), root_scale);
  leg.locals_ls[0].translation = {0.0f, 1.0f, 0.0f};
  leg.locals_ls[1].translation = {0.1f, -0.05f, 0.0f};
  leg.locals_ls[1].rotation = glm::angleAxis(-0.2f, glm::vec3(1.0f, 0.0f, 0.0f));
  leg.locals_ls[2].translation = {0.0f, -kThigh, 0.0f};
  leg.locals_ls[2].rotation = glm::angleAxis(0.4f, glm::vec3(1.0f, 0.0f, 0.0f));
  leg.locals_ls[3].translation = {0.0f, -kShin, 0.0f};
  leg.locals_ls[4].translation = {0.0f, -0.05f, 0.15f};
  anim::LocalToModelJob ltm;
  ltm.parents = kParents;
  ltm.locals_ls = leg.locals_ls;
  ltm.models_ms = leg.models_ms;
  ltm.root_ms = leg.root_ms;
  ltm.Run();
  return leg;
}

enum class Kind { kReachable, kTooFar, kTooClose, kMixed };

// Model-space targets around the hip, at distances (in the leg's own units)
// chosen by kind; fixed seed.
std::vector<glm::vec3> MakeTargets(const Leg& leg, Kind kind) {
  std::mt19937 rng(42);
  std::normal_distribution<float> g(0.0f, 1.0f);
  const float chain = kThigh + kShin, fold = kThigh - kShin;
  std::uniform_real_distribution<float> reachable(fold + 0.01f, chain - 0.01f);
  std::uniform_real_distribution<float> too_far(chain + 0.01f, chain * 2.0f);
  std::uniform_real_distribution<float> too_close(0.0f, fold - 0.005f);
  std::uniform_int_distribution<int> pick(0, 2);
  const glm::mat4& pelvis = leg.models_ms[0];
  const glm::vec3 hip_ps(glm::inverse(pelvis) * leg.models_ms[1][3]);
  std::vector<glm::vec3> targets;
  targets.reserve(kTargets);
  for (int i = 0; i < kTargets; ++i) {
    const glm::vec3 dir = glm::normalize(glm::vec3(g(rng), g(rng) - 1.0f, g(rng)));
    Kind k = kind == Kind::kMixed ? static_cast<Kind>(pick(rng)) : kind;
    const float d = k == Kind::kReachable ? reachable(rng) : k == Kind::kTooFar ? too_far(rng) : too_close(rng);
    targets.push_back(glm::vec3(pelvis * glm::vec4(hip_ps + dir * d, 1.0f)));
  }
  return targets;
}

void RunSolve(benchmark::State& state, Kind kind, bool extras) {
  const Leg leg = MakeLeg(glm::vec3(1.0f));
  const std::vector<glm::vec3> targets = MakeTargets(leg, kind);
  glm::quat start_q, mid_q;
  bool reached = false;
  TwoBoneIkJob job;
  job.start_joint_ms = &leg.models_ms[1];
  job.mid_joint_ms = &leg.models_ms[2];
  job.end_joint_ms = &leg.models_ms[3];
  job.pole_vector_ms = {0.0f, 0.0f, 1.0f};
  job.start_correction = &start_q;
  job.mid_correction = &mid_q;
  job.reached = &reached;
  if (extras) {
    job.soften = 0.1f;
    job.hinge_enabled = true;
    job.mid_axis_ls = {1.0f, 0.0f, 0.0f};
    job.hinge_max_deg = 150.0f;
  }
  size_t i = 0;
  for (auto _ : state) {
    job.target_ms = targets[i];
    i = (i + 1) & (kTargets - 1);
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();  // the corrections and `reached` are used
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_TwoBoneIkSolve_Reachable(benchmark::State& s) { RunSolve(s, Kind::kReachable, false); }
void BM_TwoBoneIkSolve_TooFar(benchmark::State& s) { RunSolve(s, Kind::kTooFar, false); }
void BM_TwoBoneIkSolve_TooClose(benchmark::State& s) { RunSolve(s, Kind::kTooClose, false); }
void BM_TwoBoneIkSolve_Mixed(benchmark::State& s) { RunSolve(s, Kind::kMixed, false); }
void BM_TwoBoneIkSolve_MixedSoftHinge(benchmark::State& s) { RunSolve(s, Kind::kMixed, true); }
BENCHMARK(BM_TwoBoneIkSolve_Reachable);
BENCHMARK(BM_TwoBoneIkSolve_TooFar);
BENCHMARK(BM_TwoBoneIkSolve_TooClose);
BENCHMARK(BM_TwoBoneIkSolve_Mixed);
BENCHMARK(BM_TwoBoneIkSolve_MixedSoftHinge);

// The same targets through TwoBoneIkBatchJob, four chains per SSE register:
// the 4096 chains (the leg's matrices, each with its own target) in Runs of
// `batch` chains: 2 (a walker's legs), 4 (a climber's limbs) or all 4096 (a
// crowd). ns_per_solve is per chain.
void RunBatchSolve(benchmark::State& state, Kind kind) {
  const int batch = static_cast<int>(state.range(0));
  const Leg leg = MakeLeg(glm::vec3(1.0f));
  const std::vector<glm::vec3> targets = MakeTargets(leg, kind);
  std::vector<TwoBoneIkBatchJob::Chain> chains(kTargets);
  for (int i = 0; i < kTargets; ++i) {
    chains[i].start_joint_ms = &leg.models_ms[1];
    chains[i].mid_joint_ms = &leg.models_ms[2];
    chains[i].end_joint_ms = &leg.models_ms[3];
    chains[i].target_ms = targets[i];
    chains[i].pole_vector_ms = {0.0f, 0.0f, 1.0f};
  }
  std::vector<glm::quat> start_q(kTargets), mid_q(kTargets);
  const std::unique_ptr<bool[]> reached(new bool[kTargets]());
  for (auto _ : state) {
    for (int first = 0; first < kTargets; first += batch) {
      TwoBoneIkBatchJob job;
      job.chains = std::span(chains).subspan(first, batch);
      job.start_corrections = std::span(start_q).subspan(first, batch);
      job.mid_corrections = std::span(mid_q).subspan(first, batch);
      job.reached = std::span<bool>(reached.get() + first, batch);
      benchmark::DoNotOptimize(job.Run());
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kTargets);
  bench::SetTimePer(state, "ns_per_solve", kTargets);
}

void BM_TwoBoneIkBatchSolve_Reachable(benchmark::State& s) { RunBatchSolve(s, Kind::kReachable); }
void BM_TwoBoneIkBatchSolve_TooFar(benchmark::State& s) { RunBatchSolve(s, Kind::kTooFar); }
void BM_TwoBoneIkBatchSolve_TooClose(benchmark::State& s) { RunBatchSolve(s, Kind::kTooClose); }
void BM_TwoBoneIkBatchSolve_Mixed(benchmark::State& s) { RunBatchSolve(s, Kind::kMixed); }
BENCHMARK(BM_TwoBoneIkBatchSolve_Reachable)->Arg(kTargets)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TwoBoneIkBatchSolve_TooFar)->Arg(kTargets)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TwoBoneIkBatchSolve_TooClose)->Arg(kTargets)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TwoBoneIkBatchSolve_Mixed)->Arg(2)->Arg(4)->Arg(kTargets)->Unit(benchmark::kMicrosecond);

// Solve + apply: corrections into the locals, partial local-to-model of the
// hip's subtree (hip, knee, ankle, toe). The pose carries over between
// iterations, as a real character's would between frames.
void RunApply(benchmark::State& state, const glm::vec3& root_scale) {
  Leg leg = MakeLeg(root_scale);
  const std::vector<glm::vec3> targets = MakeTargets(leg, Kind::kMixed);
  TwoBoneIkJob settings;
  settings.pole_vector_ms = {0.0f, 0.0f, 1.0f};
  const TwoBoneChain chain{1, 2, 3};
  bool reached = false;
  size_t i = 0;
  for (auto _ : state) {
    settings.target_ms = targets[i];
    i = (i + 1) & (kTargets - 1);
    benchmark::DoNotOptimize(
        ApplyTwoBoneIk(settings, chain, kParents, leg.locals_ls, leg.models_ms, leg.root_ms, &reached));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_TwoBoneIkApply_Mixed(benchmark::State& s) { RunApply(s, glm::vec3(1.0f)); }
void BM_TwoBoneIkApply_MixedNonUniformRoot(benchmark::State& s) { RunApply(s, {1.0f, 1.3f, 0.8f}); }
BENCHMARK(BM_TwoBoneIkApply_Mixed);
BENCHMARK(BM_TwoBoneIkApply_MixedNonUniformRoot);

}  // namespace
}  // namespace knights::ik
