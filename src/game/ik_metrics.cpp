#include "game/ik_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace knights::game {
namespace {

constexpr float kRadToDeg = 57.2957795f;
// A contact further than this from every rung is on the ground or the
// ledge, not on the ladder (the ladder IK's grab distance), metres.
constexpr double kOffLadderM = 0.16;

std::string StatsJson(const SampleStats& s) {
  char buffer[192];
  std::snprintf(buffer, sizeof(buffer), "{\"mean\": %.6f, \"p95\": %.6f, \"max\": %.6f, \"samples\": %zu}", s.mean,
                s.p95, s.max, s.samples);
  return buffer;
}

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

void IkMetrics::ResetKnight(int knight_index) {
  if (knight_index < static_cast<int>(tracks_.size())) tracks_[knight_index] = Track{};
}

void IkMetrics::Sample(int knight_index, const Knight& knight, const world::World& world, float dt_s) {
  if (knight_index >= static_cast<int>(tracks_.size())) tracks_.resize(knight_index + 1);
  Track& track = tracks_[knight_index];
  const Rig& rig = knight.rig();
  const auto models_ms = knight.ModelsMs();
  const glm::mat4 to_world = knight.ModelToWorld();
  const LimbChain* legs[2] = {&rig.leg_l, &rig.leg_r};
  const glm::vec3 soles_ls[2] = {rig.sole_offset_l_ls, rig.sole_offset_r_ls};

  // Feet on the ground: error to the surface and drift within a plant.
  for (int side = 0; side < 2; ++side) {
    const glm::vec3 sole_ws = glm::vec3(to_world * (models_ms[legs[side]->end] * glm::vec4(soles_ls[side], 1.0f)));
    const bool planted = knight.controller.Grounded() &&
                         knight.anim.ContactWeight(side == 0 ? anim::kFootL : anim::kFootR) >= 0.5f;
    if (planted) {
      const world::RayHit ground = world.collision().Raycast(sole_ws + glm::vec3(0.0f, 0.5f, 0.0f),
                                                             glm::vec3(0.0f, -1.0f, 0.0f), 1.5f,
                                                             world::RayFilter{0.3f, 1.0f});
      if (ground.hit) foot_ground_error_m_.Add(std::fabs(sole_ws.y - ground.point_ws.y));
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

  // Hands and feet on rungs: every limb whose clip contact is active while
  // on a ladder, measured to the rung it holds (with IK) or else to the
  // nearest rung (without IK: where the clip alone puts it). A contact the
  // ladder IK judged to be off the ladder (a foot on the ledge) is skipped.
  if (knight.controller.Ladder() >= 0) {
    const auto rungs_ws = world.ladders()[knight.controller.Ladder()].rungs_ws();
    const LimbChain* limbs[4] = {&rig.leg_l, &rig.leg_r, &rig.arm_l, &rig.arm_r};
    const glm::vec3 effectors_ls[4] = {rig.ball_offset_l_ls, rig.ball_offset_r_ls, rig.grip_offset_l_ls,
                                       rig.grip_offset_r_ls};
    for (int limb = 0; limb < 4; ++limb) {
      if (knight.anim.ContactWeight(static_cast<anim::Limb>(limb)) < 0.5f || rungs_ws.empty()) continue;
      const ik::LadderLimbState& state = knight.ladder_ik.Limb(limb);
      const bool ik_on = knight.ladder_ik.MasterWeight() > 0.0f;
      if (ik_on && state.off_ladder_contact) continue;
      const glm::vec3 p_ws = glm::vec3(to_world * (models_ms[limbs[limb]->end] * glm::vec4(effectors_ls[limb], 1.0f)));
      double error = 1e9;
      if (ik_on && state.holding && state.rung >= 0 && state.rung < static_cast<int>(rungs_ws.size())) {
        error = std::hypot(p_ws.x - rungs_ws[state.rung].x, p_ws.y - rungs_ws[state.rung].y);
      } else {
        for (const glm::vec3& rung_ws : rungs_ws) {
          error = std::min<double>(error, std::hypot(p_ws.x - rung_ws.x, p_ws.y - rung_ws.y));
        }
        if (error > kOffLadderM) continue;  // a foot on the ground or ledge, not a rung
      }
      (limb < 2 ? foot_rung_error_m_ : hand_rung_error_m_).Add(error);
    }
  }

  // Knee bend speed.
  for (int side = 0; side < 2; ++side) {
    const glm::vec3 hip = glm::vec3(models_ms[legs[side]->upper][3]);
    const glm::vec3 knee = glm::vec3(models_ms[legs[side]->mid][3]);
    const glm::vec3 ankle = glm::vec3(models_ms[legs[side]->end][3]);
    const glm::vec3 a = knee - hip, b = ankle - knee;
    const float angle_deg = std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b)) * kRadToDeg;
    if (track.has_knee && dt_s > 0.0f) {
      knee_speed_deg_s_.Add(std::fabs(angle_deg - track.knee_angle_deg[side]) / dt_s);
    }
    track.knee_angle_deg[side] = angle_deg;
  }
  track.has_knee = true;
}

void IkMetrics::EndStep(double ik_seconds_all_knights, bool any_nan) {
  ++frames_;
  if (any_nan) ++nan_frames_;
  ik_ms_.Add(ik_seconds_all_knights * 1000.0);
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

std::string IkMetrics::ToJson(bool ik_enabled, const std::string& extra) const {
  const SampleStats slide = FootSlide();
  const SampleStats knee = KneeAngularSpeed();
  const SampleStats ik = IkTimeMs();
  char buffer[512];
  std::string json = "{\n  \"frames\": " + std::to_string(frames_) + ",\n  \"ik\": " + (ik_enabled ? "true" : "false") +
                     ",\n  \"nan_frames\": " + std::to_string(nan_frames_) + ",\n";
  json += extra;
  json += "  \"foot_ground_error_m\": " + StatsJson(FootGroundError()) + ",\n";
  json += "  \"hand_rung_error_m\": " + StatsJson(HandRungError()) + ",\n";
  json += "  \"foot_rung_error_m\": " + StatsJson(FootRungError()) + ",\n";
  std::snprintf(buffer, sizeof(buffer),
                "  \"foot_slide_m\": {\"mean\": %.6f, \"max\": %.6f, \"plants\": %zu},\n"
                "  \"knee_angular_speed_deg_s\": {\"p99\": %.3f, \"max\": %.3f},\n"
                "  \"timing_ms\": {\"ik\": {\"median\": %.5f, \"p95\": %.5f}}\n}\n",
                slide.mean, slide.max, slide.samples, knee.p99, knee.max, ik.median, ik.p95);
  json += buffer;
  return json;
}

}  // namespace knights::game
