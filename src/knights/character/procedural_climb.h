#pragma once
// A ladder climb for characters without climb clips, made from the rig alone
// and placed on the rungs by the IK: climb_up, climb_down,
// ladder_enter_bottom and ladder_exit_top built at load (knights/character/clip_baker.h).
//
// The climb is a diagonal gait: the left hand moves with the right foot,
// then the right hand with the left foot, each limb holding a rung for
// kHoldShare of the cycle and swinging up two rungs on an arc away from the
// ladder between. The body hangs a reach's distance from the rungs, the
// pelvis back and pitched in by kLeanRad, from the rest pose. It is built on
// a ladder of kNominalRungSpacingM; on any other the game warps its time so a
// cycle climbs two of that ladder's rungs (one, for legs shorter than a
// two-rung step), and the ladder IK puts each hold on the rung nearest the
// clip's, as for an authored climb. Arms short for the legs hang the body
// nearer the rungs.
//
// Getting on at the bottom steps the left foot to the ladder's foot and
// the right onto the first rung while the hands reach up; getting off at the
// top climbs two more rungs, pulls up and steps onto the ledge, ending in the
// idle's first pose. Getting on from the top is that clip backwards (the
// controller's rule for every character).

#include "knights/anim/clip.h"
#include "knights/core/status.h"
#include "knights/character/clip_baker.h"

namespace knights::character {

// The climber's place on the ladder, from the rig (MeasureClimb).
struct ClimbGeometry {
  float rung_spacing_m = 0.30f;  // the ladder the clips are built on
  float rung_reach_m = 0.35f;    // its rungs' centre line in front of the root, metres
  float cycle_s = 1.2f;          // one cycle climbs rungs_per_cycle rungs
  int rungs_per_cycle = 2;
  // The rungs (above the root, in spacings) the hands and the feet take
  // at the top of their reach. The feet climb on rungs 1 and up, never on
  // the ground at the ladder's foot, whatever that ground is.
  int hand_top_rung = 6;
  int foot_top_rung = 2;
  glm::vec3 pelvis_ms{0.0f};  // the pelvis as a cycle starts, model metres
  float lean_rad = 0.3f;      // the body pitched towards the ladder
  float hand_z_m = 0.18f;     // each grip this far to its side of the ladder's middle
  float foot_z_m = 0.1f;      // each foot
  float stand_x_m = 0.85f;    // where the exit leaves the root: this far ahead (its height: the top rung's)
};

// Each limb holds its rung for this share of the cycle.
inline constexpr float kHoldShare = 0.62f;

// The geometry for the baker's rig: the reach, the pelvis and the top
// grips from the legs' and arms' lengths.
ClimbGeometry MeasureClimb(const ClipBaker& baker);

struct ProceduralClimb {
  ClimbGeometry geometry;
  anim::Clip climb_up, climb_down, enter_bottom, exit_top;
};

// idle: the pose getting on starts from and getting off ends in (its first).
core::Expected<ProceduralClimb> BuildProceduralClimb(const ClipBaker& baker, const anim::Clip& idle);

}  // namespace knights::character
