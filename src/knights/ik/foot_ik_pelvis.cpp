// FootIkController: the pelvis, lowered so that both feet reach their
// ground, kept above the reach and fold floors, eased by its spring.

#include "knights/ik/foot_ik_controller.h"

#include <algorithm>
#include <cmath>

#include "knights/ik/ik_math.h"
#include "knights/ik/limb_placement_job.h"
#include "knights/math/matrix_ops.h"

namespace knights::ik {
namespace {

const glm::vec3 kUpWs(0.0f, 1.0f, 0.0f);
const glm::vec4 kRayColor{0.6f, 0.6f, 0.6f, 1.0f};

}  // namespace

// The pelvis offsets (metres, along world up) that step 4 chooses
// between, from where each foot's target is.
FootIkController::PelvisBounds FootIkController::MeasurePelvisBounds(const FootIkFrame& frame, const PoseView& pose,
                                                                     const Spaces& spaces) const {
  PelvisBounds b;
  b.reach_offset = b.planted_reach_offset = settings.max_pelvis_raise_m;
  for (int side = 0; side < 2; ++side) {
    const FootIkState& foot = feet_[side];
    const LegRig& leg = legs_[side];
    if (!foot.ground.hit || frame.airborne) continue;
    b.lowest_delta = std::min(b.lowest_delta, foot.ground.point_ws.y + foot.lift_m - spaces.root_ws.y);
    b.any_hit = true;
    const glm::vec3 hip_ws = glm::vec3(spaces.to_world * pose.models_ms[leg.chain.start][3]);
    const glm::vec3 ankle_ws = glm::vec3(spaces.to_world * pose.models_ms[leg.chain.end][3]);
    // The ankle goes where the sole's target puts it once the foot is
    // tilted to its ground (LimbPlacementJob turns the foot the same way).
    const glm::quat tilt = FootTurnWs(side, foot.align_normal_ws, AlignWeight(frame, foot, side), pose, spaces);
    const glm::vec3 ankle_target_ws = foot.target_sole_ws + tilt * (ankle_ws - foot.clip_sole_ws);
    const float horizontal_m = glm::length(glm::vec2(hip_ws.x - ankle_target_ws.x, hip_ws.z - ankle_target_ws.z));
    // How high above the ankle's target the hip must be for the leg to
    // span hip_to_ankle_m (-1e9: any height).
    auto lowest_hip_m = [&](float hip_to_ankle_m) {
      return horizontal_m < hip_to_ankle_m
                 ? ankle_target_ws.y - hip_ws.y +
                       std::sqrt(hip_to_ankle_m * hip_to_ankle_m - horizontal_m * horizontal_m)
                 : -1e9f;
    };
    const bool planted = foot.locked || frame.contact[side] >= 0.5f;
    b.fold_offset = std::max(b.fold_offset, lowest_hip_m(LegFoldM(side, pose, settings.max_knee_bend_deg)));
    if (planted) {
      b.planted_shut_offset =
          std::max(b.planted_shut_offset, lowest_hip_m(LegFoldM(side, pose, settings.knee_limit_deg - kShutMarginDeg)));
    }
    if (!planted && foot.swing_left_s > 0.0f) {
      // Carried on along the ground only: the drawn body's rise easing a
      // step up is no speed it keeps (carried on, it read as a hip 1 m up
      // at the landing, and the pelvis crouched to its limit for it).
      const glm::vec3 hip_at_landing_ws =
          hip_ws + glm::vec3(spaces.velocity_ws.x, 0.0f, spaces.velocity_ws.z) * foot.swing_left_s;
      for (const glm::vec3& landing_ws : LandingGroundWs(side, frame, spaces))
        b.landing_reach_offset =
            std::min(b.landing_reach_offset,
                     ReachOffset(side, pose, hip_at_landing_ws, landing_ws + (ankle_ws - foot.clip_sole_ws)));
    }
    const float offset = ReachOffset(side, pose, hip_ws, ankle_target_ws);
    b.reach_offset = std::min(b.reach_offset, offset);
    if (planted) b.planted_reach_offset = std::min(b.planted_reach_offset, offset);
  }
  return b;
}

float FootIkController::ReachOffset(int side, const PoseView& pose, const glm::vec3& hip_ws,
                                    const glm::vec3& ankle_ws) const {
  const float reach_m = LegReachM(side, pose);
  const float horizontal_m = glm::length(glm::vec2(hip_ws.x - ankle_ws.x, hip_ws.z - ankle_ws.z));
  if (horizontal_m >= reach_m) return 1e9f;  // no drop helps
  return std::sqrt(reach_m * reach_m - horizontal_m * horizontal_m) - (hip_ws.y - ankle_ws.y);
}

// 4. Lower the pelvis so that the lower foot reaches its ground (smoothed by
//    the spring), and at once as far as every target needs to be within the
//    leg's reach (a hard limit: |hip - ankle target| <= reach). The limit is
//    an upper bound on the offset: with no foot constraining it, the pelvis
//    may still rise up to max_pelvis_raise_m.
void FootIkController::LowerPelvis(const FootIkFrame& frame, const PoseView& pose, const Spaces& spaces, float master) {
  const PelvisBounds b = MeasurePelvisBounds(frame, pose, spaces);
  // While moving the pelvis drops less: a runner on a steep slope takes
  // shorter steps (stride warping) rather than a lunge.
  const float max_drop_m = frame.moving ? settings.max_pelvis_drop_moving_m : settings.max_pelvis_drop_m;
  auto floor_of = [&](float offset) { return std::max(offset, -settings.max_pelvis_drop_m) * master; };
  const float reach_floor = floor_of(b.reach_offset);  // reach wins over style
  // The style limit (no knee past max_knee_bend_deg) is the spring's goal
  // and a floor that rises kMaxFoldRiseM a step at most: held at once it
  // threw the pelvis up 0.3 m in one step wherever a trailing foot swung
  // high behind (down stairs), and the leading foot's reach threw it down
  // again the next. It yields to every foot's reach: a lock let go would
  // leave a planted foot hanging in the air, and a swinging foot short of
  // its ground may swing into a riser.
  float pelvis_goal = switches_.pelvis && b.any_hit
                          ? std::clamp(b.lowest_delta, -max_drop_m, settings.max_pelvis_raise_m) * master
                          : 0.0f;
  if (switches_.pelvis && master > 0.0f)
    pelvis_goal = std::max(pelvis_goal, std::min(b.fold_offset * master, reach_floor));
  const float landing_floor = floor_of(b.landing_reach_offset);
  if (switches_.pelvis) pelvis_goal = std::min(pelvis_goal, landing_floor);
  const float last_offset = pelvis_spring_.value;
  // A floor that holds the pelvis moves it at its own pace: let go, the
  // spring goes on from that velocity (bounded: a floor's jump is no pace).
  auto held_velocity = [&](float held) {
    constexpr float kMaxHeldMps = 2.0f;
    return frame.dt_s > 0.0f ? std::clamp((held - last_offset) / frame.dt_s, -kMaxHeldMps, kMaxHeldMps) : 0.0f;
  };
  float pelvis_offset = pelvis_spring_.Update(pelvis_goal, settings.pelvis_smooth_time_s, frame.dt_s);
  // A planted knee never folds shut for a swinging foot: stepping up onto
  // a high foothold the body rises over it at once, the other foot
  // swinging short of the ground below. With the pass off (master 0)
  // nothing holds the pelvis: it eases back to the clip's.
  const float style_floor = std::min({b.fold_offset * master, reach_floor, landing_floor, last_offset + kMaxFoldRiseM});
  const float fold_floor =
      std::max(style_floor, std::min(b.planted_shut_offset * master, floor_of(b.planted_reach_offset)));
  const bool folds = master > 0.0f && fold_floor > -settings.max_pelvis_drop_m * master;
  if (switches_.pelvis && pelvis_offset > reach_floor) {
    // Continue the spring from where the constraint put the pelvis.
    pelvis_offset = pelvis_spring_.value = reach_floor;
    pelvis_spring_.velocity = std::min(pelvis_spring_.velocity, held_velocity(reach_floor));
  }
  if (switches_.pelvis && folds && pelvis_offset < fold_floor) {
    pelvis_offset = pelvis_spring_.value = fold_floor;
    pelvis_spring_.velocity = std::max(pelvis_spring_.velocity, held_velocity(fold_floor));
  }
  if (std::fabs(pelvis_offset) <= 1e-6f) return;
  pose.TranslateSubtree(pelvis_, glm::mat3(spaces.to_model) * (kUpWs * pelvis_offset));
}

}  // namespace knights::ik
