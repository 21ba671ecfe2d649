#include "knights/app/metrics_json.h"

#include <cmath>

#include <nlohmann/json.hpp>

namespace knights::app {
namespace {

using Json = nlohmann::ordered_json;

// v to `decimals` places: the file keeps the precision the metrics have.
double Rounded(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

// A statistic's value, or null when it has no samples (never 0).
Json ValueOrNull(size_t samples, double v, int decimals = 6) {
  return samples == 0 ? Json(nullptr) : Json(Rounded(v, decimals));
}

Json Stats(const game::SampleStats& s, bool with_p95, const char* over_name) {
  Json out = Json::object();
  if (with_p95) {
    out["mean"] = ValueOrNull(s.samples, s.mean);
    out["p95"] = ValueOrNull(s.samples, s.p95);
  }
  out["max"] = ValueOrNull(s.samples, s.max);
  out["samples"] = s.samples;
  out[over_name] = s.frames_over;
  out["max_frame"] = ValueOrNull(s.samples, s.max_frame);
  return out;
}

Json RunPart(const game::IkMetrics& metrics, bool ik_enabled, const RunFacts& facts) {
  constexpr double kMb = 1.0 / (1024.0 * 1024.0);
  Json out = Json::object();
  out["frames"] = metrics.frames();
  out["ik"] = ik_enabled;
  out["nan_frames"] = metrics.nan_frames();
  out["mover_penetration_frames"] = metrics.mover_penetration_frames();
  out["reached_goal"] = facts.reached_goal;
  out["goal_frame"] = facts.goal_frame >= 0 ? Json(facts.goal_frame) : Json(nullptr);
  out["respawns"] = facts.respawns;
  const game::FightStats& f = facts.fights;
  out["fights"] = {{"enemies", f.enemies},
                   {"enemies_defeated", f.enemies_defeated},
                   {"blows_dealt", f.blows_dealt},
                   {"blows_taken", f.blows_taken},
                   {"blocked_by_player", f.blocked_by_player},
                   {"blocked_by_enemies", f.blocked_by_enemies},
                   {"player_defeats", f.player_defeats}};
  const game::BodyContactStats& c = facts.contacts;
  out["fights"]["body_pairs_sampled"] = c.body_pairs_sampled;
  out["fights"]["body_overlap_max_m"] = ValueOrNull(static_cast<size_t>(c.body_pairs_sampled), c.body_overlap_max_m);
  out["fights"]["blade_in_body_max_steps"] =
      c.blade_pairs_sampled == 0 ? Json(nullptr) : Json(c.blade_in_body_max_steps);
  out["gems"] = {{"taken", facts.gems_taken}, {"total", facts.gems_total}};
  out["medal"] = facts.medal;
  out["memory_mb"] = {{"after_warm_up", Rounded(facts.rss_after_warm_up_bytes * kMb, 2)},
                      {"end_of_sim", Rounded(facts.rss_end_of_sim_bytes * kMb, 2)},
                      {"peak", Rounded(facts.rss_peak_bytes * kMb, 2)}};
  // The loop's wall time spans one frame interval fewer than the frames.
  const bool timed = facts.frames_drawn > 1 && facts.frame_loop_s > 0.0;
  out["real_time"] = {{"frames_drawn", facts.frames_drawn},
                      {"wall_s", Rounded(facts.wall_s, 3)},
                      {"game_s", Rounded(facts.play_time_s, 3)},
                      {"stalls_dropped_s", Rounded(facts.stalls_dropped_s, 3)},
                      {"fps", timed ? Json(Rounded((facts.frames_drawn - 1) / facts.frame_loop_s, 2)) : Json(nullptr)}};
  // Frame to frame (drawn ones): null with none timed, never 0.
  const bool frames_timed = facts.frames_timed > 0;
  out["real_time"]["median_frame_ms"] = frames_timed ? Json(Rounded(1000.0 * facts.median_frame_s, 2)) : Json(nullptr);
  out["real_time"]["p95_frame_ms"] = frames_timed ? Json(Rounded(1000.0 * facts.p95_frame_s, 2)) : Json(nullptr);
  return out;
}

}  // namespace

std::string MetricsJson(const game::IkMetrics& metrics, bool ik_enabled, const RunFacts& facts) {
  Json out = RunPart(metrics, ik_enabled, facts);
  out["foot_penetration_m"] = Stats(metrics.FootPenetration(), true, "frames_over_2cm");
  out["ladder_foot_penetration_m"] = Stats(metrics.LadderFootPenetration(), true, "frames_over_2cm");
  out["foot_ground_error_m"] = Stats(metrics.FootGroundError(), true, "frames_over_2cm");
  out["hand_rung_error_m"] = Stats(metrics.HandRungError(), true, "frames_over_2cm");
  out["foot_rung_error_m"] = Stats(metrics.FootRungError(), true, "frames_over_2cm");
  out["knee_reversed_deg"] = Stats(metrics.KneeReversed(), false, "frames_over_5deg");
  out["elbow_reversed_deg"] = Stats(metrics.ElbowReversed(), false, "frames_over_5deg");
  const game::SampleStats slide = metrics.FootSlide();
  out["foot_slide_m"] = {{"mean", ValueOrNull(slide.samples, slide.mean)},
                         {"max", ValueOrNull(slide.samples, slide.max)},
                         {"plants", slide.samples}};
  const game::SampleStats knee = metrics.KneeAngularSpeed();
  out["knee_angular_speed_deg_s"] = {{"p99", ValueOrNull(knee.samples, knee.p99, 3)},
                                     {"max", ValueOrNull(knee.samples, knee.max, 3)},
                                     {"samples", knee.samples},
                                     {"frames_over_1500deg_s", knee.frames_over},
                                     {"max_frame", ValueOrNull(knee.samples, knee.max_frame)}};
  out["knee_fold_deg"] = Stats(metrics.KneeFold(), true, "frames_over_172deg");
  out["elbow_fold_deg"] = Stats(metrics.ElbowFold(), true, "frames_over_172deg");
  out["pelvis_kink_m"] = Stats(metrics.PelvisKink(), true, "frames_over_4cm");
  out["pelvis_kink_m"]["teleports_left_out"] = metrics.teleports_left_out();
  out["sole_step_m"] = Stats(metrics.SoleStep(), true, "frames_over_25cm");
  out["sole_step_m"]["teleports_left_out"] = metrics.teleports_left_out();
  const game::SampleStats ik = metrics.IkTimeMs();
  out["timing_ms"] = {
      {"ik", {{"median", ValueOrNull(ik.samples, ik.median, 5)}, {"p95", ValueOrNull(ik.samples, ik.p95, 5)}}}};
  return out.dump(2) + "\n";
}

}  // namespace knights::app
