#pragma once
// The --metrics file: the IK measured from outside (game::IkMetrics, every
// field documented there and in docs/ik.md) and the run's facts, as JSON
// written with the JSON library. Distances in metres (6 decimals), speeds
// in degrees a second (3), times in milliseconds (5), memory in MB (2). A
// statistic with no samples is null with samples 0, never 0.

#include <string>

#include "knights/game/session/body_contacts.h"
#include "knights/game/session/fight_stats.h"
#include "knights/game/session/ik_metrics.h"

namespace knights::app {

// What the run itself reports next to the IK's statistics.
struct RunFacts {
  bool reached_goal = false;
  int goal_frame = -1;  // the sim step the player reached the goal; -1: never (null)
  int respawns = 0;     // the player's
  game::FightStats fights;
  game::BodyContactStats contacts;  // bodies and blades, measured up to the goal
  int gems_taken = 0;               // of gems_total, the level's collectibles
  int gems_total = 0;
  const char* medal = "none";  // the medal the time to the goal earned (game::ToString(Medal))
  // Resident memory after the first frames, at the end of the simulation,
  // and its peak, bytes.
  double rss_after_warm_up_bytes = 0.0;
  double rss_end_of_sim_bytes = 0.0;
  double rss_peak_bytes = 0.0;
  // Real time against game time: frames drawn; wall seconds from the frame
  // loop's start (where the game clock starts) to the last frame's end, and
  // game seconds played in them; seconds from the first drawn frame's end
  // to the last one's (the frame rate's span: one interval per frame after
  // the first).
  int frames_drawn = 0;
  double wall_s = 0.0;
  double frame_loop_s = 0.0;
  double play_time_s = 0.0;
  double stalls_dropped_s = 0.0;  // real seconds of stalls past the clock's catch-up, never played
  // Seconds from one drawn frame to the next: how many were timed, their
  // median and 95th percentile (meaningless when none were).
  int frames_timed = 0;
  double median_frame_s = 0.0;
  double p95_frame_s = 0.0;
};

std::string MetricsJson(const game::IkMetrics& metrics, bool ik_enabled, const RunFacts& facts);

}  // namespace knights::app
