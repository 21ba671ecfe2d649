#pragma once
// The mix's loudness targets: what each bus reads, in LUFS integrated over
// a play-through (LoudnessMeter: BS.1770 K-weighting, gated), at the
// default volumes (game::SoundVolumes{}), heard from the player. The
// sound tool (tools/sounds/make_sounds.py) normalises every file to its
// bus's level from these, and a test records the demo's mix through SDL's
// disk driver and checks each bus within kMixToleranceDb of its target.

namespace knights::audio {

inline constexpr double kEffectsTargetLufs = -20.0;   // steps, blows, cues: the loudest bus
inline constexpr double kMusicTargetLufs = -25.0;     // under the effects, clear in quiet stretches
inline constexpr double kAmbienceTargetLufs = -30.0;  // the wind and birds: felt more than heard
inline constexpr double kMixToleranceDb = 6.0;
inline constexpr double kMixCeilingDbfs = -1.0;  // the master limiter's (MasterLimiter)

}  // namespace knights::audio
