#pragma once
// Walk/run blending by ground speed with synchronised phase, so the blended
// feet neither slide nor stutter at any speed.
//
// Usage (per character; clips must be in place, loop, and have speed_mps):
//   anim::LocomotionBlend loco;
//   loco.walk = &walk; loco.run = &run;
//   loco.Update(ground_speed_mps, dt_s);     // every sim step
//   walk_job.time_s = loco.WalkTimeS();      // sample both clips...
//   run_job.time_s = loco.RunTimeS();
//   layers = {{walk_pose_ls, loco.WalkWeight()}, {run_pose_ls, loco.RunWeight()}};
//
// Method (the "synchronised blend" of ozz-animation's blend sample and of
// most engines' blend spaces): both clips are played at the same shared
// phase (0..1 through a cycle). Normalised time alone is not enough when the
// clips' stance phases differ in length (a walk's foot is down for 40% of
// its cycle, a run's for 20%): half-way through the blend the "planted" foot
// would be half a run's swing. So the phase is also synchronised by contact
// events (sync markers, as in Unreal Engine's marker-based sync groups):
// each clip's left plant, left lift, right plant and right lift split its
// cycle into four segments; the shared phase is split at the markers blended
// by the run weight, and each clip is warped piecewise-linearly onto them, so
// both clips plant and lift each foot at the same shared phase. Clips without
// all four events fall back to normalised time.
//   run weight      w = clamp((v - v_walk) / (v_run - v_walk), 0, 1)
//   cycle duration  D = lerp(D_walk, D_run, w)              (natural, seconds)
//   stride          L = lerp(v_walk D_walk, v_run D_run, w) (metres per cycle)
//   phase rate      dphase/dt = v / L                        (cycles per second)
//   playback rate   r = (v / L) * D   (1 at the blended clips' natural speed)
// The blended pose covers L metres per cycle, so advancing the phase at v / L
// cycles per second moves the planted feet backwards at exactly the ground
// speed v: no foot sliding. Below walking speed the walk is slowed down, above
// running speed the run is sped up.

#include <array>

#include "knights/anim/clip.h"

namespace knights::anim {

struct LocomotionBlend {
  LocomotionBlend() = default;
  LocomotionBlend(const Clip* walk_clip, const Clip* run_clip) : walk(walk_clip), run(run_clip) {}

  const Clip* walk = nullptr;  // loop clip with speed_mps > 0 (not owned)
  const Clip* run = nullptr;   // loop clip with speed_mps > walk's (not owned)

  // Shared normalised phase in [0, 1): where both clips are in their cycle.
  float phase = 0.0f;
  // How fast the run weight may follow the speed, per second (0: at once).
  // A body stopped dead by a wall goes from a run to a standstill in one
  // step; the pose eases from the run's to the walk's instead of snapping
  // (the phase still advances at the speed over the blended stride: the
  // planted foot does not slide).
  float max_run_weight_rate_per_s = 0.0f;

  // Results of the last Update():
  float run_weight = 0.0f;        // blend weight of `run`; walk gets 1 - run_weight
  float cycle_duration_s = 0.0f;  // D: blended natural cycle length, seconds
  float stride_m = 0.0f;          // L: ground distance per cycle, metres
  float playback_rate = 0.0f;     // r: clip time advanced per second of sim time

  // Both clips set, with positive durations and speeds, run faster than walk.
  bool Validate() const;
  // Chooses weights for ground speed |ground_speed_mps| (m/s) and advances the
  // phase by dt_s seconds (with hold_phase, only the weight's easing takes
  // the time: a cycle fading out holds its contacts where they are). Returns
  // false (and changes nothing) when Validate() fails or an argument is not
  // finite.
  bool Update(float ground_speed_mps, float dt_s, bool hold_phase = false);

  float WalkWeight() const { return 1.0f - run_weight; }
  float RunWeight() const { return run_weight; }
  // Clip times at the shared phase.
  float WalkTimeS() const { return ClipTimeS(walk, 0.0f); }
  float RunTimeS() const { return ClipTimeS(run, 1.0f); }

  // Sync markers: the normalised times of a clip's four contact events,
  // left plant, left lift, right plant, right lift, relative to the left
  // plant (so the first is 0). Empty when the clip lacks them.
  struct SyncMarkers {
    bool valid = false;
    float offset = 0.0f;        // normalised time of the left plant
    std::array<float, 5> at{};  // 0, lift_l, plant_r, lift_r, 1
  };
  static SyncMarkers FindSyncMarkers(const Clip& clip);

  // With sync markers, the state is the segment (0..3, between consecutive
  // contact events) and how far through it the cycle is (0..1, by distance
  // travelled): it stays put when the weights, and with them the segments'
  // places in the shared phase, change. `phase` is derived from it; a phase
  // set from outside (e.g. a start phase) is taken over on the next Update.
  struct SyncState {
    int segment = 0;
    float progress = 0.0f;
    float synced_phase = -1.0f;  // the phase this state was last written for
    bool has_weight = false;     // run_weight was set by an Update (max_run_weight_rate_per_s eases from it)
    // The clips' markers, found once per pair of clips (by Update).
    const Clip* markers_walk = nullptr;
    const Clip* markers_run = nullptr;
    SyncMarkers walk_markers;
    SyncMarkers run_markers;
  };
  SyncState sync;

 private:
  // Time in `clip` at the shared phase; `self_weight_for_run` is 0 for walk,
  // 1 for run (which end of the marker blend the clip is).
  float ClipTimeS(const Clip* clip, float self_weight_for_run) const;
};

}  // namespace knights::anim
