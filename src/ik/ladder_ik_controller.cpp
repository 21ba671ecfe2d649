#include "ik/ladder_ik_controller.h"

#include <algorithm>
#include <cmath>

#include "ik/limb_placement_job.h"
#include "math/matrix_ops.h"

namespace knights::ik {
namespace {

float Smoothstep(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

// The rung whose centre line is nearest to p_ws (distance in the x-y plane).
int NearestRung(std::span<const glm::vec3> rungs_ws, const glm::vec3& p_ws) {
  int best = -1;
  float best_d2 = 1e30f;
  for (int i = 0; i < static_cast<int>(rungs_ws.size()); ++i) {
    const glm::vec3 hold = LadderIkController::HoldPointWs(rungs_ws[i], p_ws.z);
    const float dx = hold.x - p_ws.x, dy = hold.y - p_ws.y;
    const float d2 = dx * dx + dy * dy;
    if (d2 < best_d2) {
      best_d2 = d2;
      best = i;
    }
  }
  return best;
}

}  // namespace

void LadderIkController::Init(const std::array<LadderLimbRig, kLadderLimbs>& limbs) {
  limbs_ = limbs;
  Reset();
}

void LadderIkController::Reset() {
  state_ = {};
  fader_.phase = 0.0f;
}

bool LadderIkController::Run(const LadderIkFrame& frame, std::span<const int16_t> parents,
                             std::span<math::Transform> locals_ls, std::span<glm::mat4> models_ms,
                             core::DebugLines* debug) {
  if (!std::isfinite(frame.dt_s) || locals_ls.size() != parents.size() || models_ms.size() < parents.size()) return false;
  fader_.fade_time = settings.fade_time_s;
  fader_.enabled = settings.enabled && frame.on_ladder && !frame.rungs_ws.empty();
  const float master = fader_.Update(frame.dt_s);
  const glm::mat4 to_model = math::InverseAffine(frame.model_to_world);
  std::array<LimbPlacementJob, kLadderLimbs> jobs;
  std::array<int, kLadderLimbs> job_limb{};
  size_t job_count = 0;
  for (int i = 0; i < kLadderLimbs; ++i) {
    LadderLimbState& s = state_[i];
    const LadderLimbRig& limb = limbs_[i];
    const glm::vec3 animated_ms = glm::vec3(models_ms[limb.chain.end] * glm::vec4(limb.effector_ls, 1.0f));
    s.animated_ws = glm::vec3(frame.model_to_world * glm::vec4(animated_ms, 1.0f));
    s.weight = settings.limb_enabled[i] ? master : 0.0f;
    if (master <= 0.0f || frame.rungs_ws.empty()) {
      s.holding = false;
      s.has_grab_offset = false;
      s.target_ws = s.animated_ws;
      continue;
    }
    const bool contact = frame.contact[i] >= 0.5f;
    if (contact && !s.holding && !s.off_ladder_contact) {
      // Grab: the nearest rung to where the clip puts the limb, if it is
      // near enough to be the rung the clip reaches for.
      const int rung = NearestRung(frame.rungs_ws, s.animated_ws);
      const glm::vec3 hold_ws = HoldPointWs(frame.rungs_ws[rung], s.animated_ws.z);
      if (glm::length(hold_ws - s.animated_ws) <= settings.max_grab_distance_m) {
        s.rung = rung;
        s.hold_point_ws = hold_ws;
        s.grab_offset_ws = s.hold_point_ws - s.animated_ws;
        s.has_grab_offset = true;
        s.holding = true;
      } else {
        s.off_ladder_contact = true;  // until this contact ends
        s.release_offset_ws = glm::vec3(0.0f);
      }
    } else if (!contact) {
      s.off_ladder_contact = false;
    }
    if (!contact && s.holding) {
      s.release_offset_ws = s.hold_point_ws - s.animated_ws;
      s.holding = false;
    }
    if (s.holding) {
      s.target_ws = s.hold_point_ws;
    } else {
      // Swing: blend the offset from release towards the offset of the next
      // grab (the same as this limb's last grab: cycles repeat on the rungs).
      const glm::vec3 next = s.has_grab_offset ? s.grab_offset_ws + frame.grab_drift_per_cycle_ws : glm::vec3(0.0f);
      s.target_ws = s.animated_ws + glm::mix(s.release_offset_ws, next, Smoothstep(frame.swing_progress[i]));
    }
    if (s.weight <= 0.0f) continue;
    LimbPlacementJob& job = jobs[job_count];
    job_limb[job_count++] = i;
    job.chain = limb.chain;
    job.parents = parents;
    job.locals_ls = locals_ls;
    job.models_ms = models_ms;
    job.effector_ls = limb.effector_ls;
    job.target_ms = glm::vec3(to_model * glm::vec4(s.target_ws, 1.0f));
    job.pole_vector_ms = limb.pole_ms;
    job.hinge_axis_ls = limb.hinge_axis_ls;
    job.soften = settings.soften;
    job.weight = s.weight;
    job.reached = &s.reached;
  }
  // All four limbs in one batch (their two-bone solves share SSE registers).
  LimbPlacementJob::RunAll(std::span(jobs.data(), job_count));
  for (size_t j = 0; j < job_count; ++j) {
    LadderLimbState& s = state_[job_limb[j]];
    const LadderLimbRig& limb = limbs_[job_limb[j]];
    if (s.holding && !s.reached) {
      // Out of reach: let go rather than stretch towards it.
      const glm::vec3 effector_ms = glm::vec3(models_ms[limb.chain.end] * glm::vec4(limb.effector_ls, 1.0f));
      s.release_offset_ws = glm::vec3(frame.model_to_world * glm::vec4(effector_ms, 1.0f)) - s.animated_ws;
      s.holding = false;
      s.off_ladder_contact = true;
    }
  }
  if (debug != nullptr && master > 0.0f) {
    for (const LadderLimbState& s : state_) {
      if (s.weight <= 0.0f) continue;
      const glm::vec4 color = s.holding ? glm::vec4(0.2f, 1.0f, 0.3f, 1.0f) : glm::vec4(0.9f, 0.6f, 0.2f, 1.0f);
      debug->AddCross(s.target_ws, 0.04f, color);
      debug->Add(s.animated_ws, s.target_ws, glm::vec4(1.0f, 1.0f, 1.0f, 0.6f));
    }
  }
  return true;
}

}  // namespace knights::ik
