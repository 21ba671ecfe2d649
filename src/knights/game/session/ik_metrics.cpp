#include "knights/game/session/ik_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "knights/ik/hinge_axis.h"
#include "knights/ik/ik_math.h"

namespace knights::game {
namespace {

constexpr float kRadToDeg = 57.2957795f;
// SurfaceOver's ray starts this far above the point: above anything a foot
// can be sunk into on a legal level.
constexpr float kProbeAboveM = 2.0f;
constexpr float kProbeBelowM = 4.0f;
// Every upward (downward) facing surface, however steep.
const world::RayFilter kUpFacing{1e-3f, 1.0f};
const world::RayFilter kDownFacing{-1.0f, -1e-3f};

using ik::PointWs;

// 3D distance from p to the nearest rung, each a segment along z between the
// rails (centre +- width / 2).
double DistanceToRungs(const world::Ladder& ladder, const glm::vec3& p_ws) {
  const float half_width = 0.5f * ladder.desc().width;
  double best = 1e9;
  for (const glm::vec3& rung_ws : ladder.rungs_ws()) {
    const float along = std::clamp(p_ws.z - rung_ws.z, -half_width, half_width);
    const glm::vec3 nearest_ws(rung_ws.x, rung_ws.y, rung_ws.z + along);
    best = std::min<double>(best, glm::length(p_ws - nearest_ws));
  }
  return best;
}

// The angle between a mid joint's bones (upper = mid - start, lower = end -
// mid), degrees in [0, 180].
float BoneAngleDeg(const glm::vec3& start, const glm::vec3& mid, const glm::vec3& end) {
  const glm::vec3 upper = mid - start, lower = end - mid;
  return std::atan2(glm::length(glm::cross(upper, lower)), glm::dot(upper, lower)) * kRadToDeg;
}

// The fold of a joint whose bones are angle_deg apart and whose signed
// bend about its hinge is bend_deg: past 180 once folded through shut.
float FoldDeg(float angle_deg, float bend_deg) { return bend_deg < -90.0f ? 360.0f - angle_deg : angle_deg; }

}  // namespace

SampleStats Summarise(const core::StreamingStats& stats) {
  SampleStats s;
  s.samples = stats.count();
  s.mean = stats.mean();
  s.median = stats.Quantile(0.5);
  s.p95 = stats.Quantile(0.95);
  s.p99 = stats.Quantile(0.99);
  s.max = stats.max();
  return s;
}

void ThresholdStats::Add(double value) {
  if (stats_.count() == 0 || value > stats_.max()) max_step_ = steps_;
  stats_.Add(value);
  over_this_step_ = over_this_step_ || value > threshold_;
}

void ThresholdStats::EndStep() {
  if (over_this_step_) ++frames_over_;
  over_this_step_ = false;
  ++steps_;
}

SampleStats ThresholdStats::Summary() const {
  SampleStats s = Summarise(stats_);
  s.frames_over = frames_over_;
  s.max_frame = max_step_;
  return s;
}

bool SurfaceOver(const world::CollisionMesh& collision, const glm::vec3& p_ws, float* surface_y_ws) {
  const glm::vec3 down(0.0f, -1.0f, 0.0f);
  world::RayHit hit =
      collision.Raycast(p_ws + glm::vec3(0.0f, kProbeAboveM, 0.0f), down, kProbeAboveM + kProbeBelowM, kUpFacing);
  if (hit.hit && hit.point_ws.y > p_ws.y) {
    const world::RayHit roof =
        collision.Raycast(p_ws, glm::vec3(0.0f, 1.0f, 0.0f), hit.point_ws.y - p_ws.y, kDownFacing);
    if (roof.hit) hit = collision.Raycast(p_ws, down, kProbeBelowM, kUpFacing);  // in the open under a platform
  }
  if (!hit.hit) return false;
  *surface_y_ws = hit.point_ws.y;
  return true;
}

void IkMetrics::ResetKnight(int knight_index) {
  if (knight_index >= static_cast<int>(tracks_.size())) return;
  if (tracks_[knight_index].sampled && collecting) ++teleports_left_out_;
  tracks_[knight_index] = Track{};
}

void IkMetrics::Sample(int knight_index, const Knight& knight, const world::World& world, float dt_s) {
  // The mover's own modes: on a ladder the climb places the body (its
  // hands and feet are measured against the rungs).
  float surface_y = 0.0f;
  const glm::vec3 feet_ws = knight.controller.FeetWs();
  if (!OnLadder(knight.controller.mode()) && SurfaceOver(world.collision(), feet_ws, &surface_y) &&
      surface_y - feet_ws.y > kDistanceThresholdM) {
    mover_in_ground_this_step_ = true;
  }
  if (!collecting) return;
  if (knight_index >= static_cast<int>(tracks_.size())) tracks_.resize(knight_index + 1);
  Track& track = tracks_[knight_index];
  if (OnLadder(knight.controller.mode()) && knight.controller.Ladder() >= 0) {
    SampleLadderContacts(knight, world);
    for (int side = 0; side < 2; ++side) ladder_foot_penetration_m_.Add(FootDepthM(knight, world, side));
    track.planted = {false, false};  // a plant ends when the climb starts (no slide across it)
  } else {
    SampleFeetOnGround(track, knight, world);
  }
  SampleHinges(track, knight, dt_s);
  SampleMotion(track, knight);
  track.sampled = true;
}

// How deep the deepest of a foot's sole, ball and heel points is below the
// surface over it, 0 when above, metres.
double IkMetrics::FootDepthM(const Knight& knight, const world::World& world, int side) {
  const character::Rig& rig = knight.rig();
  const glm::mat4 to_world = knight.ModelToWorld();
  const glm::mat4& foot_ms = knight.ModelsMs()[side == 0 ? rig.leg_l.end : rig.leg_r.end];
  const glm::vec3 points_ls[2][3] = {{rig.sole_offset_l_ls, rig.ball_offset_l_ls, rig.heel_offset_l_ls},
                                     {rig.sole_offset_r_ls, rig.ball_offset_r_ls, rig.heel_offset_r_ls}};
  double depth = 0.0;
  for (const glm::vec3& point_ls : points_ls[side]) {
    const glm::vec3 p_ws = PointWs(to_world, foot_ms, point_ls);
    float surface_y = 0.0f;
    if (SurfaceOver(world.collision(), p_ws, &surface_y)) depth = std::max<double>(depth, surface_y - p_ws.y);
  }
  return depth;
}

// Sole, ball and heel of each foot against the surface; planted soles'
// error and drift.
void IkMetrics::SampleFeetOnGround(Track& track, const Knight& knight, const world::World& world) {
  const character::Rig& rig = knight.rig();
  const auto models_ms = knight.ModelsMs();
  const glm::mat4 to_world = knight.ModelToWorld();
  const int foot_joint[2] = {rig.leg_l.end, rig.leg_r.end};
  const glm::vec3 sole_ls[2] = {rig.sole_offset_l_ls, rig.sole_offset_r_ls};
  for (int side = 0; side < 2; ++side) {
    foot_penetration_m_.Add(FootDepthM(knight, world, side));

    const glm::vec3 sole_ws = PointWs(to_world, models_ms[foot_joint[side]], sole_ls[side]);
    const bool planted =
        knight.controller.Grounded() && knight.anim.ContactWeight(side == 0 ? anim::kFootL : anim::kFootR) >= 0.5f;
    if (planted) {
      float surface_y = 0.0f;
      if (SurfaceOver(world.collision(), sole_ws, &surface_y))
        foot_ground_error_m_.Add(std::fabs(sole_ws.y - surface_y));
      if (!track.planted[side]) {
        track.plant_start_ws[side] = sole_ws;
        track.plant_max_drift[side] = 0.0;
      }
      track.plant_max_drift[side] =
          std::max<double>(track.plant_max_drift[side], glm::length(sole_ws - track.plant_start_ws[side]));
    } else if (track.planted[side]) {
      plant_slides_m_.Add(track.plant_max_drift[side]);
    }
    track.planted[side] = planted;
  }
}

double FootFromGround(const world::CollisionMesh& collision, std::span<const glm::vec3> points_ws) {
  double deepest = 0.0;
  double lowest_gap = std::numeric_limits<double>::infinity();
  for (const glm::vec3& p_ws : points_ws) {
    float surface_y = 0.0f;
    if (!SurfaceOver(collision, p_ws, &surface_y)) continue;
    deepest = std::max<double>(deepest, surface_y - p_ws.y);
    lowest_gap = std::min<double>(lowest_gap, std::max(0.0f, p_ws.y - surface_y));
  }
  return deepest > 0.0 ? deepest : lowest_gap;
}

// Every hand and foot in clip contact on a ladder, to the nearest rung
// (feet: or the ground), held by the IK or not.
void IkMetrics::SampleLadderContacts(const Knight& knight, const world::World& world) {
  const character::Rig& rig = knight.rig();
  const auto models_ms = knight.ModelsMs();
  const glm::mat4 to_world = knight.ModelToWorld();
  const world::Ladder& ladder = world.ladders()[knight.controller.Ladder()];
  const int end_joint[4] = {rig.leg_l.end, rig.leg_r.end, rig.arm_l.end, rig.arm_r.end};
  const glm::vec3 effectors_ls[4] = {rig.ball_offset_l_ls, rig.ball_offset_r_ls, rig.grip_offset_l_ls,
                                     rig.grip_offset_r_ls};
  const glm::vec3 foot_points_ls[2][3] = {{rig.sole_offset_l_ls, rig.ball_offset_l_ls, rig.heel_offset_l_ls},
                                          {rig.sole_offset_r_ls, rig.ball_offset_r_ls, rig.heel_offset_r_ls}};
  for (int limb = 0; limb < 4; ++limb) {
    if (knight.anim.ContactWeight(static_cast<anim::Limb>(limb)) < 0.5f) continue;
    const glm::vec3 p_ws = PointWs(to_world, models_ms[end_joint[limb]], effectors_ls[limb]);
    double error = DistanceToRungs(ladder, p_ws);
    // The nearer of a rung and the ground: a foot at the ladder's foot or on
    // the ledge stands on whichever of its points is lowest (a bump may lift
    // its ball off while its heel stands); a hand rests its grip on the
    // ledge top.
    float surface_y = 0.0f;
    if (limb < 2) {
      glm::vec3 points_ws[3];
      for (int i = 0; i < 3; ++i) points_ws[i] = PointWs(to_world, models_ms[end_joint[limb]], foot_points_ls[limb][i]);
      error = std::min(error, FootFromGround(world.collision(), points_ws));
    } else if (SurfaceOver(world.collision(), p_ws, &surface_y)) {
      error = std::min<double>(error, std::fabs(p_ws.y - surface_y));
    }
    if (limb < 2) {
      foot_rung_error_m_.Add(error);
    } else {
      hand_rung_error_m_.Add(error);
    }
  }
}

// Knees and elbows: bent the wrong way about the rig's hinge axes, how far
// they fold, and how fast knees bend.
void IkMetrics::SampleHinges(Track& track, const Knight& knight, float dt_s) {
  const character::Rig& rig = knight.rig();
  const auto models_ms = knight.ModelsMs();
  const character::LimbChain* limbs[4] = {&rig.leg_l, &rig.leg_r, &rig.arm_l, &rig.arm_r};
  for (int limb = 0; limb < 4; ++limb) {
    const character::LimbChain& c = *limbs[limb];
    const glm::vec3 start = glm::vec3(models_ms[c.upper][3]);
    const glm::vec3 mid = glm::vec3(models_ms[c.mid][3]);
    const glm::vec3 end = glm::vec3(models_ms[c.end][3]);
    const float angle_deg = BoneAngleDeg(start, mid, end);
    float fold_deg = angle_deg;
    if (rig.hinge_axis_ls[limb] != glm::vec3(0.0f)) {
      const glm::vec3 axis_ms = ik::HingeAxisMs(models_ms[c.upper], rig.hinge_axis_ls[limb]);
      const float bend_deg = ik::SignedHingeBendDeg(start, mid, end, axis_ms);
      (limb < 2 ? knee_reversed_deg_ : elbow_reversed_deg_).Add(std::max(0.0f, -bend_deg));
      fold_deg = FoldDeg(angle_deg, bend_deg);
    }
    (limb < 2 ? knee_fold_deg_ : elbow_fold_deg_).Add(fold_deg);
    if (limb >= 2) continue;
    if (track.has_knee && dt_s > 0.0f) {
      knee_speed_kdeg_s_.Add(std::fabs(angle_deg - track.knee_angle_deg[limb]) / dt_s * 1e-3);
    }
    track.knee_angle_deg[limb] = angle_deg;
  }
  track.has_knee = true;
}

float JointFoldDeg(const glm::vec3& start, const glm::vec3& mid, const glm::vec3& end, const glm::vec3& axis_ms) {
  const float angle_deg = BoneAngleDeg(start, mid, end);
  if (axis_ms == glm::vec3(0.0f)) return angle_deg;
  return FoldDeg(angle_deg, ik::SignedHingeBendDeg(start, mid, end, axis_ms));
}

// The drawn pelvis's jolt (its second difference) and each sole's travel
// in one step, world space.
void IkMetrics::SampleMotion(Track& track, const Knight& knight) {
  const character::Rig& rig = knight.rig();
  const auto models_ms = knight.ModelsMs();
  const glm::mat4 to_world = knight.ModelToWorld();
  const glm::vec3 pelvis_ws = glm::vec3(to_world * models_ms[rig.pelvis][3]);
  if (track.pelvis_known == 2) {
    pelvis_kink_m_.Add(glm::length(pelvis_ws - 2.0f * track.pelvis_ws[0] + track.pelvis_ws[1]));
  }
  track.pelvis_ws[1] = track.pelvis_ws[0];
  track.pelvis_ws[0] = pelvis_ws;
  track.pelvis_known = std::min(track.pelvis_known + 1, 2);
  const int foot_joint[2] = {rig.leg_l.end, rig.leg_r.end};
  const glm::vec3 sole_ls[2] = {rig.sole_offset_l_ls, rig.sole_offset_r_ls};
  for (int side = 0; side < 2; ++side) {
    const glm::vec3 sole_ws = PointWs(to_world, models_ms[foot_joint[side]], sole_ls[side]);
    if (track.has_soles) sole_step_m_.Add(glm::length(sole_ws - track.sole_ws[side]));
    track.sole_ws[side] = sole_ws;
  }
  track.has_soles = true;
}

void IkMetrics::EndStep(double ik_seconds_all_knights, bool any_nan) {
  ++frames_;
  if (any_nan) ++nan_frames_;
  if (mover_in_ground_this_step_) ++mover_penetration_frames_;
  mover_in_ground_this_step_ = false;
  if (!collecting) return;
  ik_ms_.Add(ik_seconds_all_knights * 1000.0);
  for (ThresholdStats* s : {&foot_penetration_m_, &ladder_foot_penetration_m_, &foot_ground_error_m_,
                            &hand_rung_error_m_, &foot_rung_error_m_, &knee_reversed_deg_, &elbow_reversed_deg_,
                            &knee_fold_deg_, &elbow_fold_deg_, &pelvis_kink_m_, &sole_step_m_, &knee_speed_kdeg_s_}) {
    s->EndStep();
  }
}

SampleStats IkMetrics::KneeAngularSpeed() const {
  SampleStats s = knee_speed_kdeg_s_.Summary();
  for (double* v : {&s.mean, &s.median, &s.p95, &s.p99, &s.max}) *v *= 1e3;
  return s;
}

SampleStats IkMetrics::FootSlide() const {
  // Plants still going at the end of the run count too.
  core::StreamingStats slides = plant_slides_m_;
  for (const Track& t : tracks_) {
    for (int side = 0; side < 2; ++side) {
      if (t.planted[side]) slides.Add(t.plant_max_drift[side]);
    }
  }
  return Summarise(slides);
}

}  // namespace knights::game
