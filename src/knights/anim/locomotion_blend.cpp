#include "knights/anim/locomotion_blend.h"

#include <algorithm>
#include <cmath>

namespace knights::anim {

bool LocomotionBlend::Validate() const {
  if (walk == nullptr || run == nullptr) return false;
  if (!(walk->DurationS() > 0.0f) || !(run->DurationS() > 0.0f)) return false;
  if (!walk->SpeedMps() || !run->SpeedMps()) return false;
  const float v_walk = *walk->SpeedMps();
  const float v_run = *run->SpeedMps();
  return v_walk > 0.0f && v_run > v_walk;
}

bool LocomotionBlend::Update(float ground_speed_mps, float elapsed_s, bool hold_phase) {
  if (!Validate() || !std::isfinite(ground_speed_mps) || !std::isfinite(elapsed_s)) return false;
  const float dt_s = hold_phase ? 0.0f : elapsed_s;  // the phase's time
  const float v = std::fabs(ground_speed_mps);
  const float v_walk = *walk->SpeedMps();
  const float v_run = *run->SpeedMps();
  const float d_walk = walk->DurationS();
  const float d_run = run->DurationS();

  // 1. Weight from where v lies between the two authored speeds.
  const float speed_weight = std::clamp((v - v_walk) / (v_run - v_walk), 0.0f, 1.0f);
  if (max_run_weight_rate_per_s > 0.0f && sync.has_weight) {
    const float max_change = max_run_weight_rate_per_s * std::max(elapsed_s, 0.0f);
    run_weight = std::clamp(speed_weight, run_weight - max_change, run_weight + max_change);
  } else {
    run_weight = speed_weight;
  }
  sync.has_weight = true;
  // 2. Blended cycle length and stride (distance covered per cycle).
  cycle_duration_s = d_walk + (d_run - d_walk) * run_weight;
  stride_m = v_walk * d_walk + (v_run * d_run - v_walk * d_walk) * run_weight;
  // 3. Phase advances one cycle per stride travelled.
  const float cycles_per_s = v / stride_m;
  playback_rate = cycles_per_s * cycle_duration_s;
  if (sync.markers_walk != walk || sync.markers_run != run) {
    sync.walk_markers = FindSyncMarkers(*walk);
    sync.run_markers = FindSyncMarkers(*run);
    sync.markers_walk = walk;
    sync.markers_run = run;
  }
  const SyncMarkers& walk_markers = sync.walk_markers;
  const SyncMarkers& run_markers = sync.run_markers;
  if (!walk_markers.valid || !run_markers.valid) {
    phase += cycles_per_s * std::max(dt_s, 0.0f);
    phase -= std::floor(phase);
    if (phase >= 1.0f) phase = 0.0f;  // floor rounding for tiny negatives
    return true;
  }
  // With sync markers: the shared segments at this weight.
  std::array<float, 5> shared{};
  for (int i = 0; i < 5; ++i) shared[i] = walk_markers.at[i] + (run_markers.at[i] - walk_markers.at[i]) * run_weight;
  if (phase != sync.synced_phase) {
    // The phase was set from outside: find its segment.
    phase -= std::floor(phase);
    sync.segment = 3;
    for (int k = 0; k < 4; ++k) {
      if (phase < shared[k + 1]) {
        sync.segment = k;
        break;
      }
    }
    sync.progress = (phase - shared[sync.segment]) / std::max(shared[sync.segment + 1] - shared[sync.segment], 1e-6f);
  }
  // The segment's ground distance, blended: in it the planted foot moves
  // back by exactly this much, so progress by distance keeps it planted.
  auto travel_m = [&](int k) {
    const float seg_walk = walk_markers.at[k + 1] - walk_markers.at[k];
    const float seg_run = run_markers.at[k + 1] - run_markers.at[k];
    return std::max((1.0f - run_weight) * v_walk * d_walk * seg_walk + run_weight * v_run * d_run * seg_run, 1e-5f);
  };
  float distance_m = v * std::max(dt_s, 0.0f);
  for (int guard = 0; guard < 8 && distance_m > 0.0f; ++guard) {
    const float left_m = (1.0f - sync.progress) * travel_m(sync.segment);
    if (distance_m < left_m) {
      sync.progress += distance_m / travel_m(sync.segment);
      distance_m = 0.0f;
    } else {
      distance_m -= left_m;
      sync.segment = (sync.segment + 1) % 4;
      sync.progress = 0.0f;
    }
  }
  phase = shared[sync.segment] + sync.progress * (shared[sync.segment + 1] - shared[sync.segment]);
  if (phase >= 1.0f) phase -= 1.0f;
  sync.synced_phase = phase;
  return true;
}

}  // namespace knights::anim

namespace knights::anim {
namespace {

float Wrap01(float x) {
  x -= std::floor(x);
  return x >= 1.0f ? 0.0f : x;
}

}  // namespace

LocomotionBlend::SyncMarkers LocomotionBlend::FindSyncMarkers(const Clip& clip) {
  SyncMarkers markers;
  const float duration = clip.DurationS();
  const auto left = clip.Contacts(kFootL);
  const auto right = clip.Contacts(kFootR);
  if (!(duration > 0.0f) || left.size() != 1 || right.size() != 1) return markers;
  markers.offset = Wrap01(left[0].start_s / duration);
  const float lift_l = Wrap01(left[0].end_s / duration - markers.offset);
  const float plant_r = Wrap01(right[0].start_s / duration - markers.offset);
  const float lift_r = Wrap01(right[0].end_s / duration - markers.offset);
  markers.at = {0.0f, lift_l, plant_r, lift_r, 1.0f};
  markers.valid = 0.0f < lift_l && lift_l < plant_r && plant_r < lift_r && lift_r < 1.0f;
  return markers;
}

float LocomotionBlend::ClipTimeS(const Clip* clip, float self_weight_for_run) const {
  if (clip == nullptr) return 0.0f;
  // The markers Update found, or (before the first Update) found now.
  const bool cached = sync.markers_walk == walk && sync.markers_run == run && walk != nullptr && run != nullptr;
  const SyncMarkers walk_markers =
      cached ? sync.walk_markers : (walk != nullptr ? FindSyncMarkers(*walk) : SyncMarkers{});
  const SyncMarkers run_markers = cached ? sync.run_markers : (run != nullptr ? FindSyncMarkers(*run) : SyncMarkers{});
  if (!walk_markers.valid || !run_markers.valid) return phase * clip->DurationS();
  const SyncMarkers& own = self_weight_for_run > 0.5f ? run_markers : walk_markers;
  int segment = sync.segment;
  float progress = sync.progress;
  if (phase != sync.synced_phase) {
    // Not updated since the phase was set: locate it in the shared segments.
    std::array<float, 5> shared{};
    for (int i = 0; i < 5; ++i) shared[i] = walk_markers.at[i] + (run_markers.at[i] - walk_markers.at[i]) * run_weight;
    segment = 3;
    for (int i = 0; i < 4; ++i) {
      if (phase < shared[i + 1]) {
        segment = i;
        break;
      }
    }
    progress = (phase - shared[segment]) / std::max(shared[segment + 1] - shared[segment], 1e-6f);
  }
  const float own_phase = own.at[segment] + progress * (own.at[segment + 1] - own.at[segment]);
  return Wrap01(own_phase + own.offset) * clip->DurationS();
}

}  // namespace knights::anim
