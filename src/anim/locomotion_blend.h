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
// most engines' blend spaces): both clips are played at the same NORMALISED
// phase (0..1 through a cycle), so a foot plant at phase p in one is blended
// with the foot plant at phase p in the other. Both clips must therefore be
// authored with the same phase convention (e.g. left foot down at phase 0).
//   run weight      w = clamp((v - v_walk) / (v_run - v_walk), 0, 1)
//   cycle duration  D = lerp(D_walk, D_run, w)              (natural, seconds)
//   stride          L = lerp(v_walk D_walk, v_run D_run, w) (metres per cycle)
//   phase rate      dphase/dt = v / L                        (cycles per second)
//   playback rate   r = (v / L) * D   (1 at the blended clips' natural speed)
// The blended pose covers L metres per cycle, so advancing the phase at v / L
// cycles per second moves the planted feet backwards at exactly the ground
// speed v: no foot sliding. Below walking speed the walk is slowed down, above
// running speed the run is sped up.

#include "anim/clip.h"

namespace knights::anim {

struct LocomotionBlend {
  const Clip* walk = nullptr;  // loop clip with speed_mps > 0 (not owned)
  const Clip* run = nullptr;   // loop clip with speed_mps > walk's (not owned)

  // Shared normalised phase in [0, 1): where both clips are in their cycle.
  float phase = 0.0f;
  // Results of the last Update():
  float run_weight = 0.0f;        // blend weight of `run`; walk gets 1 - run_weight
  float cycle_duration_s = 0.0f;  // D: blended natural cycle length, seconds
  float stride_m = 0.0f;          // L: ground distance per cycle, metres
  float playback_rate = 0.0f;     // r: clip time advanced per second of sim time

  // Both clips set, with positive durations and speeds, run faster than walk.
  bool Validate() const;
  // Chooses weights for ground speed |ground_speed_mps| (m/s) and advances the
  // phase by dt_s seconds. Returns false (and changes nothing) when Validate()
  // fails or an argument is not finite.
  bool Update(float ground_speed_mps, float dt_s);

  float WalkWeight() const { return 1.0f - run_weight; }
  float RunWeight() const { return run_weight; }
  // Clip times at the shared phase.
  float WalkTimeS() const { return walk != nullptr ? phase * walk->DurationS() : 0.0f; }
  float RunTimeS() const { return run != nullptr ? phase * run->DurationS() : 0.0f; }
};

}  // namespace knights::anim
