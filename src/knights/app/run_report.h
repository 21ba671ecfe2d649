#pragma once
// What a run leaves behind besides the screen: screenshots (the key, at
// once; --screenshot's last frame, kept and encoded at shutdown once the GL
// side has released its memory) and the --metrics file, with the memory
// probes of the soak test's "no growth after warm-up" check.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "knights/asset/image.h"
#include "knights/core/status.h"
#include "knights/core/streaming_stats.h"
#include "knights/game/session/game_session.h"

namespace knights::app {

class RunReport {
 public:
  // Sim steps before the memory after warm-up is read (caches sized, first
  // frames drawn).
  static constexpr int kWarmUpSteps = 600;

  // Memory probes: at the end of the sim (before the last frame is drawn:
  // the driver allocates on the frames it draws, and this is about the
  // sim), and once the warm-up frame is drawn.
  void NoteEndOfSim();
  void NoteWarmedUp();
  // The frame loop: its start (where the game clock starts counting real
  // time), each frame's end, and whether it was drawn.
  void NoteLoopStart();
  void NoteFrame(bool drawn);
  // One line: frames drawn and the median and 95th percentile of the time
  // between consecutive drawn frames (what a player sees), or that none
  // were timed. Logged at exit.
  void LogFrameTimes() const;

  // The framebuffer now, written to `path` at once; false (the one-line
  // error printed) when it cannot be.
  static bool WriteScreenshotNow(const std::string& path, int width_px, int height_px);
  // The framebuffer now, kept for WriteKeptScreenshot.
  void KeepScreenshot(int width_px, int height_px);
  bool WriteKeptScreenshot(const std::string& path);  // true when none was kept
  static std::string TimestampedScreenshotName();     // knights_YYYYmmdd_HHMMSS.png

  // The session's IK metrics, the goal and respawns, and the memory probes.
  // stalls_dropped_s: real seconds the game clock dropped (stalls past its
  // catch-up, core::FixedStepClock::DroppedSeconds). ik_on: whether the IK
  // pass was on (the settings' master switch).
  core::Status WriteMetrics(const std::string& path, const game::GameSession& session, bool ik_on,
                            double stalls_dropped_s) const;

 private:
  uint64_t rss_after_warm_up_ = 0;
  int frames_drawn_ = 0;
  std::optional<std::chrono::steady_clock::time_point> loop_start_;       // the game clock's zero
  std::optional<std::chrono::steady_clock::time_point> first_frame_end_;  // the frame rate's start
  std::chrono::steady_clock::time_point last_frame_end_;
  bool last_frame_drawn_ = false;
  core::StreamingStats frame_s_;  // seconds from one drawn frame's end to the next one's
  uint64_t rss_end_of_sim_ = 0;
  std::optional<asset::Image> kept_screenshot_;
};

}  // namespace knights::app
