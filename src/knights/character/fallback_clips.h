#pragma once
// Clips for the ground roles a character file leaves out, built at load from
// the clips it has (knights/character/clip_baker.h): a character needs only idle and walk.
//
//   run      the walk at a faster cadence with a longer stride, leaning in
//            (BuildWarpedRun);
//   jump_up, fall, land
//            the file's single jump clip split at its apex and at its
//            landing (SplitJumpAtApex); without one, a walk pose with the
//            legs tucked (BuildTuckedJump) and a landing that dips the pelvis
//            on a spring over planted feet (BuildLandingDip);
//   turn     the root yawing half a turn to the left while each foot steps
//            round in turn, the other planted (BuildTurnOnTheSpot).
// Each states its contacts, so the game's foot IK and foot lock treat it as
// an authored clip.

#include "knights/anim/clip.h"
#include "knights/core/status.h"
#include "knights/character/clip_baker.h"

namespace knights::character {

// The warped run's cadence and stride against the walk's (its speed is the
// walk's times both).
inline constexpr float kWarpedRunCadence = 1.4f;
inline constexpr float kWarpedRunStride = 1.3f;

// walk: a loop with speed_mps and foot contacts.
core::Expected<anim::Clip> BuildWarpedRun(const ClipBaker& baker, const anim::Clip& walk);

// The three pieces of a single jump clip: take-off to the apex (jump_up),
// the apex to the first foot down (fall, held at its end while falling on),
// and the landing to the end (land).
struct SplitJump {
  anim::Clip jump_up, fall, land;
  float take_off_s = 0.0f;  // the jump clip's times: both feet off the ground,
  float apex_s = 0.0f;      // the pelvis at its highest between,
  float landing_s = 0.0f;   // a foot down again
};
// jump: a one-shot whose feet are in contact at its start and its end with
// both off between (errors name the clip).
core::Expected<SplitJump> SplitJumpAtApex(const ClipBaker& baker, const anim::Clip& jump);

// A walk pose (the passing pose, the feet nearest each other) with both
// legs tucked up under the body: rising into it over 0.25 s (jump_up), or
// held (fall, a loop).
core::Expected<anim::Clip> BuildTuckedJump(const ClipBaker& baker, const anim::Clip& walk, bool held);

// The idle's first pose with the pelvis dipping on a damped spring and
// rising back, the soles held where they stand (land).
core::Expected<anim::Clip> BuildLandingDip(const ClipBaker& baker, const anim::Clip& idle);

// Half a turn to the left on the spot from the idle's first pose: the
// root yaws while the left foot, then the right, steps a quarter round,
// twice (turn).
core::Expected<anim::Clip> BuildTurnOnTheSpot(const ClipBaker& baker, const anim::Clip& idle);

// The clip's pose at t_s into locals_ls (for a ClipBaker's base).
void SampleLocals(const anim::Skeleton& skeleton, const anim::Clip& clip, float t_s,
                  std::span<math::Transform> locals_ls);

}  // namespace knights::character
