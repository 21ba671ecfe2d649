// Animation runtime benchmarks on the real knight (one thread): sampling one
// clip, blending two, local-to-model (the knight and a 64-joint skeleton),
// skinning palette. Each reports ns_per_joint (seconds per joint, printed
// with an SI prefix: "7.1n" = 7.1 ns). Run: knights_bench --benchmark_filter=BM_Anim

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "knights/anim/blending_job.h"
#include "knights/anim/local_to_model_job.h"
#include "knights/anim/locomotion_blend.h"
#include "knights/anim/sampling_cache.h"
#include "knights/anim/sampling_job.h"
#include "knights/anim/skinning_palette_job.h"
#include "bench_util.h"
#include "knights/math/transform.h"

namespace knights::bench {
namespace {

const anim::Clip& KnightClip(character::ClipRole role) { return *Assets().clips[static_cast<int>(role)]; }

std::vector<math::Transform> RestPose() {
  const auto rest = Assets().model.skeleton.RestPose();
  return {rest.begin(), rest.end()};
}

// Sampling the knight's walk forward at 60 Hz, with key cursors (as the game
// does) and without (a binary search per track).
void BM_AnimSampleClip(benchmark::State& state) {
  const anim::Clip& clip = KnightClip(character::ClipRole::kWalk);
  const int joints = Assets().model.skeleton.JointCount();
  std::vector<math::Transform> out = RestPose();
  anim::SamplingCache cache(joints);
  anim::SamplingJob job;
  job.clip = &clip;
  job.cache = state.range(0) != 0 ? &cache : nullptr;
  job.rest_pose_ls = Assets().model.skeleton.RestPose();
  job.output_ls = out;
  float t = 0.0f;
  for (auto _ : state) {
    job.time_s = t;
    t += kStepS;
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  SetTimePer(state, "ns_per_joint", joints);
}
BENCHMARK(BM_AnimSampleClip)->ArgName("cache")->Arg(1)->Arg(0);

// Walk and run synchronised by anim::LocomotionBlend, sampled and blended by
// ground speed (2.5 m/s: between the two), as the game's locomotion does.
void BM_AnimSampleAndBlendTwo(benchmark::State& state) {
  const anim::Clip& walk = KnightClip(character::ClipRole::kWalk);
  const anim::Clip& run = KnightClip(character::ClipRole::kRun);
  const int joints = Assets().model.skeleton.JointCount();
  const auto rest = Assets().model.skeleton.RestPose();
  std::vector<math::Transform> walk_pose = RestPose(), run_pose = RestPose(), pose = RestPose();
  anim::SamplingCache walk_cache(joints), run_cache(joints);
  anim::LocomotionBlend loco;
  loco.walk = &walk;
  loco.run = &run;
  anim::SamplingJob sample_walk;
  sample_walk.clip = &walk;
  sample_walk.cache = &walk_cache;
  sample_walk.rest_pose_ls = rest;
  sample_walk.output_ls = walk_pose;
  anim::SamplingJob sample_run = sample_walk;
  sample_run.clip = &run;
  sample_run.cache = &run_cache;
  sample_run.output_ls = run_pose;
  anim::BlendLayer layers[2] = {{walk_pose, 1.0f}, {run_pose, 0.0f}};
  anim::BlendingJob blend;
  blend.layers = layers;
  blend.rest_pose_ls = rest;
  blend.output_ls = pose;
  for (auto _ : state) {
    loco.Update(2.5f, kStepS);
    sample_walk.time_s = loco.WalkTimeS();
    sample_run.time_s = loco.RunTimeS();
    layers[0].weight = loco.WalkWeight();
    layers[1].weight = loco.RunWeight();
    bool ok = sample_walk.Run();
    ok &= sample_run.Run();
    ok &= blend.Run();
    benchmark::DoNotOptimize(ok);
    benchmark::ClobberMemory();
  }
  SetTimePer(state, "ns_per_joint", joints);
}
BENCHMARK(BM_AnimSampleAndBlendTwo);

// Blending alone: two sampled knight poses.
void BM_AnimBlendTwo(benchmark::State& state) {
  const auto rest = Assets().model.skeleton.RestPose();
  const int joints = Assets().model.skeleton.JointCount();
  std::vector<math::Transform> a = RestPose(), b = RestPose(), out = RestPose();
  anim::SamplingJob sample;
  sample.clip = &KnightClip(character::ClipRole::kWalk);
  sample.time_s = 0.3f;
  sample.rest_pose_ls = rest;
  sample.output_ls = a;
  sample.Run();
  sample.clip = &KnightClip(character::ClipRole::kRun);
  sample.output_ls = b;
  sample.Run();
  const anim::BlendLayer layers[] = {{a, 0.3f}, {b, 0.7f}};
  anim::BlendingJob job;
  job.layers = layers;
  job.rest_pose_ls = rest;
  job.output_ls = out;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  SetTimePer(state, "ns_per_joint", joints);
}
BENCHMARK(BM_AnimBlendTwo);

// A 64-joint tree: each joint hangs off one of the four joints before it
// (fixed seed), with random local transforms (uniform scale near 1).
std::vector<int16_t> WideParents(int count) {
  std::mt19937 rng(3);
  std::vector<int16_t> parents = {-1};
  for (int i = 1; i < count; ++i) {
    std::uniform_int_distribution<int> pick(std::max(0, i - 4), i - 1);
    parents.push_back(static_cast<int16_t>(pick(rng)));
  }
  return parents;
}

std::vector<math::Transform> RandomPose(int joints, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<math::Transform> pose(static_cast<size_t>(joints));
  for (math::Transform& t : pose) {
    t.translation = {u(rng), u(rng), u(rng)};
    t.rotation = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
    t.scale = glm::vec3(1.0f + 0.1f * u(rng));
  }
  return pose;
}

void LocalToModel(benchmark::State& state, std::span<const int16_t> parents, std::span<const math::Transform> locals) {
  std::vector<glm::mat4> models(parents.size());
  anim::LocalToModelJob job;
  job.parents = parents;
  job.locals_ls = locals;
  job.models_ms = models;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  SetTimePer(state, "ns_per_joint", static_cast<double>(parents.size()));
}

void BM_AnimLocalToModelKnight(benchmark::State& state) {
  std::vector<math::Transform> pose = RestPose();
  anim::SamplingJob sample;
  sample.clip = &KnightClip(character::ClipRole::kWalk);
  sample.time_s = 0.3f;
  sample.output_ls = pose;
  sample.Run();
  LocalToModel(state, Assets().model.skeleton.Parents(), pose);
}
BENCHMARK(BM_AnimLocalToModelKnight);

void BM_AnimLocalToModel64(benchmark::State& state) {
  const std::vector<int16_t> parents = WideParents(64);
  const std::vector<math::Transform> pose = RandomPose(64, 4);
  LocalToModel(state, parents, pose);
}
BENCHMARK(BM_AnimLocalToModel64);

// The straightforward glm version (parent * ToMatrix(local)), for comparison.
void BM_AnimLocalToModel64GlmReference(benchmark::State& state) {
  const std::vector<int16_t> parents = WideParents(64);
  const std::vector<math::Transform> locals = RandomPose(64, 4);
  std::vector<glm::mat4> models(parents.size());
  for (auto _ : state) {
    for (size_t i = 0; i < parents.size(); ++i) {
      const glm::mat4 local = math::ToMatrix(locals[i]);
      models[i] = parents[i] < 0 ? local : models[static_cast<size_t>(parents[i])] * local;
    }
    benchmark::ClobberMemory();
  }
  SetTimePer(state, "ns_per_joint", static_cast<double>(parents.size()));
}
BENCHMARK(BM_AnimLocalToModel64GlmReference);

void BM_AnimPaletteKnight(benchmark::State& state) {
  const anim::Skeleton& skeleton = Assets().model.skeleton;
  std::vector<glm::mat4> models(static_cast<size_t>(skeleton.JointCount()));
  std::vector<glm::mat4> palette(models.size());
  anim::LocalToModelJob l2m;
  l2m.parents = skeleton.Parents();
  l2m.locals_ls = skeleton.RestPose();
  l2m.models_ms = models;
  l2m.Run();
  anim::SkinningPaletteJob job;
  job.models_ms = models;
  job.inverse_bind_ms = skeleton.InverseBind();
  job.palette_ms = palette;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  SetTimePer(state, "ns_per_joint", skeleton.JointCount());
}
BENCHMARK(BM_AnimPaletteKnight);

}  // namespace
}  // namespace knights::bench
