// Animation runtime benchmarks (issue 8 targets, one thread): sampling,
// blending, local-to-model, skinning palette and a whole per-knight update.
// Synthetic skeletons and clips are built here; no asset file is needed.
// Each benchmark reports ns_per_joint (seconds per joint, shown with an SI
// prefix: "5n" = 5 ns). Run: knights_bench --benchmark_filter=BM_Anim
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/blending_job.h"
#include "anim/clip.h"
#include "anim/local_to_model_job.h"
#include "anim/locomotion_blend.h"
#include "anim/sampling_cache.h"
#include "anim/sampling_job.h"
#include "anim/skinning_palette_job.h"
#include "math/transform.h"

namespace {

using namespace knights;

// A humanoid-like depth-first hierarchy of 30 joints: hips, spine chain,
// head, two arms with fingers, two legs with toes, sword, shield, a 3-joint
// cape and a helmet plume.
std::vector<int16_t> HumanoidParents() {
  return {-1, 0,  1,  2,  3,  4,        // 0 hips, 1-3 spine/chest, 4 neck, 5 head
          3,  6,  7,  8,  9,            // 6-10 left shoulder, arm, forearm, hand, finger
          3,  11, 12, 13, 14,           // 11-15 right arm
          0,  16, 17, 18,               // 16-19 left leg to toe
          0,  20, 21, 22,               // 20-23 right leg to toe
          14, 9,  3,  26, 27, 5};       // 24 sword, 25 shield, 26-28 cape, 29 plume
}

// A 64-joint tree: each joint hangs off one of the four joints before it.
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

// A looping clip keyed like a baked glTF export: every joint has translation,
// rotation and scale keys at 30 fps over `duration_s` (the worst case; real
// clips often have constant channels with one or two keys).
anim::Clip BakedClip(int joints, float duration_s, float speed_mps, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  anim::ClipDesc desc;
  desc.name = "bench";
  desc.joint_count = joints;
  desc.loop = true;
  desc.speed_mps = speed_mps;
  const int keys = static_cast<int>(std::round(duration_s * 30.0f)) + 1;
  for (int j = 0; j < joints; ++j) {
    anim::JointTrackDesc track;
    track.joint = j;
    const glm::vec3 axis = glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0, 0, 2));
    const glm::vec3 offset(u(rng), u(rng), u(rng));
    for (int k = 0; k < keys; ++k) {
      const float t = duration_s * static_cast<float>(k) / static_cast<float>(keys - 1);
      const float s = std::sin(6.2831853f * t / duration_s);
      track.translations.push_back({t, offset + glm::vec3(0.0f, 0.05f * s, 0.0f)});
      track.rotations.push_back({t, glm::angleAxis(0.6f * s, axis)});
      track.scales.push_back({t, glm::vec3(1.0f)});
    }
    desc.tracks.push_back(std::move(track));
  }
  return anim::Clip::Create(std::move(desc)).value();
}

void SetPerJoint(benchmark::State& state, int joints) {
  state.counters["ns_per_joint"] = benchmark::Counter(
      static_cast<double>(joints),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_AnimSampleClip(benchmark::State& state) {
  const int joints = 30;
  const anim::Clip clip = BakedClip(joints, 1.0f, 1.5f, 1);
  std::vector<math::Transform> out(joints);
  anim::SamplingCache cache(joints);
  const bool use_cache = state.range(0) != 0;
  anim::SamplingJob job;
  job.clip = &clip;
  job.cache = use_cache ? &cache : nullptr;
  job.output_ls = out;
  float t = 0.0f;
  for (auto _ : state) {
    job.time_s = t;
    t += 1.0f / 60.0f;  // forward playback at 60 Hz
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  SetPerJoint(state, joints);
}
BENCHMARK(BM_AnimSampleClip)->ArgName("cache")->Arg(1)->Arg(0);

void BM_AnimBlendTwo(benchmark::State& state) {
  const int joints = 30;
  const std::vector<math::Transform> a = RandomPose(joints, 1), b = RandomPose(joints, 2);
  const std::vector<math::Transform> rest = RandomPose(joints, 3);
  std::vector<math::Transform> out(joints);
  const anim::BlendLayer layers[] = {{a, 0.3f}, {b, 0.7f}};
  anim::BlendingJob job;
  job.layers = layers;
  job.rest_pose_ls = rest;
  job.output_ls = out;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  SetPerJoint(state, joints);
}
BENCHMARK(BM_AnimBlendTwo);

void LocalToModel(benchmark::State& state, const std::vector<int16_t>& parents) {
  const int joints = static_cast<int>(parents.size());
  const std::vector<math::Transform> locals = RandomPose(joints, 4);
  std::vector<glm::mat4> models(parents.size());
  anim::LocalToModelJob job;
  job.parents = parents;
  job.locals_ls = locals;
  job.models_ms = models;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  SetPerJoint(state, joints);
}

void BM_AnimLocalToModel30(benchmark::State& state) { LocalToModel(state, HumanoidParents()); }
BENCHMARK(BM_AnimLocalToModel30);
void BM_AnimLocalToModel64(benchmark::State& state) { LocalToModel(state, WideParents(64)); }
BENCHMARK(BM_AnimLocalToModel64);

// The straightforward glm version (parent * ToMatrix(local)), for comparison.
void BM_AnimLocalToModel30GlmReference(benchmark::State& state) {
  const std::vector<int16_t> parents = HumanoidParents();
  const int joints = static_cast<int>(parents.size());
  const std::vector<math::Transform> locals = RandomPose(joints, 4);
  std::vector<glm::mat4> models(parents.size());
  for (auto _ : state) {
    for (int i = 0; i < joints; ++i) {
      const glm::mat4 local = math::ToMatrix(locals[i]);
      models[i] = parents[i] < 0 ? local : models[parents[i]] * local;
    }
    benchmark::ClobberMemory();
  }
  SetPerJoint(state, joints);
}
BENCHMARK(BM_AnimLocalToModel30GlmReference);

void BM_AnimPalette30(benchmark::State& state) {
  const int joints = 30;
  std::vector<glm::mat4> models(joints), inverse_bind(joints), palette(joints);
  const std::vector<math::Transform> pose = RandomPose(joints, 5);
  for (int i = 0; i < joints; ++i) {
    models[i] = math::ToMatrix(pose[i]);
    inverse_bind[i] = glm::inverse(models[i]);
  }
  anim::SkinningPaletteJob job;
  job.models_ms = models;
  job.inverse_bind_ms = inverse_bind;
  job.palette_ms = palette;
  for (auto _ : state) {
    benchmark::DoNotOptimize(job.Run());
    benchmark::ClobberMemory();
  }
  SetPerJoint(state, joints);
}
BENCHMARK(BM_AnimPalette30);

// One knight's pose update at 60 Hz: locomotion phase, sample walk and run,
// blend, local-to-model, skinning palette. The time per iteration is the
// per-knight cost.
void BM_AnimKnightUpdate(benchmark::State& state) {
  const std::vector<int16_t> parents = HumanoidParents();
  const int joints = static_cast<int>(parents.size());
  const anim::Clip walk = BakedClip(joints, 1.0f, 1.5f, 11);
  const anim::Clip run = BakedClip(joints, 0.6f, 4.0f, 12);
  const std::vector<math::Transform> rest = RandomPose(joints, 13);
  std::vector<glm::mat4> inverse_bind(joints, glm::mat4(1.0f));

  // Per-knight buffers, sized at spawn.
  anim::SamplingCache walk_cache(joints), run_cache(joints);
  std::vector<math::Transform> walk_pose(joints), run_pose(joints), pose(joints);
  std::vector<glm::mat4> models(joints), palette(joints);
  anim::LocomotionBlend loco{&walk, &run};

  anim::SamplingJob sample_walk;
  sample_walk.clip = &walk;
  sample_walk.cache = &walk_cache;
  sample_walk.output_ls = walk_pose;
  anim::SamplingJob sample_run;
  sample_run.clip = &run;
  sample_run.cache = &run_cache;
  sample_run.output_ls = run_pose;
  anim::BlendLayer layers[2] = {{walk_pose, 1.0f}, {run_pose, 0.0f}};
  anim::BlendingJob blend;
  blend.layers = layers;
  blend.rest_pose_ls = rest;
  blend.output_ls = pose;
  anim::LocalToModelJob l2m;
  l2m.parents = parents;
  l2m.locals_ls = pose;
  l2m.models_ms = models;
  anim::SkinningPaletteJob skin;
  skin.models_ms = models;
  skin.inverse_bind_ms = inverse_bind;
  skin.palette_ms = palette;

  for (auto _ : state) {
    loco.Update(2.5f, 1.0f / 60.0f);
    sample_walk.time_s = loco.WalkTimeS();
    sample_run.time_s = loco.RunTimeS();
    layers[0].weight = loco.WalkWeight();
    layers[1].weight = loco.RunWeight();
    bool ok = sample_walk.Run();
    ok &= sample_run.Run();
    ok &= blend.Run();
    ok &= l2m.Run();
    ok &= skin.Run();
    benchmark::DoNotOptimize(ok);
    benchmark::ClobberMemory();
  }
  SetPerJoint(state, joints);
}
BENCHMARK(BM_AnimKnightUpdate);

}  // namespace
