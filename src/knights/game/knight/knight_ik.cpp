// Knight, step 4: the IK pass (Knight::RunIk): the feet on the ground, then
// the hands and feet on the ladder's rungs, each fed this step's contacts,
// swing phases, switches and the world's rays.

#include "knights/game/knight/knight.h"

#include <cmath>

namespace knights::game {
namespace {

ik::GroundProbe CastDown(const void* context, const glm::vec3& from_ws, float length_m) {
  const auto* world = static_cast<const world::World*>(context);
  // Every upward-facing surface is ground for a foot (not the underside of a
  // ledge), however steep: a legal ripple across depth is 78 degrees steep,
  // and a foot must not sink into it because walking calls it a wall.
  const world::RayHit hit =
      world->collision().Raycast(from_ws, glm::vec3(0.0f, -1.0f, 0.0f), length_m, world::RayFilter{1e-3f, 1.0f});
  return ik::GroundProbe{hit.hit, hit.point_ws, hit.normal_ws};
}

ik::GroundProbe CastAcross(const void* context, const glm::vec3& from_ws, const glm::vec3& dir_ws, float length_m) {
  const auto* world = static_cast<const world::World*>(context);
  // Faces steeper than 60 degrees, then only those turned toward the ray: a
  // ripple's flank across depth is as steep, but runs along the ray.
  const world::RayHit hit = world->collision().Raycast(from_ws, dir_ws, length_m, world::RayFilter{-0.5f, 0.5f});
  if (!hit.hit || glm::dot(hit.normal_ws, dir_ws) > -0.5f) return {};
  return ik::GroundProbe{true, hit.point_ws, hit.normal_ws};
}

}  // namespace

// The pass that is taking the feet over runs last, so that while the two
// cross-fade the feet go from where the other left them to their new place:
// on the ground (walking, and the exit's steps onto the ledge) the ladder
// pass first (it may still move the body toward the hands' holds) and the
// foot pass on the body as it left it; on the ladder the other way round.
void Knight::RunIk(const world::World& world, const ik::IkSwitches& ik, float dt_s, core::DebugLines* debug) {
  if (!OnLadder(controller.mode()) || controller.FeetOnLedge()) {
    RunLadderIk(world, ik, dt_s, debug);
    RunFootIk(world, ik, dt_s, debug);
  } else {
    RunFootIk(world, ik, dt_s, debug);
    RunLadderIk(world, ik, dt_s, debug);
  }
}

void Knight::RunFootIk(const world::World& world, const ik::IkSwitches& ik, float dt_s, core::DebugLines* debug) {
  ik::FootIkFrame feet;
  feet.model_to_world = model_to_world_;
  feet.contact = {anim.ContactWeight(anim::kFootL), anim.ContactWeight(anim::kFootR)};
  feet.active =
      ik.master && (!OnLadder(controller.mode()) || controller.FeetOnLedge() || controller.FeetOnGroundEntering());
  feet.airborne = controller.mode() == KnightMode::kAir;
  feet.stride_scale = stride_scale_.value;
  feet.moving = controller.Grounded() && std::fabs(controller.VelocityMps().x) > kStrideWarpMinSpeedMps;
  feet.swing_progress = {anim.SwingProgress(anim::kFootL), anim.SwingProgress(anim::kFootR)};
  feet.sole_shift_ws = {StanceStepShiftWs(0), StanceStepShiftWs(1)};
  feet.raycast = &CastDown;
  feet.wall_raycast = &CastAcross;
  feet.raycast_context = &world;
  feet.dt_s = dt_s;
  feet.switches = ik;
  foot_ik.Run(feet, {skeleton_->Parents(), locals_ls_, models_ms_}, debug);
}

// How far each limb's root (hip, shoulder) moves from now until its current
// contact ends: the clip's own motion of that joint (root motion included)
// plus the knight's, along its script while entering a ladder, else at its
// present velocity. The script also carries the clip's limbs in contact
// with the body (the clip knows nothing of it), and the foot pass's pelvis
// drop is gone by then.
void Knight::PredictContactEnds(const world::World& world, float dt_s, ik::LadderIkFrame& frame) const {
  const anim::ContactEndPositions& ends = contact_ends_[static_cast<int>(anim.CurrentRole())];
  const float rate = controller.RoleRate();
  const glm::vec3 velocity_ws =
      dt_s > 0.0f ? glm::vec3(model_to_world_[3] - previous_model_to_world_[3]) / dt_s : glm::vec3(0.0f);
  const glm::vec3 pelvis_back_ws(0.0f, -foot_ik.PelvisOffsetM(), 0.0f);
  const int roots[ik::kLadderLimbs] = {rig_->leg_l.upper, rig_->leg_r.upper, rig_->arm_l.upper, rig_->arm_r.upper};
  for (int limb = 0; limb < ik::kLadderLimbs; ++limb) {
    frame.root_motion_to_contact_end_ws[limb] = glm::vec3(0.0f);
    frame.scripted_motion_to_contact_end_ws[limb] = glm::vec3(0.0f);
    const auto end = ends.Find(static_cast<anim::Limb>(limb), anim.CurrentTimeS(), rate >= 0.0f);
    if (!end || roots[limb] < 0) continue;
    const float seconds_left = std::fabs(rate) > 1e-3f ? end->clip_s_left / std::fabs(rate) : 0.0f;
    const std::optional<glm::vec3> scripted_ws = controller.ScriptedFeetWsAfter(world, seconds_left);
    const glm::vec3 knight_motion_ws =
        scripted_ws ? *scripted_ws - controller.FeetWs() + pelvis_back_ws : velocity_ws * seconds_left;
    // A foot in contact before both feet are off the ground stands on it:
    // the script carries the body over it, not the foot with the body.
    const bool foot_on_ground = limb < 2 && controller.FeetOnGroundEntering();
    if (scripted_ws && !foot_on_ground) frame.scripted_motion_to_contact_end_ws[limb] = knight_motion_ws;
    frame.root_motion_to_contact_end_ws[limb] =
        glm::mat3(model_to_world_) * (end->joint_ms - animated_joints_ms_[roots[limb]]) + knight_motion_ws;
  }
}

void Knight::RunLadderIk(const world::World& world, const ik::IkSwitches& ik, float dt_s, core::DebugLines* debug) {
  ik::LadderIkFrame ladder;
  ladder.model_to_world = model_to_world_;
  ladder.on_ladder = ik.master && OnLadder(controller.mode()) && controller.Ladder() >= 0;
  if (controller.Ladder() >= 0) {
    const world::Ladder& on = world.ladders()[controller.Ladder()];
    ladder.rungs_ws = on.rungs_ws();
    ladder.rung_half_length_m = 0.5f * on.desc().width;
    const float nominal_m = controller.motion_clip_info().climb_rungs_per_cycle * on.desc().rung_spacing;
    ladder.grab_drift_per_cycle_ws = on.up_axis_ws() * (nominal_m - controller.ClimbRisePerCycleM());
    PredictContactEnds(world, dt_s, ladder);
  }
  // Contacts and swing phases are read only while the ladder IK is on or
  // still fading out (off the ladder it fades from 0 to 0).
  if (ladder.on_ladder || ladder_ik.MasterWeight() > 0.0f) {
    for (int limb = 0; limb < ik::kLadderLimbs; ++limb) {
      ladder.contact[limb] = anim.ContactWeight(static_cast<anim::Limb>(limb));
      ladder.swing_progress[limb] = anim.SwingProgress(static_cast<anim::Limb>(limb));
    }
  }
  ladder.raycast = &CastDown;
  ladder.raycast_context = &world;
  ladder.dt_s = dt_s;
  ladder.enabled = ik.master;
  // Once the exit's feet are off the rungs the foot pass has them, each as
  // it lands on the ledge: a foot still swinging up the lip stays with this
  // pass, which keeps it out of the lip's face.
  const bool feet_off_rungs = controller.FeetOnLedge();
  const bool on_ladder_l = !feet_off_rungs || anim.ContactWeight(anim::kFootL) < 0.5f;
  const bool on_ladder_r = !feet_off_rungs || anim.ContactWeight(anim::kFootR) < 0.5f;
  ladder.limb_enabled = {ik.leg_l && on_ladder_l, ik.leg_r && on_ladder_r, ik.arm_l, ik.arm_r};
  ladder.leaving = {feet_off_rungs, feet_off_rungs, false, false};
  ladder_ik.Run(ladder, {skeleton_->Parents(), locals_ls_, models_ms_}, debug);
}

}  // namespace knights::game
