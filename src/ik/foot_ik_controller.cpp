#include "ik/foot_ik_controller.h"

#include <algorithm>
#include <cmath>

#include "ik/ik_math.h"
#include "ik/limb_placement_job.h"
#include "math/matrix_ops.h"

namespace knights::ik {
namespace {

const glm::vec4 kRayColor{0.6f, 0.6f, 0.6f, 1.0f};
const glm::vec4 kNormalColor{0.2f, 0.5f, 1.0f, 1.0f};
const glm::vec4 kReachedColor{0.2f, 1.0f, 0.3f, 1.0f};
const glm::vec4 kMissedColor{1.0f, 0.25f, 0.2f, 1.0f};
const glm::vec4 kLockColor{1.0f, 0.85f, 0.1f, 1.0f};

void ShiftTranslation(glm::mat4& m, const glm::vec3& offset) {
  m[3] += glm::vec4(offset, 0.0f);
}

}  // namespace

void FootIkController::Init(const LegRig& left, const LegRig& right, int pelvis_joint) {
  legs_ = {left, right};
  pelvis_ = pelvis_joint;
  Reset();
}

void FootIkController::Reset(bool active) {
  feet_ = {};
  pelvis_spring_ = {};
  fader_.phase = active ? 1.0f : 0.0f;
  mode_fader_.phase = fader_.phase;
}

bool FootIkController::Run(const FootIkFrame& frame, std::span<const int16_t> parents,
                           std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms,
                           core::DebugLines* debug) {
  const int n = static_cast<int>(parents.size());
  if (frame.raycast == nullptr || !IsFinite(frame.model_to_world) || !std::isfinite(frame.dt_s) ||
      pelvis_ < 0 || pelvis_ >= n || static_cast<int>(locals_ls.size()) != n || static_cast<int>(models_ms.size()) < n) {
    return false;
  }
  fader_.fade_time = settings.fade_time_s;
  fader_.enabled = settings.legs;
  mode_fader_.fade_time = settings.fade_time_s;
  mode_fader_.enabled = frame.active;
  if (frame.active) mode_fader_.phase = 1.0f;
  const float master = fader_.Update(frame.dt_s) * mode_fader_.Update(frame.dt_s);
  const glm::mat4& to_world = frame.model_to_world;
  const glm::mat4 to_model = math::InverseAffine(to_world);
  const glm::mat3 to_model_linear(to_model);  // carries world directions into model space
  // The plane the clips are authored on passes through the root joint
  // (joint 0), which carries any root motion of the clip.
  const glm::vec3 root_ws = glm::vec3(to_world * models_ms[0][3]);
  const glm::vec3 up_ws(0.0f, 1.0f, 0.0f);

  // 1-3. Probe the ground under each animated sole and choose its target.
  float lowest_delta = 1e9f;
  bool any_hit = false;
  const float ray_top_y = std::max(glm::vec3(to_world * models_ms[legs_[0].chain.start][3]).y,
                                   glm::vec3(to_world * models_ms[legs_[1].chain.start][3]).y) +
                          settings.ray_above_hip_m;
  const float fade_step = settings.fade_time_s > 0.0f ? frame.dt_s / settings.fade_time_s : 1.0f;
  for (int side = 0; side < 2; ++side) {
    FootIkState& foot = feet_[side];
    const LegRig& leg = legs_[side];
    const glm::vec3 sole_ms = glm::vec3(models_ms[leg.chain.end] * glm::vec4(leg.sole_offset_ls, 1.0f));
    foot.animated_sole_ws = glm::vec3(to_world * glm::vec4(sole_ms, 1.0f));
    // The clip is authored on flat ground at the root's height: this is how
    // far the animation lifts the sole above it.
    const float lift_m = foot.animated_sole_ws.y - root_ws.y;
    foot.ray_from_ws = glm::vec3(foot.animated_sole_ws.x, ray_top_y, foot.animated_sole_ws.z);
    const float ray_length_m = std::max(0.0f, ray_top_y - root_ws.y) + settings.ray_below_m;
    foot.ray_to_ws = foot.ray_from_ws - up_ws * ray_length_m;
    const GroundProbe probe = frame.raycast(frame.raycast_context, foot.ray_from_ws, ray_length_m);
    foot.ground_found = probe.hit;
    foot.ground_weight = std::clamp(foot.ground_weight + (probe.hit ? fade_step : -fade_step), 0.0f, 1.0f);
    if (probe.hit) {
      foot.ground = probe;
    } else if (foot.ground_weight <= 0.0f) {
      foot.ground.hit = false;  // faded out: the last ground is forgotten
    }
    glm::vec3 free_target_ws = foot.animated_sole_ws;
    const float contact = frame.airborne ? 0.0f : std::clamp(frame.contact[side], 0.0f, 1.0f);
    if (foot.ground.hit && !frame.airborne) {
      // A planted foot goes onto the ground; a swing foot keeps its lift.
      free_target_ws.y = foot.ground.point_ws.y + std::max(lift_m, 0.0f) * (1.0f - contact);
      lowest_delta = std::min(lowest_delta, foot.ground.point_ws.y - root_ws.y);
      any_hit = true;
    } else if (foot.ground.hit) {
      // In the air: only out of the ground, never down to it.
      free_target_ws.y = std::max(foot.animated_sole_ws.y, foot.ground.point_ws.y);
    }
    // Foot lock: hold the sole where it was planted until the contact ends.
    const bool planted = settings.foot_lock && master > 0.0f && contact >= 0.5f && foot.ground.hit;
    if (planted && !foot.locked) {
      // Locked on the ground itself (the free target may still hold part of
      // the swing lift while the contact weight blends in).
      foot.locked = true;
      foot.lock_point_ws = glm::vec3(free_target_ws.x, foot.ground.point_ws.y, free_target_ws.z);
      foot.lock_blend = 1.0f;
    } else if (planted && glm::length(glm::vec2(foot.lock_point_ws.x - free_target_ws.x,
                                                foot.lock_point_ws.z - free_target_ws.z)) > settings.max_lock_distance_m) {
      foot.locked = false;  // dragged too far (teleport, turn): let go
    } else if (!planted) {
      foot.locked = false;
    }
    if (!foot.locked) {
      foot.lock_blend = settings.lock_release_time_s > 0.0f
                            ? std::max(0.0f, foot.lock_blend - frame.dt_s / settings.lock_release_time_s)
                            : 0.0f;
    }
    foot.target_sole_ws = glm::mix(free_target_ws, foot.lock_point_ws, foot.lock_blend);
  }

  // 4. Lower the pelvis so that the lower foot reaches its ground (smoothed
  //    by the spring), and at once as far as every target needs to be within
  //    the leg's reach (a hard limit: |hip - ankle target| <= reach). The
  //    limit is an upper bound on the offset: with no foot constraining it,
  //    the pelvis may still rise up to max_pelvis_raise_m.
  float reach_offset = settings.max_pelvis_raise_m;
  for (int side = 0; side < 2; ++side) {
    const FootIkState& foot = feet_[side];
    const LegRig& leg = legs_[side];
    if (!foot.ground.hit || frame.airborne) continue;
    const glm::vec3 hip_ws = glm::vec3(to_world * models_ms[leg.chain.start][3]);
    const glm::vec3 knee_ws = glm::vec3(to_world * models_ms[leg.chain.mid][3]);
    const glm::vec3 ankle_ws = glm::vec3(to_world * models_ms[leg.chain.end][3]);
    const float reach_m = settings.max_leg_extension * (glm::length(knee_ws - hip_ws) + glm::length(ankle_ws - knee_ws));
    const glm::vec3 ankle_target_ws = foot.target_sole_ws + (ankle_ws - foot.animated_sole_ws);
    const float horizontal_sq = (hip_ws.x - ankle_target_ws.x) * (hip_ws.x - ankle_target_ws.x) +
                                (hip_ws.z - ankle_target_ws.z) * (hip_ws.z - ankle_target_ws.z);
    if (horizontal_sq >= reach_m * reach_m) continue;  // no drop helps
    const float drop_m = (hip_ws.y - ankle_target_ws.y) - std::sqrt(reach_m * reach_m - horizontal_sq);
    reach_offset = std::min(reach_offset, -drop_m);
  }
  const float pelvis_goal =
      settings.pelvis && any_hit
          ? std::clamp(lowest_delta, -settings.max_pelvis_drop_m, settings.max_pelvis_raise_m) * master
          : 0.0f;
  float pelvis_offset = pelvis_spring_.Update(pelvis_goal, settings.pelvis_smooth_time_s, frame.dt_s);
  const float reach_floor = std::max(reach_offset, -settings.max_pelvis_drop_m) * master;
  if (settings.pelvis && pelvis_offset > reach_floor) {
    // Continue the spring from where the constraint put the pelvis.
    pelvis_offset = pelvis_spring_.value = reach_floor;
    pelvis_spring_.velocity = std::min(pelvis_spring_.velocity, 0.0f);
  }
  if (std::fabs(pelvis_offset) > 1e-6f) {
    const glm::vec3 offset_ms = to_model_linear * (up_ws * pelvis_offset);
    const int parent = parents[pelvis_];
    const glm::vec3 offset_parent =
        parent >= 0 ? glm::inverse(glm::mat3(models_ms[parent])) * offset_ms : offset_ms;
    locals_ls[pelvis_].translation += offset_parent;
    // Moving the pelvis's translation moves its model matrix, and every
    // matrix below it (each is the pelvis's times a product of locals), by
    // offset_ms: shift the subtree's translations rather than recompute it.
    // The subtree is the depth-first run after the pelvis whose parents are
    // at or after it.
    ShiftTranslation(models_ms[pelvis_], offset_ms);
    for (int j = pelvis_ + 1; j < n && parents[j] >= pelvis_; ++j) ShiftTranslation(models_ms[j], offset_ms);
  }

  // 5. Solve each leg onto its target, sole aligned while planted: both legs
  //    in one batch (their two-bone solves share SSE registers).
  const bool side_enabled[2] = {settings.leg_l, settings.leg_r};
  std::array<LimbPlacementJob, 2> jobs;
  size_t job_count = 0;
  for (int side = 0; side < 2; ++side) {
    FootIkState& foot = feet_[side];
    const LegRig& leg = legs_[side];
    foot.weight = side_enabled[side] && foot.ground.hit ? master * foot.ground_weight : 0.0f;
    foot.reached = false;
    if (foot.weight <= 0.0f) continue;
    LimbPlacementJob& job = jobs[job_count++];
    job.chain = leg.chain;
    job.tip = leg.toe;
    job.parents = parents;
    job.locals_ls = locals_ls;
    job.models_ms = models_ms;
    job.effector_ls = leg.sole_offset_ls;
    job.target_ms = glm::vec3(to_model * glm::vec4(foot.target_sole_ws, 1.0f));
    job.align = settings.foot_align;
    job.normal_ms = to_model_linear * foot.ground.normal_ws;
    job.end_up_ls = leg.foot_up_ls;
    job.max_tilt_deg = settings.max_tilt_deg;
    job.align_weight = frame.airborne ? 0.0f : std::clamp(frame.contact[side], 0.0f, 1.0f);
    job.pole_vector_ms = leg.knee_pole_ms;
    job.hinge_axis_ls = leg.hinge_axis_ls;
    job.soften = settings.soften;
    job.weight = foot.weight;
    job.reached = &foot.reached;
  }
  LimbPlacementJob::RunAll(std::span(jobs.data(), job_count));
  for (FootIkState& foot : feet_) {
    // A lock the leg cannot reach even with the pelvis lowered is released
    // (it blends back to the free target) instead of stretching the leg.
    if (foot.weight > 0.0f && foot.locked && !foot.reached) {
      foot.locked = false;
      foot.lock_blend = 0.0f;  // the free target takes over at once
    }
  }

  if (debug != nullptr) {
    for (const FootIkState& foot : feet_) {
      debug->Add(foot.ray_from_ws, foot.ray_to_ws, kRayColor);
      if (foot.ground.hit) debug->Add(foot.ground.point_ws, foot.ground.point_ws + foot.ground.normal_ws * 0.25f, kNormalColor);
      debug->AddCross(foot.target_sole_ws, 0.05f, foot.reached ? kReachedColor : kMissedColor);
      if (foot.lock_blend > 0.0f) debug->AddCross(foot.lock_point_ws, 0.08f, kLockColor);
    }
  }
  return true;
}

}  // namespace knights::ik
