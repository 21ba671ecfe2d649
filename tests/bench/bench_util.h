#pragma once
// Shared fixtures of the benchmark suite: the real knight (assets/knights via
// the character file), the demo level, and a recorded autoplay run of that
// level, so the per-knight benchmarks time game::Knight::Step exactly as the
// game runs it (controller, clip sampling and blending, local-to-model, foot,
// pelvis and ladder IK, skinning palette) on real input.
//
// Everything is loaded once per process (function-local statics); a missing
// or broken asset ends the run with exit code 2 and one line on stderr.

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "knights/asset/character_desc_loader.h"
#include "knights/asset/character_model.h"
#include "knights/asset/level_loader.h"
#include "knights/core/input_state.h"
#include "knights/core/log.h"
#include "knights/game/brains/auto_pilot.h"
#include "knights/game/knight/knight.h"
#include "knights/core/file_io.h"
#include "knights/character/rig.h"
#include "knights/world/world.h"

namespace knights::bench {

inline constexpr float kStepS = 1.0f / 60.0f;

[[noreturn]] inline void Die(const std::string& message) {
  std::fprintf(stderr, "knights_bench: %s\n", message.c_str());
  std::exit(2);
}

inline std::string SourcePath(const std::string& relative) { return std::string(KNIGHTS_SOURCE_DIR) + "/" + relative; }

// The knight as the game loads it (main.cpp's LoadAssets without variants)
// and the demo level.
struct KnightAssets {
  character::CharacterDesc desc;
  asset::CharacterModel model;
  character::Rig rig;
  game::ClipSet clips{};
  std::unique_ptr<world::World> world;
};

inline const KnightAssets& Assets() {
  static const KnightAssets* assets = [] {
    // Keep stdout for the benchmark table (and --benchmark_format=json).
    core::SetLogLevel(core::LogLevel::kWarning);
    auto* a = new KnightAssets;
    core::SetDataDir(KNIGHTS_SOURCE_DIR);  // as the game does: the model paths are under it
    auto desc = asset::LoadCharacterDesc(SourcePath("assets/characters/knight.json"));
    if (!desc) Die(desc.status().message());
    a->desc = std::move(*desc);
    auto model = asset::LoadCharacterModel(a->desc.model_path);
    if (!model) Die(model.status().message());
    a->model = std::move(*model);
    if (core::Status s = asset::CheckCharacterDesc(a->desc, a->model); !s.ok()) Die(s.message());
    auto rig = character::ResolveRig(a->desc, a->model.skeleton);
    if (!rig) Die(rig.status().message());
    a->rig = *rig;
    for (int role = 0; role < character::kClipRoleCount; ++role) {
      const int clip = a->model.FindClip(a->desc.clips[role]);
      if (clip < 0 && !character::IsBaseRole(static_cast<character::ClipRole>(role))) continue;
      if (clip < 0) Die("clip " + a->desc.clips[role] + " missing");
      a->clips[role] = &a->model.clips[clip];
    }
    auto level = asset::LoadLevel(SourcePath("assets/levels/demo.json"));
    if (!level) Die(level.status().message());
    a->world = std::make_unique<world::World>(std::move(*level));
    return a;
  }();
  return *assets;
}

inline game::Knight MakeKnight() {
  const KnightAssets& a = Assets();
  game::Knight knight;
  knight.Init(a.model.skeleton, a.clips, a.rig, 0);
  knight.Spawn(a.world->SpawnPositionWs(), +1);
  return knight;
}

// The autoplay's input for every sim step of one run of the demo level from
// the spawn point (until the goal, at most kMaxSteps), and copies of the
// knight every kSnapshotEvery steps, so a benchmark can start many knights at
// different places of the run (walking, running, jumping, climbing) and replay
// the recorded input from there: the sim is deterministic, so a replay
// follows the recorded run exactly.
struct Recording {
  static constexpr int kMaxSteps = 6000;
  static constexpr int kSnapshotEvery = 50;
  std::vector<core::InputState> inputs;  // inputs[i] drives step i
  std::vector<game::Knight> snapshots;   // snapshots[k]: before step k * kSnapshotEvery
  ik::IkSwitches ik;                     // all on, as in the game
};

inline const Recording& AutoplayRecording() {
  static const Recording* recording = [] {
    const KnightAssets& a = Assets();
    auto* r = new Recording;
    game::Knight knight = MakeKnight();
    game::AutoPilot pilot(1);
    for (int step = 0; step < Recording::kMaxSteps; ++step) {
      if (step % Recording::kSnapshotEvery == 0) r->snapshots.push_back(knight);
      const core::InputState input = pilot.Decide(knight.controller, *a.world, kStepS);
      r->inputs.push_back(input);
      knight.Step(input, *a.world, r->ik, kStepS, nullptr);
      if (a.world->GoalReached(knight.controller.FeetWs())) break;
    }
    // Trim to whole snapshot intervals so every knight's cursor wraps to a
    // snapshot start.
    r->inputs.resize(r->snapshots.size() * Recording::kSnapshotEvery < r->inputs.size()
                         ? r->snapshots.size() * Recording::kSnapshotEvery
                         : r->inputs.size());
    while (!r->snapshots.empty() &&
           static_cast<size_t>((r->snapshots.size() - 1) * Recording::kSnapshotEvery) >= r->inputs.size()) {
      r->snapshots.pop_back();
    }
    return r;
  }();
  return *recording;
}

// One knight replaying the recording from a snapshot: Step() advances it one
// sim step with the recorded input; at the end of the recording it restarts
// from the first snapshot (a copy-assignment into buffers of the same sizes:
// no allocation).
class ReplayKnight {
 public:
  explicit ReplayKnight(int snapshot) {
    const Recording& r = AutoplayRecording();
    snapshot_ = snapshot % static_cast<int>(r.snapshots.size());
    knight_ = r.snapshots[static_cast<size_t>(snapshot_)];
    step_ = snapshot_ * Recording::kSnapshotEvery;
  }
  void Step(bool time_passes = false) {
    const Recording& r = AutoplayRecording();
    if (step_ >= static_cast<int>(r.inputs.size())) {
      knight_ = r.snapshots.front();
      step_ = 0;
    }
    knight_.Step(r.inputs[static_cast<size_t>(step_)], *Assets().world, r.ik, kStepS, nullptr, time_passes);
    ++step_;
  }
  const game::Knight& knight() const { return knight_; }

 private:
  game::Knight knight_;
  int snapshot_ = 0;
  int step_ = 0;
};

// Counters shown as time per unit (benchmark prints seconds with an SI
// prefix: "7.1n" is 7.1 ns per joint).
inline void SetTimePer(benchmark::State& state, const char* name, double units) {
  state.counters[name] =
      benchmark::Counter(units, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace knights::bench
