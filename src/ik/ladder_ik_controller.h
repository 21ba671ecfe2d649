#pragma once
// Hands and feet on ladder rungs while climbing, whatever the ladder's rung
// spacing (the climb clip assumes 0.30 m; ladders use 0.22 to 0.40 m).
//
// Method: the game plays the climb clip so that one cycle rises exactly the
// clip's number of rungs on THIS ladder (time warp), so every grip happens
// at the same place relative to the real rungs in every cycle. Then per limb:
//   - contact starts: choose the rung nearest to the animated grip (hand) or
//     sole (foot); hold that rung's point until the contact ends (the IK
//     error while holding is the solver's, not the clip's);
//   - between contacts (swing): move the limb with the animation plus an
//     offset that blends, with smoothstep over the swing, from the offset at
//     release to the offset the next grab will need (this limb's last grab
//     offset plus the known per-cycle drift), so there is no snap at either
//     end of the swing;
//   - a hold the arm or leg cannot reach (the body moved on) is let go, and
//     the limb follows the animation until its contact ends.
// Rungs are given in world space; the pass works in model space.

#include <array>
#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "core/debug_lines.h"
#include "ik/apply_two_bone_ik.h"
#include "ik/ik_weight_fader.h"
#include "math/transform.h"

namespace knights::ik {

// Limbs in anim::Limb order: foot_l, foot_r, hand_l, hand_r.
inline constexpr int kLadderLimbs = 4;

struct LadderLimbRig {
  TwoBoneChain chain;
  // The point that rests on the rung's centre line, in the end joint's
  // space: the ball of the foot, or the centre of the closed fist.
  glm::vec3 effector_ls{0.0f};
  glm::vec3 pole_ms{0.0f};      // bend direction hint, model space
  glm::vec3 hinge_axis_ls{0.0f};  // knee/elbow hinge in the start joint's frame (ik/hinge_axis.h); zero = none
};

struct LadderIkSettings {
  bool enabled = true;
  std::array<bool, kLadderLimbs> limb_enabled{true, true, true, true};
  float fade_time_s = 0.2f;
  float soften = 0.0f;  // full reach on rungs
  // A contact whose nearest rung is further than this from the animated
  // effector is not on the ladder (a foot on the ground, a hand on the
  // ledge): it is left to the animation (and the foot IK), metres.
  float max_grab_distance_m = 0.16f;
};

struct LadderIkFrame {
  glm::mat4 model_to_world{1.0f};
  bool on_ladder = false;                     // false: fade out
  std::array<float, kLadderLimbs> contact{};  // 0..1 from the clips
  // 0..1 through the gap between two contacts of each limb (swing progress).
  std::array<float, kLadderLimbs> swing_progress{};
  std::span<const glm::vec3> rungs_ws;        // rung centre points
  // How much a limb's grab offset changes from one cycle to the next, world
  // metres: (rungs climbed per cycle * spacing - the root's rise per cycle)
  // along the rails, when the climb is warped to fit the ladder exactly.
  glm::vec3 grab_drift_per_cycle_ws{0.0f};
  float dt_s = 1.0f / 60.0f;
};

struct LadderLimbState {
  float weight = 0.0f;
  bool holding = false;
  int rung = -1;                      // index into rungs_ws while holding
  glm::vec3 hold_point_ws{0.0f};      // where the effector is held
  glm::vec3 animated_ws{0.0f};        // the clip's effector position
  glm::vec3 target_ws{0.0f};          // where IK puts it this step
  glm::vec3 release_offset_ws{0.0f};  // target - animated when the last hold ended
  glm::vec3 grab_offset_ws{0.0f};     // target - animated when the last hold began
  bool has_grab_offset = false;
  bool off_ladder_contact = false;    // in contact, but not with a rung
  bool reached = false;
};

class LadderIkController {
 public:
  LadderIkSettings settings;

  void Init(const std::array<LadderLimbRig, kLadderLimbs>& limbs);
  void Reset();
  bool Run(const LadderIkFrame& frame, std::span<const int16_t> parents, std::span<math::Transform> locals_ls,
           std::span<glm::mat4> models_ms, core::DebugLines* debug);

  const LadderLimbState& Limb(int i) const { return state_[i]; }
  float MasterWeight() const { return fader_.Weight(); }

  // Where a limb holding rung_ws puts its effector: on the rung's centre
  // line (which runs along z), at the effector's own z.
  static glm::vec3 HoldPointWs(const glm::vec3& rung_ws, float effector_z_ws) {
    return glm::vec3(rung_ws.x, rung_ws.y, effector_z_ws);
  }

 private:
  std::array<LadderLimbRig, kLadderLimbs> limbs_{};
  std::array<LadderLimbState, kLadderLimbs> state_{};
  IkWeightFader fader_;
};

}  // namespace knights::ik
