#include "knights/anim/crossfade.h"

#include <algorithm>
#include <cmath>

namespace knights::anim {

void Crossfade::Start(const Clip* from_clip, const Clip* to_clip, float fade_duration_s) {
  from = from_clip;
  to = to_clip;
  duration_s = std::isfinite(fade_duration_s) ? std::max(fade_duration_s, 0.0f) : 0.0f;
  elapsed_s = 0.0f;
}

void Crossfade::Advance(float dt_s) {
  if (!(dt_s > 0.0f) || !std::isfinite(dt_s)) return;
  elapsed_s = std::min(elapsed_s + dt_s, std::max(duration_s, 0.0f));
}

float Crossfade::Progress() const {
  if (!(duration_s > 0.0f)) return 1.0f;
  return std::clamp(elapsed_s / duration_s, 0.0f, 1.0f);
}

float Crossfade::ToWeight() const {
  const float x = Progress();
  return smooth ? x * x * (3.0f - 2.0f * x) : x;
}

}  // namespace knights::anim
