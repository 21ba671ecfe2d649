#include "knights/app/run_report.h"

#include <cstdio>
#include <ctime>
#include <fstream>

#include "knights/app/metrics_json.h"
#include "knights/core/log.h"
#include "knights/core/one_line.h"
#include "knights/core/process_memory.h"
#include "knights/render/frame_capture.h"

namespace knights::app {
namespace {

// The window's framebuffer as an opaque image (the pixels are read straight
// into the image that is encoded).
asset::Image CaptureScreenshot(int width_px, int height_px) {
  asset::Image image;
  image.width = width_px;
  image.height = height_px;
  image.rgba = render::ReadPixelsTopDown(width_px, height_px);
  for (size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;  // opaque PNG
  return image;
}

bool WriteScreenshot(const std::string& path, const asset::Image& image) {
  if (core::Status s = asset::WritePng(path, image); !s.ok()) {
    core::PrintError(s.message());
    return false;
  }
  KNIGHTS_LOG_INFO("RENDER", "screenshot written to %s (%dx%d)", path.c_str(), image.width, image.height);
  return true;
}

}  // namespace

void RunReport::NoteEndOfSim() {
  if (rss_end_of_sim_ == 0) rss_end_of_sim_ = core::ResidentMemoryBytes();
}

void RunReport::NoteWarmedUp() { rss_after_warm_up_ = core::ResidentMemoryBytes(); }

bool RunReport::WriteScreenshotNow(const std::string& path, int width_px, int height_px) {
  return WriteScreenshot(path, CaptureScreenshot(width_px, height_px));
}

void RunReport::KeepScreenshot(int width_px, int height_px) {
  // The driver's shader compiler leaves megabytes of freed working memory in
  // the heap on a first frame: returned before the image's buffer is taken
  // (-6 MB of peak with a cold shader cache).
  core::ReturnFreedHeapMemory();
  kept_screenshot_ = CaptureScreenshot(width_px, height_px);
}

bool RunReport::WriteKeptScreenshot(const std::string& path) {
  if (!kept_screenshot_) return true;
  const bool written = WriteScreenshot(path, *kept_screenshot_);
  kept_screenshot_.reset();
  return written;
}

std::string RunReport::TimestampedScreenshotName() {
  char name[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(name, sizeof(name), "knights_%Y%m%d_%H%M%S.png", std::localtime(&now));
  return name;
}

void RunReport::NoteLoopStart() { loop_start_ = std::chrono::steady_clock::now(); }

void RunReport::NoteFrame(bool drawn) {
  const auto now = std::chrono::steady_clock::now();
  if (!first_frame_end_) first_frame_end_ = now;
  if (drawn && last_frame_drawn_) frame_s_.Add(std::chrono::duration<double>(now - last_frame_end_).count());
  last_frame_end_ = now;
  last_frame_drawn_ = drawn;
  if (drawn) ++frames_drawn_;
}

void RunReport::LogFrameTimes() const {
  if (frame_s_.count() == 0) {
    KNIGHTS_LOG_INFO("FRAME", "%d frames drawn, none timed", frames_drawn_);
    return;
  }
  const double median_ms = 1000.0 * frame_s_.Quantile(0.5);
  KNIGHTS_LOG_INFO("FRAME", "%d frames drawn: frame time median %.1f ms (%.1f fps), p95 %.1f ms", frames_drawn_,
                   median_ms, 1000.0 / median_ms, 1000.0 * frame_s_.Quantile(0.95));
}

core::Status RunReport::WriteMetrics(const std::string& path, const game::GameSession& session, bool ik_on,
                                     double stalls_dropped_s) const {
  RunFacts facts;
  facts.reached_goal = session.reached_goal();
  facts.goal_frame = session.reached_goal() ? session.goal_step() : -1;
  facts.respawns = session.player().controller.Respawns();
  facts.fights = session.fight_stats();
  facts.contacts = session.body_contacts();
  facts.gems_taken = session.collectibles().Taken();
  facts.gems_total = session.collectibles().Total();
  facts.medal = game::ToString(session.EarnedMedal());
  facts.rss_after_warm_up_bytes = static_cast<double>(rss_after_warm_up_);
  facts.rss_end_of_sim_bytes = static_cast<double>(rss_end_of_sim_);
  facts.rss_peak_bytes = static_cast<double>(core::PeakResidentMemoryBytes());
  facts.frames_drawn = frames_drawn_;
  facts.frames_timed = static_cast<int>(frame_s_.count());
  facts.median_frame_s = frame_s_.Quantile(0.5);
  facts.p95_frame_s = frame_s_.Quantile(0.95);
  if (first_frame_end_) facts.frame_loop_s = std::chrono::duration<double>(last_frame_end_ - *first_frame_end_).count();
  if (loop_start_ && first_frame_end_)
    facts.wall_s = std::chrono::duration<double>(last_frame_end_ - *loop_start_).count();
  facts.play_time_s = session.play_time_s();
  facts.stalls_dropped_s = stalls_dropped_s;
  std::ofstream out(path);
  out << MetricsJson(session.metrics(), ik_on, facts);
  out.flush();  // a full disk shows here, not in a destructor that cannot say so
  if (!out) return core::Status::Error(path + ": cannot write the metrics file");
  KNIGHTS_LOG_INFO("METRICS", "written to %s", path.c_str());
  return core::Status::Ok();
}

}  // namespace knights::app
