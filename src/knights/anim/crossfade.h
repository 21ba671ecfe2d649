#pragma once
// A crossfade from one clip to another over a fixed duration: plain state that
// turns elapsed time into the two blend weights.
//
// Usage:
//   anim::Crossfade fade;
//   fade.Start(&walk, &jump, 0.25f);       // on the state change
//   fade.Advance(dt_s);                    // every sim step
//   layers[0] = {from_pose_ls, fade.FromWeight()};
//   layers[1] = {to_pose_ls, fade.ToWeight()};
//   if (fade.Done()) { /* play `to` alone */ }
//
// The weights always sum to 1. With `smooth` (the default) the "to" weight
// follows smoothstep 3x^2 - 2x^3 of the elapsed fraction x, so the blend starts
// and ends with zero rate of change (no visible kink); otherwise it is linear.
// A zero duration is an instant cut.

namespace knights::anim {

class Clip;

struct Crossfade {
  const Clip* from = nullptr;  // fading out (not owned)
  const Clip* to = nullptr;    // fading in (not owned)
  float duration_s = 0.0f;     // length of the fade, seconds
  float elapsed_s = 0.0f;      // time since Start, seconds
  bool smooth = true;          // smoothstep instead of linear weights

  // Begins a fade; elapsed time restarts at 0.
  void Start(const Clip* from_clip, const Clip* to_clip, float fade_duration_s);
  // Moves time forward by dt_s (>= 0; negative is ignored), clamped at the end.
  void Advance(float dt_s);
  // Fraction of the fade done, in [0, 1] (1 for a zero duration).
  float Progress() const;
  // Weight of `to`, in [0, 1].
  float ToWeight() const;
  // Weight of `from`: 1 - ToWeight().
  float FromWeight() const { return 1.0f - ToWeight(); }
  bool Done() const { return Progress() >= 1.0f; }
};

}  // namespace knights::anim
