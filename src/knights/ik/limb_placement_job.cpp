#include "knights/ik/limb_placement_job.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "knights/anim/local_to_model_job.h"
#include "knights/ik/foot_align_job.h"
#include "knights/ik/hinge_axis.h"
#include "knights/ik/ik_math.h"
#include "knights/ik/two_bone_ik_batch_job.h"
#include "knights/math/quaternion.h"

namespace knights::ik {
namespace {

// Rotation part of a model matrix (scale removed column by column).
glm::quat RotationOf(const glm::mat4& m) { return math::FromMatrix(m).rotation; }

// A model matrix turned by a model-space rotation about its own origin.
glm::mat4 TurnedAboutOrigin(const glm::quat& turn_ms, const glm::mat4& m) {
  glm::mat4 turned = glm::mat4(glm::mat3_cast(turn_ms) * glm::mat3(m));
  turned[3] = m[3];
  return turned;
}

}  // namespace

bool LimbPlacementJob::Validate() const {
  const int n = static_cast<int>(parents.size());
  auto in_range = [n](int j) { return j >= 0 && j < n; };
  if (!in_range(chain.start) || !in_range(chain.mid) || !in_range(chain.end)) return false;
  if (tip >= n || static_cast<int>(locals_ls.size()) != n || static_cast<int>(models_ms.size()) < n) return false;
  if (!IsFinite(effector_ls) || !IsFinite(target_ms) || !IsFinite(normal_ms) || !IsFinite(end_up_ls) ||
      !IsFinite(pole_vector_ms) || !IsFinite(hinge_axis_ls)) {
    return false;
  }
  if (!(weight >= 0.0f && weight <= 1.0f) || !(soften >= 0.0f && soften <= 1.0f)) return false;
  if (!(align_weight >= 0.0f && align_weight <= 1.0f)) return false;
  if (!(max_bend_deg >= 0.0f && max_bend_deg <= 180.0f)) return false;
  if (!IsFinite(end_turn_ms) || std::fabs(glm::dot(end_turn_ms, end_turn_ms) - 1.0f) > 1e-3f) return false;
  if (align && (glm::dot(normal_ms, normal_ms) < 1e-12f || glm::dot(end_up_ls, end_up_ls) < 1e-12f)) return false;
  return true;
}

namespace {

// What a limb's placement decides before its two-bone solve (steps 1-2).
struct LimbPlan {
  glm::quat end_goal_ms;         // the end joint's (weighted) model rotation
  glm::quat tip_correction;      // the tip's alignment correction (identity without)
  glm::vec3 effector_target_ms;  // where the effector goes (weighted), model space
  glm::vec3 end_target_ms;       // where the end joint must go for that
};

// The end joint's target moved out along the line from the start joint to
// where the limb bent max_bend_deg reaches, when it is nearer than that.
glm::vec3 KeptOutOfFold(const LimbPlacementJob& job, const glm::vec3& end_target_ms) {
  if (!(job.max_bend_deg < 180.0f)) return end_target_ms;
  const glm::vec3 start_ms(job.models_ms[job.chain.start][3]);
  const glm::vec3 mid_ms(job.models_ms[job.chain.mid][3]);
  const glm::vec3 end_ms(job.models_ms[job.chain.end][3]);
  const glm::vec3 upper_ms = mid_ms - start_ms, lower_ms = end_ms - mid_ms;
  const glm::vec3 out_ms = end_target_ms - start_ms;
  const float distance_sq = glm::dot(out_ms, out_ms);
  // Bent 90 degrees or more the limb reaches at most sqrt(l1^2 + l2^2): a
  // target that far or further needs no trigonometry (most steps).
  if (job.max_bend_deg >= 90.0f && distance_sq >= glm::dot(upper_ms, upper_ms) + glm::dot(lower_ms, lower_ms))
    return end_target_ms;
  const float nearest_m =
      ReachAtBend(glm::length(upper_ms), glm::length(lower_ms), std::cos(glm::radians(job.max_bend_deg)));
  const float distance_m = std::sqrt(distance_sq);
  if (distance_m >= nearest_m || !(distance_m > 1e-6f)) return end_target_ms;
  return start_ms + out_ms * (nearest_m / distance_m);
}

// Steps 1-2 of Run(). False when the alignment job refuses its inputs.
bool PlanLimb(const LimbPlacementJob& job, LimbPlan& plan) {
  // 1. The end joint's goal rotation in model space: the animated one, tilted
  //    so its up lies on the surface normal.
  //    The end joint turned by end_turn_ms first (its children with it).
  const glm::mat4& end_before_ms = job.models_ms[job.chain.end];
  const glm::quat end_animated_ms = RotationOf(end_before_ms);
  const glm::mat4 end_turned_ms = TurnedAboutOrigin(job.end_turn_ms, end_before_ms);
  glm::quat end_goal_ms = math::NormalizeOrIdentity(job.end_turn_ms * end_animated_ms);
  plan.tip_correction = glm::identity<glm::quat>();
  if (job.align) {
    glm::quat foot_correction = glm::identity<glm::quat>();
    FootAlignJob align_job;
    align_job.foot_joint_ms = &end_turned_ms;
    align_job.normal_ms = job.normal_ms;
    align_job.foot_up_ls = job.end_up_ls;
    align_job.max_tilt_deg = job.max_tilt_deg;
    align_job.weight = job.align_weight;
    align_job.foot_correction = &foot_correction;
    const glm::mat4 tip_turned_ms =
        job.tip >= 0 ? TurnedAboutOrigin(job.end_turn_ms, job.models_ms[job.tip]) : glm::mat4(1.0f);
    if (job.tip >= 0) {
      align_job.toe_joint_ms = &tip_turned_ms;
      align_job.toe_normal_ms = job.normal_ms;
      align_job.toe_up_ls = glm::inverse(glm::mat3(tip_turned_ms)) * (glm::mat3(end_turned_ms) * job.end_up_ls);
      align_job.toe_correction = &plan.tip_correction;
    }
    if (!align_job.Run()) return false;
    end_goal_ms = end_goal_ms * foot_correction;
  }
  // Blended by the weight in model space, so that the end's final model
  // rotation is known before the solve and the effector offset below is
  // rotated by exactly the rotation the end ends up with (the effector then
  // lands on the weighted target at any weight).
  plan.end_goal_ms = math::NlerpShortest(end_animated_ms, end_goal_ms, job.weight);
  // 2. Where the end joint must go so the effector lands on the target: the
  //    effector's offset, rotated to the goal orientation (scale kept).
  const glm::vec3 scale(glm::length(glm::vec3(end_before_ms[0])), glm::length(glm::vec3(end_before_ms[1])),
                        glm::length(glm::vec3(end_before_ms[2])));
  const glm::vec3 offset_ms = plan.end_goal_ms * (scale * job.effector_ls);
  const glm::vec3 animated_effector_ms = glm::vec3(end_before_ms * glm::vec4(job.effector_ls, 1.0f));
  // Weighted target: part of the way from the animated effector.
  plan.effector_target_ms = glm::mix(animated_effector_ms, job.target_ms, job.weight);
  plan.end_target_ms = KeptOutOfFold(job, plan.effector_target_ms - offset_ms);
  return true;
}

// The hinge axis of the limb's pose in model space (zero without one).
glm::vec3 BendAxisMs(const LimbPlacementJob& job) {
  return job.hinge_axis_ls == glm::vec3(0.0f) ? glm::vec3(0.0f)
                                              : HingeAxisMs(job.models_ms[job.chain.start], job.hinge_axis_ls);
}

// The two-bone solve's settings for a limb (full weight: the limb's weight
// is already in its targets).
TwoBoneIkJob SolveSettings(const LimbPlacementJob& job, const LimbPlan& plan) {
  TwoBoneIkJob solve;
  solve.target_ms = plan.end_target_ms;
  solve.pole_vector_ms = job.pole_vector_ms;
  solve.bend_axis_ms = BendAxisMs(job);
  solve.soften = job.soften;
  solve.weight = 1.0f;
  return solve;
}

// Step 3 of Run(), after the solve's corrections are in the pose: the end
// joint's local rotation so its model rotation is the (weighted) goal:
// without alignment the animated one, which the re-solved parent would
// otherwise carry away, and the effector offset with it.
void FinishLimb(const LimbPlacementJob& job, const LimbPlan& plan) {
  const glm::quat parent_ms = RotationOf(job.models_ms[job.parents[job.chain.end]]);
  math::Transform& end_local = job.locals_ls[job.chain.end];
  end_local.rotation =
      math::AlignHemisphere(math::NormalizeOrIdentity(glm::inverse(parent_ms) * plan.end_goal_ms), end_local.rotation);
  if (job.align && job.tip >= 0) {
    job.locals_ls[job.tip].rotation =
        math::NormalizeOrIdentity(job.locals_ls[job.tip].rotation *
                                  math::NlerpShortest(glm::identity<glm::quat>(), plan.tip_correction, job.weight));
  }
  anim::LocalToModelJob l2m;
  l2m.parents = job.parents;
  l2m.locals_ls = job.locals_ls;
  l2m.models_ms = job.models_ms;
  l2m.root_ms = job.root_ms;
  l2m.from = job.chain.end;
  l2m.Run();
  if (job.reached != nullptr) {
    const glm::vec3 effector_ms = glm::vec3(job.models_ms[job.chain.end] * glm::vec4(job.effector_ls, 1.0f));
    *job.reached = glm::length(effector_ms - plan.effector_target_ms) < job.reach_tolerance_m;
  }
}

}  // namespace

bool LimbPlacementJob::Run() const {
  if (!Validate() || !IsValidChain(chain, parents)) return false;
  if (weight <= 0.0f) {
    if (reached) *reached = false;
    return true;
  }
  LimbPlan plan;
  if (!PlanLimb(*this, plan)) return false;
  bool solved_reached = false;
  if (!ApplyTwoBoneIk(SolveSettings(*this, plan), chain, parents, locals_ls, models_ms, root_ms, &solved_reached)) {
    return false;
  }
  FinishLimb(*this, plan);
  return true;
}

bool LimbPlacementJob::EndTargetMs(glm::vec3* end_target_ms) const {
  if (end_target_ms == nullptr || !Validate() || !IsValidChain(chain, parents)) return false;
  LimbPlan plan;
  if (!PlanLimb(*this, plan)) return false;
  *end_target_ms = plan.end_target_ms;
  return true;
}

bool LimbPlacementJob::RunAll(std::span<const LimbPlacementJob> jobs) {
  if (jobs.size() > kMaxBatch) return false;
  // Every job valid, all on one pose, no limb inside another's subtree (so
  // each limb's solve reads model matrices no other limb changes).
  for (size_t i = 0; i < jobs.size(); ++i) {
    const LimbPlacementJob& job = jobs[i];
    if (!job.Validate() || !IsValidChain(job.chain, job.parents)) return false;
    if (job.parents.data() != jobs[0].parents.data() || job.locals_ls.data() != jobs[0].locals_ls.data() ||
        job.models_ms.data() != jobs[0].models_ms.data() || job.root_ms != jobs[0].root_ms) {
      return false;
    }
    for (size_t k = 0; k < jobs.size(); ++k) {
      if (k != i && IsAncestor(job.parents, jobs[k].chain.start, job.chain.start)) return false;
    }
  }
  // 1-2. Plan every limb with weight.
  std::array<LimbPlan, kMaxBatch> plans;
  std::array<bool, kMaxBatch> active{};
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (jobs[i].weight <= 0.0f) {
      if (jobs[i].reached) *jobs[i].reached = false;
      continue;
    }
    if (!PlanLimb(jobs[i], plans[i])) return false;  // nothing written yet
    active[i] = true;
  }
  // The solves: together, four to a register, where the limb's frame allows
  // the fast solve (its parent a similarity) and the soft IK setting is
  // shared; alone otherwise.
  std::array<TwoBoneIkBatchJob::Chain, kMaxBatch> chains;
  std::array<int, kMaxBatch> batch_slot;  // each job's chain in the batch, -1 when solved alone
  batch_slot.fill(-1);
  int batched = 0;
  float batch_soften = 0.0f;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const LimbPlacementJob& job = jobs[i];
    if (!active[i]) continue;
    const int parent = job.parents[job.chain.start];
    const glm::mat4& parent_ms = parent < 0 ? job.root_ms : job.models_ms[parent];
    if (!IsSimilarity(parent_ms) || (batched > 0 && job.soften != batch_soften)) continue;
    batch_soften = job.soften;
    chains[batched] = {&job.models_ms[job.chain.start],
                       &job.models_ms[job.chain.mid],
                       &job.models_ms[job.chain.end],
                       plans[i].end_target_ms,
                       job.pole_vector_ms,
                       BendAxisMs(job)};
    batch_slot[i] = batched++;
  }
  // A lone chain is cheaper through the one-chain solve.
  if (batched < 2) batch_slot.fill(-1);
  std::array<glm::quat, kMaxBatch> start_q, mid_q;
  if (batched >= 2) {
    TwoBoneIkBatchJob solve;
    solve.chains = std::span(chains.data(), batched);
    solve.soften = batch_soften;
    solve.start_corrections = start_q;
    solve.mid_corrections = mid_q;
    if (!solve.Run()) return false;  // a non-finite chain: Validate() lets none through
  }
  // 3. Apply; the end joints' rotations.
  bool all_ok = true;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const LimbPlacementJob& job = jobs[i];
    if (!active[i]) continue;
    const int b = batch_slot[i];
    const bool applied = b >= 0 ? ApplyTwoBoneCorrections(job.chain, start_q[b], mid_q[b], job.parents, job.locals_ls,
                                                          job.models_ms, job.root_ms)
                                : ApplyTwoBoneIk(SolveSettings(job, plans[i]), job.chain, job.parents, job.locals_ls,
                                                 job.models_ms, job.root_ms);
    if (!applied) {
      all_ok = false;
      continue;
    }
    FinishLimb(job, plans[i]);
  }
  return all_ok;
}

}  // namespace knights::ik
