#include "anim/locomotion_blend.h"

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

bool LocomotionBlend::Update(float ground_speed_mps, float dt_s) {
  if (!Validate() || !std::isfinite(ground_speed_mps) || !std::isfinite(dt_s)) return false;
  const float v = std::fabs(ground_speed_mps);
  const float v_walk = *walk->SpeedMps();
  const float v_run = *run->SpeedMps();
  const float d_walk = walk->DurationS();
  const float d_run = run->DurationS();

  // 1. Weight from where v lies between the two authored speeds.
  run_weight = std::clamp((v - v_walk) / (v_run - v_walk), 0.0f, 1.0f);
  // 2. Blended cycle length and stride (distance covered per cycle).
  cycle_duration_s = d_walk + (d_run - d_walk) * run_weight;
  stride_m = v_walk * d_walk + (v_run * d_run - v_walk * d_walk) * run_weight;
  // 3. Phase advances one cycle per stride travelled.
  const float cycles_per_s = v / stride_m;
  playback_rate = cycles_per_s * cycle_duration_s;
  phase += cycles_per_s * std::max(dt_s, 0.0f);
  phase -= std::floor(phase);
  if (phase >= 1.0f) phase = 0.0f;  // floor rounding for tiny negatives
  return true;
}

}  // namespace knights::anim
