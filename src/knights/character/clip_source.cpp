#include "knights/character/clip_source.h"

namespace knights::character {

const char* Describe(ClipSource source) {
  switch (source) {
    case ClipSource::kNone:
      return "none";
    case ClipSource::kClip:
      return "clip";
    case ClipSource::kJumpSplit:
      return "fallback: the jump clip split at its apex";
    case ClipSource::kWarpedWalk:
      return "fallback: the walk, faster and with a longer stride";
    case ClipSource::kTuckedPose:
      return "fallback: a walk pose with the legs tucked";
    case ClipSource::kLandingDip:
      return "fallback: a pelvis dip on a spring, feet planted";
    case ClipSource::kProceduralTurn:
      return "fallback: procedural turn, the feet stepping round";
    case ClipSource::kProceduralClimb:
      return "procedural climb (IK on the rungs)";
    case ClipSource::kRetargeted:
      return "retargeted from the knight's clip for the role";
  }
  return "?";
}

}  // namespace knights::character
