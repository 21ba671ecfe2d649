#include "knights/ik/ladder_ik_controller.h"

#include <algorithm>
#include <cmath>

#include "knights/ik/foot_align_job.h"
#include "knights/ik/ik_math.h"
#include "knights/ik/limb_placement_job.h"
#include "knights/math/angles.h"
#include "knights/math/matrix_ops.h"

namespace knights::ik {
namespace {

// A rung further from the limb's root than this fraction of the limb's
// length (to the wrist or ankle: the effector's offset is left as slack) is
// out of reach.
constexpr float kMaxReachFraction = 0.97f;
// A limb that takes a hold in the middle of a contact gets there over this long.
constexpr float kRegrabTimeS = 0.1f;
// Steps of the search for a ledge's edge ahead of a foot, metres.
constexpr float kLedgeSearchStepM = 0.02f;
// A swinging foot kept out of the ground is pushed back at most this far,
// metres, tried in steps of kSwingPushStepM; its lift and push are let go
// at kSwingClearanceReleaseMps once clear.
constexpr float kMaxSwingPushM = 0.3f;
constexpr float kSwingPushStepM = 0.01f;
constexpr float kSwingClearanceReleaseMps = 1.5f;
// A foot's clip point within this of its ground stands on it, metres.
constexpr float kStandingM = 0.02f;
// A foot at most this far under the top rung and this far ahead of it
// (along the climber's facing, metres) is past the rungs: it holds the
// ground, never a rung.
constexpr float kPastRungsM = 0.15f;
// HoldTier's tiers a hold must reach to be taken.
constexpr int kTierWithinGrab = 0;    // within the grab distance
constexpr int kTierKeptToTheEnd = 2;  // reached now and when the hold ends

float Smoothstep(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

// How well a hold suits a limb at p_ws whose root (shoulder, hip) is at
// limb_root_ws: 2 when the limb reaches it now (reach_m) and still will
// (reach_at_end_m) once the body has moved on by body_motion_ws (the rest of
// the contact), 1 when only now, 0 when not now, and -1 when it is further
// than max_distance_m from where the clip puts the limb.
int HoldTier(const glm::vec3& hold_ws, const glm::vec3& p_ws, const glm::vec3& limb_root_ws,
             const glm::vec3& body_motion_ws, float reach_m, float reach_at_end_m, float max_distance_m) {
  if (glm::distance(hold_ws, p_ws) > max_distance_m) return -1;
  // The limb reaches at least as far as the clip stretches it (a leg
  // standing straight is beyond the reach fraction, but it is there).
  const float clip_reach_m = glm::distance(p_ws, limb_root_ws) + 1e-3f;
  if (glm::distance(hold_ws, limb_root_ws) > std::max(reach_m, clip_reach_m)) return 0;
  return glm::distance(hold_ws, limb_root_ws + body_motion_ws) <= std::max(reach_at_end_m, clip_reach_m) ? 2 : 1;
}

}  // namespace

// The hold for a contact starting at p_ws: among the rungs (at the limb's
// depth between the rails) and the ground under the limb, the best tier
// (HoldTier), nearest first. false: none within max_grab_distance_m.
bool LadderIkController::ChooseHold(int limb, const LadderIkFrame& frame, const glm::vec3& limb_root_ws, float reach_m,
                                    int min_tier, LadderHold* hold) const {
  const glm::vec3& p_ws = state_[limb].animated_ws;
  const float half_length_m = std::max(0.0f, frame.rung_half_length_m - settings.rail_margin_m);
  int best_tier = -1;
  float best_d2 = 1e30f;
  // The clip puts a limb on a rung for where the game will have moved the
  // body by the contact's end (the top of the shuffle onto the ladder's
  // foot), on the ground for where the body stands now.
  const glm::vec3 clip_on_rung_ws = p_ws + frame.scripted_motion_to_contact_end_ws[limb];
  auto consider = [&](int index, const glm::vec3& point_ws, const glm::vec3& normal_ws, const glm::vec3& ground_ws) {
    // By the contact's end MoveBody may have brought the body closer: half
    // its range is counted (the other half is left for the other limbs).
    // A clip's foot under the ground (in a ledge the body is not yet up
    // to) has that ground within the grab distance of the surface.
    const float buried_m = index < 0 ? std::max(0.0f, ground_ws.y - p_ws.y) : 0.0f;
    const int tier = HoldTier(point_ws, p_ws, limb_root_ws, frame.root_motion_to_contact_end_ws[limb], reach_m,
                              reach_m + 0.5f * settings.max_body_shift_m, settings.max_grab_distance_m + buried_m);
    const glm::vec3 clip_ws = index >= 0 ? clip_on_rung_ws : p_ws;
    const float d2 = glm::dot(point_ws - clip_ws, point_ws - clip_ws);
    if (tier > best_tier || (tier == best_tier && tier >= 0 && d2 < best_d2)) {
      best_tier = tier;
      best_d2 = d2;
      *hold = {index, point_ws, normal_ws, ground_ws};
    }
  };
  // A foot the clip puts at the top rung's height or above and well ahead
  // of it (stepping off onto the ledge) stands on the ground there, however
  // near the top rung's centre is.
  glm::vec3 ahead_ws(frame.model_to_world[0]);
  ahead_ws.y = 0.0f;
  bool past_rungs = false;
  if (limb < kLadderFeet && !frame.rungs_ws.empty() && glm::dot(ahead_ws, ahead_ws) > 1e-8f) {
    const glm::vec3& top_ws = frame.rungs_ws.back();
    past_rungs = p_ws.y > top_ws.y - kPastRungsM && glm::dot(p_ws - top_ws, glm::normalize(ahead_ws)) > kPastRungsM;
  }
  for (int i = 0; i < static_cast<int>(frame.rungs_ws.size()) && !past_rungs; ++i)
    consider(i, HoldPointWs(frame.rungs_ws[i], p_ws.z, half_length_m), glm::vec3(0.0f, 1.0f, 0.0f), glm::vec3(0.0f));
  if (frame.raycast != nullptr) {
    // A foot stands, a hand rests, on the ground (the ladder's foot, the
    // ledge top the exit clip puts a hand on).
    const GroundProbe ground = GroundUnder(frame, p_ws);
    if (ground.hit) {
      const glm::vec3 on_ground_ws = GroundHoldWs(limb, frame, ground);
      // A foot the clip stands on the ground (or in it: the ground rises
      // under the ladder's foot) stays there while it reaches it.
      const float standing_reach_m = std::max(reach_m, glm::distance(p_ws, limb_root_ws)) + kStandingM;
      if (limb < kLadderFeet && p_ws.y - on_ground_ws.y <= kStandingM &&
          glm::distance(on_ground_ws, limb_root_ws) <= standing_reach_m) {
        *hold = {-1, on_ground_ws, ground.normal_ws, ground.point_ws};
        return true;
      }
      consider(-1, on_ground_ws, ground.normal_ws, ground.point_ws);
    }
    // A foot stepping off the top, or a hand reaching for the ledge, over
    // the gap a ladder leaning back leaves before its ledge: the ledge's
    // edge ahead.
    GroundProbe ledge;
    if (LedgeAhead(limb, frame, ground, &ledge))
      consider(-1, GroundHoldWs(limb, frame, ledge), ledge.normal_ws, ledge.point_ws);
  }
  return best_tier >= min_tier;
}

// For a foot above the top rung (a hand: above the grab distance under it)
// with no ground under it within the grab distance: the nearest spot ahead
// (the body's facing), within the grab distance, where the effector and
// the foot's other points all have ground within the grab distance of its
// height.
bool LadderIkController::LedgeAhead(int limb, const LadderIkFrame& frame, const GroundProbe& under,
                                    GroundProbe* ledge) const {
  const LadderLimbState& s = state_[limb];
  const glm::vec3& p_ws = s.animated_ws;
  float top_rung_y = -1e30f;
  for (const glm::vec3& rung_ws : frame.rungs_ws) top_rung_y = std::max(top_rung_y, rung_ws.y);
  const float reach_m = settings.max_grab_distance_m;
  const float below_top_m = limb < kLadderFeet ? 0.0f : settings.max_grab_distance_m;
  if (p_ws.y < top_rung_y - below_top_m || (under.hit && under.point_ws.y > p_ws.y - reach_m)) return false;
  glm::vec3 ahead_ws(frame.model_to_world[0]);
  ahead_ws.y = 0.0f;
  if (!(glm::dot(ahead_ws, ahead_ws) > 1e-8f)) return false;
  ahead_ws = glm::normalize(ahead_ws);
  auto standing = [&](const glm::vec3& q_ws, GroundProbe* hit) {
    *hit = GroundUnder(frame, q_ws);
    return hit->hit && std::fabs(hit->point_ws.y - p_ws.y) <= reach_m;
  };
  for (float d = kLedgeSearchStepM; d <= reach_m; d += kLedgeSearchStepM) {
    const glm::vec3 ball_ws = p_ws + ahead_ws * d;
    GroundProbe hit;
    if (!standing(ball_ws, &hit)) continue;
    bool all_on = true;
    for (size_t k = 0; k < limbs_[limb].ground_points_ls.size() && all_on; ++k) {
      GroundProbe point_hit;
      if (limbs_[limb].ground_points_ls[k] != glm::vec3(0.0f))
        all_on = standing(ball_ws + s.ground_points_from_effector_ws[k], &point_hit);
    }
    if (all_on) {
      *ledge = hit;
      return true;
    }
  }
  return false;
}

// The ground under p_ws: a ray from above the grab distance finds it even
// if the clip's limb is sunk in a slope or ledge.
GroundProbe LadderIkController::GroundUnder(const LadderIkFrame& frame, const glm::vec3& p_ws) const {
  const float above_m = settings.max_grab_distance_m + 0.5f;
  return frame.raycast(frame.raycast_context, p_ws + glm::vec3(0.0f, above_m, 0.0f),
                       above_m + settings.max_grab_distance_m);
}

// Where a limb holding the ground at `ground` puts its effector: on it,
// raised as far as the foot's other points (heel, sole), turned onto the
// ground as the placement will turn the foot, need to stay out of it.
glm::vec3 LadderIkController::GroundHoldWs(int limb, const LadderIkFrame& frame, const GroundProbe& ground) const {
  const LadderLimbState& s = state_[limb];
  const LadderLimbRig& rig = limbs_[limb];
  if (rig.end_up_ls == glm::vec3(0.0f) || frame.raycast == nullptr) return ground.point_ws;
  const glm::quat tilt =
      LimitedTilt(s.end_up_animated_ws, ground.normal_ws, settings.max_foot_tilt_deg * math::kDegToRad, 1.0f);
  float lift_m = 0.0f;
  for (size_t k = 0; k < rig.ground_points_ls.size(); ++k) {
    if (rig.ground_points_ls[k] == glm::vec3(0.0f)) continue;
    const glm::vec3 point_ws = ground.point_ws + tilt * s.ground_points_from_effector_ws[k];
    const GroundProbe under = GroundUnder(frame, point_ws);
    if (under.hit) lift_m = std::max(lift_m, under.point_ws.y - point_ws.y);
  }
  return ground.point_ws + glm::vec3(0.0f, lift_m, 0.0f);
}

void LadderIkController::Init(const std::array<LadderLimbRig, kLadderLimbs>& limbs, int pelvis_joint) {
  limbs_ = limbs;
  pelvis_ = pelvis_joint;
  Reset();
}

void LadderIkController::Reset() {
  state_ = {};
  fader_.phase = 0.0f;
  body_spring_ = {};
  body_shift_ws_ = glm::vec3(0.0f);
}

bool LadderIkController::Run(const LadderIkFrame& frame, const PoseView& pose, core::DebugLines* debug) {
  if (!std::isfinite(frame.dt_s) || !pose.Valid()) return false;
  fader_.fade_time = settings.fade_time_s;
  fader_.enabled = frame.enabled && frame.on_ladder && !frame.rungs_ws.empty();
  const float master = fader_.Update(frame.dt_s);
  std::array<float, kLadderLimbs> reach_m{};
  for (int i = 0; i < kLadderLimbs; ++i) {
    LadderLimbState& s = state_[i];
    const LadderLimbRig& limb = limbs_[i];
    const glm::mat4 end_ws = frame.model_to_world * pose.models_ms[limb.chain.end];
    s.animated_ws = glm::vec3(end_ws * glm::vec4(limb.effector_ls, 1.0f));
    for (size_t k = 0; k < limb.ground_points_ls.size(); ++k)
      s.ground_points_from_effector_ws[k] =
          glm::vec3(end_ws * glm::vec4(limb.ground_points_ls[k], 1.0f)) - s.animated_ws;
    s.end_up_animated_ws = glm::mat3(end_ws) * limb.end_up_ls;
    s.weight = settings.limb_driven[i] && frame.limb_enabled[i] ? master : 0.0f;
    if (master <= 0.0f || frame.rungs_ws.empty()) {
      s.holding = false;
      s.has_grab_offset = false;
      s.target_ws = s.animated_ws;
      continue;
    }
    // The limb's reach this step: from its root, nearly straight.
    const glm::vec3 root_ms = pose.PositionMs(limb.chain.start);
    const float upper_m = glm::distance(root_ms, pose.PositionMs(limb.chain.mid));
    const float lower_m = glm::distance(pose.PositionMs(limb.chain.mid), pose.PositionMs(limb.chain.end));
    reach_m[i] = kMaxReachFraction * (upper_m + lower_m);
    // The reach is the end joint's (ankle, wrist), which goes where the hold
    // is less the effector's offset (the solve keeps the end joint's
    // rotation): holds are weighed from the root moved by that offset.
    const glm::vec3 effector_offset_ms = glm::vec3(pose.models_ms[limb.chain.end] * glm::vec4(limb.effector_ls, 0.0f));
    const glm::vec3 weighed_root_ws = glm::vec3(frame.model_to_world * glm::vec4(root_ms + effector_offset_ms, 1.0f));
    UpdateHold(i, frame, weighed_root_ws, reach_m[i]);  // 1
    if (i >= kLadderFeet && s.holding && s.rung < 0) KeepHandBeyondFold(i, frame, weighed_root_ws, upper_m, lower_m);
    const float fold_m =
        i < kLadderFeet ? ReachAtBend(upper_m, lower_m, std::cos(settings.knee_limit_deg * math::kDegToRad)) : 0.0f;
    ChooseTarget(i, frame, weighed_root_ws, {fold_m, reach_m[i]});  // 2
  }
  const glm::mat4 to_model = math::InverseAffine(frame.model_to_world);
  MoveBody(frame, pose, to_model, master, reach_m);          // 3
  PlaceLimbs(frame, pose, to_model);                         // 4
  if (debug != nullptr && master > 0.0f) DrawDebug(*debug);  // 5
  return true;
}

// A hand resting on the ground (the ledge top) that the body has come so
// near that the elbow would fold past settings.elbow_limit_deg slides on
// along the ground, away from the shoulder, until it is that far.
void LadderIkController::KeepHandBeyondFold(int limb, const LadderIkFrame& frame, const glm::vec3& root_ws,
                                            float upper_m, float lower_m) {
  LadderLimbState& s = state_[limb];
  const float fold_m = ReachAtBend(upper_m, lower_m, std::cos(settings.elbow_limit_deg * math::kDegToRad));
  glm::vec3 away_ws = s.hold_point_ws - root_ws;
  away_ws.y = 0.0f;
  const float near_m = glm::distance(s.hold_point_ws, root_ws);
  if (near_m >= fold_m || !(glm::dot(away_ws, away_ws) > 1e-8f) || frame.raycast == nullptr) return;
  const glm::vec3 dir_ws = glm::normalize(away_ws);
  const float rise_m = s.hold_point_ws.y - root_ws.y;
  const float along_m = std::sqrt(std::max(0.0f, fold_m * fold_m - rise_m * rise_m));
  const glm::vec3 moved_ws = glm::vec3(root_ws.x, s.hold_point_ws.y, root_ws.z) + dir_ws * along_m;
  const GroundProbe ground = GroundUnder(frame, moved_ws);
  if (!ground.hit) return;
  s.hold_point_ws = ground.point_ws;
  s.hold_ground_ws = ground.point_ws;
  s.hold_normal_ws = ground.normal_ws;
}

// 1. Grab when a contact starts: the nearest rung, or for a foot the ground
//    when that is nearer; let go when it ends.
void LadderIkController::UpdateHold(int limb, const LadderIkFrame& frame, const glm::vec3& limb_root_ws,
                                    float reach_m) {
  LadderLimbState& s = state_[limb];
  const bool contact = frame.contact[limb] >= 0.5f;
  if (contact && !s.holding) {
    // Every step of a contact without a hold (it started out of reach, or
    // its hold was let go) looks for one: the limb moves there over
    // kRegrabTimeS from where it is, rather than following the clip off
    // the ladder for the rest of the contact.
    LadderHold hold;
    // After a hold was let go, only one the limb will keep to the end.
    if (ChooseHold(limb, frame, limb_root_ws, reach_m, s.let_go ? kTierKeptToTheEnd : kTierWithinGrab, &hold)) {
      s.rung = hold.rung;
      s.hold_point_ws = hold.point_ws;
      s.hold_normal_ws = hold.normal_ws;
      s.hold_ground_ws = hold.ground_ws;
      if (!s.off_ladder_contact) s.grab_offset_ws = s.hold_point_ws - s.animated_ws;
      s.has_grab_offset = true;
      s.holding = true;
      s.grab_from_ws = s.target_ws;
      s.grab_blend = s.off_ladder_contact ? 0.0f : 1.0f;
      s.off_ladder_contact = false;
    } else {
      if (!s.off_ladder_contact) s.release_offset_ws = glm::vec3(0.0f);
      s.off_ladder_contact = true;
    }
  } else if (!contact) {
    s.off_ladder_contact = false;
    s.let_go = false;
  }
  if (!contact && s.holding) {
    s.release_offset_ws = s.hold_point_ws - s.animated_ws;
    s.holding = false;
  }
}

// 2. The hold, or during a swing the animation plus an offset blending from
//    the release to the next grab (the same as this limb's last grab plus
//    the drift: cycles repeat on the rungs).
void LadderIkController::ChooseTarget(int limb, const LadderIkFrame& frame, const glm::vec3& weighed_root_ws,
                                      const glm::vec2& reach_range_m) {
  LadderLimbState& s = state_[limb];
  if (s.holding) {
    s.swing_lift_m = s.swing_push_m = 0.0f;
    // Held on the ground, heel and sole stay out of it however the clip
    // rolls the foot meanwhile.
    if (s.rung < 0) s.hold_point_ws = GroundHoldWs(limb, frame, {true, s.hold_ground_ws, s.hold_normal_ws});
    s.grab_blend = std::min(1.0f, s.grab_blend + frame.dt_s / kRegrabTimeS);
    s.target_ws = glm::mix(s.grab_from_ws, s.hold_point_ws, Smoothstep(s.grab_blend));
    return;
  }
  const glm::vec3 next =
      s.has_grab_offset && !frame.leaving[limb] ? s.grab_offset_ws + frame.grab_drift_per_cycle_ws : glm::vec3(0.0f);
  // A limb leaving the ladder (a foot stepping over the lip onto the
  // ledge) sheds its rung's offset in the first half of its swing: carried
  // on, a rung held lower than the clip's would drag it into the lip.
  const float progress =
      frame.leaving[limb] ? std::min(1.0f, 2.0f * frame.swing_progress[limb]) : frame.swing_progress[limb];
  s.target_ws = s.animated_ws + glm::mix(s.release_offset_ws, next, Smoothstep(progress));
  if (limbs_[limb].end_up_ls != glm::vec3(0.0f))
    s.target_ws += SwingClearanceWs(limb, frame, weighed_root_ws, reach_range_m);
}

// A swinging foot's ball, heel and sole kept out of the ground by the
// least correction: lifted, or pushed back level against the climber's
// facing (a toe 2 cm into a ledge's lip face may be 0.4 m under its top),
// whichever is shorter and within the leg's reach, at once as far as
// needed; both are let go again at
// kSwingClearanceReleaseMps once clear (the clip's toe cuts into a lip on
// the way up, or into a slope rippled across depth at the ladder's foot).
glm::vec3 LadderIkController::SwingClearanceWs(int limb, const LadderIkFrame& frame, const glm::vec3& weighed_root_ws,
                                               const glm::vec2& reach_range_m) {
  LadderLimbState& s = state_[limb];
  const float release_m = kSwingClearanceReleaseMps * frame.dt_s;
  s.swing_lift_m = std::max(0.0f, s.swing_lift_m - release_m);
  s.swing_push_m = std::max(0.0f, s.swing_push_m - release_m);
  glm::vec3 back_ws = -glm::vec3(frame.model_to_world[0]);
  back_ws.y = 0.0f;
  if (frame.raycast == nullptr || !(glm::dot(back_ws, back_ws) > 1e-8f)) return glm::vec3(0.0f);
  back_ws = glm::normalize(back_ws);
  const glm::vec3 up_ws(0.0f, 1.0f, 0.0f);
  const glm::vec3 base_ws = s.target_ws;
  // How far each point is under the ground over it (<= 0: out of it).
  auto depth_m = [&](const glm::vec3& effector_ws, int k) {
    const glm::vec3 p_ws = effector_ws + (k >= 0 ? s.ground_points_from_effector_ws[k] : glm::vec3(0.0f));
    const GroundProbe over = GroundUnder(frame, p_ws);
    return over.hit ? over.point_ws.y - p_ws.y : 0.0f;
  };
  auto deepest_m = [&](const glm::vec3& effector_ws) {
    float deepest = depth_m(effector_ws, -1);
    for (int k = 0; k < static_cast<int>(s.ground_points_from_effector_ws.size()); ++k) {
      if (limbs_[limb].ground_points_ls[k] != glm::vec3(0.0f)) deepest = std::max(deepest, depth_m(effector_ws, k));
    }
    return deepest;
  };
  const glm::vec3 at_ws = base_ws + up_ws * s.swing_lift_m + back_ws * s.swing_push_m;
  const float lift_m = deepest_m(at_ws);
  if (lift_m > 0.0f) {
    float push_m = kSwingPushStepM;
    while (push_m < lift_m && push_m <= kMaxSwingPushM && deepest_m(at_ws + back_ws * push_m) > 0.0f)
      push_m += kSwingPushStepM;
    // A push the leg cannot reach (the knee folded against the lip) would
    // leave the foot in the face: lifted instead.
    const float pushed_m = glm::distance(at_ws + back_ws * push_m, weighed_root_ws);
    const bool reachable = pushed_m >= reach_range_m.x && pushed_m <= reach_range_m.y;
    if (push_m < lift_m && reachable) {
      s.swing_push_m += push_m;
    } else {
      s.swing_lift_m += lift_m;
    }
  }
  return up_ws * s.swing_lift_m + back_ws * s.swing_push_m;
}

// 3. The least shift of the body that brings every held limb's end joint
//    within reach: a few rounds of moving the limb roots onto each hold's
//    reach sphere (holds may pull apart: hands up, feet down), at most
//    max_body_shift_m. Eased back when the holds need less; never behind
//    when they need more, or the limb would be let go.
void LadderIkController::MoveBody(const LadderIkFrame& frame, const PoseView& pose, const glm::mat4& to_model,
                                  float master, const std::array<float, kLadderLimbs>& reach_m) {
  body_shift_ws_ = glm::vec3(0.0f);
  if (pelvis_ < 0 || pelvis_ >= pose.JointCount() || !(settings.max_body_shift_m > 0.0f)) return;
  std::array<glm::vec3, kLadderLimbs> root_ws{}, end_target_ws{};
  std::array<bool, kLadderLimbs> held{};
  for (int i = 0; i < kLadderLimbs; ++i) {
    const LadderLimbState& s = state_[i];
    const TwoBoneChain& chain = limbs_[i].chain;
    held[i] = s.holding && s.weight > 0.0f && pose.InSubtree(chain.start, pelvis_);
    if (!held[i]) continue;
    root_ws[i] = glm::vec3(frame.model_to_world * glm::vec4(pose.PositionMs(chain.start), 1.0f));
    // The end joint goes where the target is less the effector's offset,
    // turned as the placement will turn it (a foot lying on a slope).
    glm::vec3 end_target_ms(0.0f);
    if (!PlacementJob(i, pose, to_model, 1.0f).EndTargetMs(&end_target_ms)) {
      held[i] = false;
      continue;
    }
    end_target_ws[i] = glm::vec3(frame.model_to_world * glm::vec4(end_target_ms, 1.0f));
  }
  auto into_reach = [&](glm::vec3 shift_ws) {
    constexpr int kRounds = 4;
    for (int round = 0; round < kRounds; ++round) {
      for (int i = 0; i < kLadderLimbs; ++i) {
        if (!held[i]) continue;
        const glm::vec3 d = end_target_ws[i] - (root_ws[i] + shift_ws);
        const float length = glm::length(d);
        if (length > reach_m[i]) shift_ws += d * ((length - reach_m[i]) / length);
      }
    }
    const float length = glm::length(shift_ws);
    return length > settings.max_body_shift_m ? shift_ws * (settings.max_body_shift_m / length) : shift_ws;
  };
  body_spring_.Update(into_reach(glm::vec3(0.0f)), settings.body_smooth_time_s, frame.dt_s);
  const glm::vec3 needed_ws = into_reach(body_spring_.value);
  if (needed_ws != body_spring_.value) body_spring_ = {needed_ws, glm::vec3(0.0f)};
  // The pass's fade scales the shift, as it does the limbs.
  body_shift_ws_ = body_spring_.value * master;
  if (glm::dot(body_shift_ws_, body_shift_ws_) <= 1e-12f) return;
  pose.TranslateSubtree(pelvis_, glm::mat3(to_model) * body_shift_ws_);
}

// The placement of one limb on its target this step, at the given weight.
LimbPlacementJob LadderIkController::PlacementJob(int limb, const PoseView& pose, const glm::mat4& to_model,
                                                  float weight) {
  const LadderLimbState& s = state_[limb];
  const LadderLimbRig& rig = limbs_[limb];
  LimbPlacementJob job;
  job.chain = rig.chain;
  job.parents = pose.parents;
  job.locals_ls = pose.locals_ls;
  job.models_ms = pose.models_ms;
  job.effector_ls = rig.effector_ls;
  job.target_ms = glm::vec3(to_model * glm::vec4(s.target_ws, 1.0f));
  job.pole_vector_ms = rig.pole_ms;
  job.hinge_axis_ls = rig.hinge_axis_ls;
  // A foot on the ground lies on it (the ball alone would leave the heel
  // in the ground under a leaning climber).
  job.align = s.holding && s.rung < 0 && rig.end_up_ls != glm::vec3(0.0f);
  job.normal_ms = glm::normalize(glm::mat3(to_model) * s.hold_normal_ws);
  job.end_up_ls = rig.end_up_ls;
  job.max_tilt_deg = settings.max_foot_tilt_deg;
  if (limb < kLadderFeet) job.max_bend_deg = settings.knee_limit_deg;
  if (limb >= kLadderFeet && !s.holding) job.max_bend_deg = settings.elbow_fold_limit_deg;
  job.soften = settings.soften;
  job.weight = weight;
  job.reached = &state_[limb].reached;
  job.reach_tolerance_m = settings.max_hold_miss_m;
  return job;
}

// 4. All four limbs in one batch (their two-bone solves share SSE
//    registers); an unreachable hold is let go rather than stretched to.
void LadderIkController::PlaceLimbs(const LadderIkFrame& frame, const PoseView& pose, const glm::mat4& to_model) {
  std::array<LimbPlacementJob, kLadderLimbs> jobs;
  std::array<int, kLadderLimbs> job_limb{};
  size_t job_count = 0;
  for (int i = 0; i < kLadderLimbs; ++i) {
    if (state_[i].weight <= 0.0f) continue;
    jobs[job_count] = PlacementJob(i, pose, to_model, state_[i].weight);
    job_limb[job_count++] = i;
  }
  LimbPlacementJob::RunAll(std::span(jobs.data(), job_count));
  for (size_t j = 0; j < job_count; ++j) {
    LadderLimbState& s = state_[job_limb[j]];
    const LadderLimbRig& limb = limbs_[job_limb[j]];
    if (s.holding && !s.reached && s.weight >= 1.0f) {
      const glm::vec3 effector_ms = glm::vec3(pose.models_ms[limb.chain.end] * glm::vec4(limb.effector_ls, 1.0f));
      s.release_offset_ws = glm::vec3(frame.model_to_world * glm::vec4(effector_ms, 1.0f)) - s.animated_ws;
      s.holding = false;
      s.off_ladder_contact = true;
      s.let_go = true;  // for the rest of this contact
    }
  }
}

// 5. Targets (green holding, orange swinging) and the offset from the clip.
void LadderIkController::DrawDebug(core::DebugLines& debug) const {
  for (const LadderLimbState& s : state_) {
    if (s.weight <= 0.0f) continue;
    const glm::vec4 color = s.holding ? glm::vec4(0.2f, 1.0f, 0.3f, 1.0f) : glm::vec4(0.9f, 0.6f, 0.2f, 1.0f);
    debug.AddCross(s.target_ws, 0.04f, color);
    debug.Add(s.animated_ws, s.target_ws, glm::vec4(1.0f, 1.0f, 1.0f, 0.6f));
  }
}

}  // namespace knights::ik
