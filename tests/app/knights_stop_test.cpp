// How a run ends, end to end: a headless run without --frames goes to the
// goal and says so; SIGINT and SIGTERM end a run, in the frame loop or while
// loading, with the shell's exit codes 130 and 143 (the frame loop saving
// the settings first).

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_knights.h"

namespace knights {
namespace {

using test::RunKnights;
using test::RunResult;

std::string TempPath(const std::string& name) { return test::TempPath("knights_stop_", name); }

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Starts the game in the background, sends `signal_name` after `delay_s`
// and waits for it; `timeout` turns a hang into exit code 124.
RunResult RunAndSignal(const std::string& args, const std::string& signal_name, const std::string& delay_s) {
  return test::RunShell("timeout -s KILL 60 " + std::string(KNIGHTS_EXE) + " " + args + " 2>&1 & pid=$!; sleep " +
                        delay_s + "; kill -" + signal_name + " $pid; wait $pid");
}

TEST(KnightsStop, HeadlessWithoutFramesRunsToTheGoalAndSaysSo) {
  const RunResult r = RunKnights("--headless --level assets/levels/demo.json");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(Contains(r.output, "no --frames: runs to the goal, or 36000 steps at most")) << r.output;
  EXPECT_TRUE(Contains(r.output, "the goal was reached at step")) << r.output;
}

TEST(KnightsStop, SigintAndSigtermEndTheFrameLoopSavingTheSettings) {
  for (const auto& [signal_name, code] : {std::pair{"INT", 130}, std::pair{"TERM", 143}}) {
    const std::string config = TempPath(std::string(signal_name) + "_settings.json");
    std::filesystem::remove(config);
    // Long enough to be in the frame loop (loading takes about a second).
    const RunResult r = RunAndSignal("--headless --frames 10000000 --config " + config, signal_name, "3");
    EXPECT_EQ(r.exit_code, code) << signal_name << "\n" << r.output;
    const bool in_loop = Contains(r.output, "stopped by signal");
    const bool while_loading = Contains(r.output, "stopped by a signal while loading");
    EXPECT_TRUE(in_loop || while_loading) << signal_name << "\n" << r.output;
    if (in_loop) {
      EXPECT_TRUE(std::filesystem::exists(config)) << "settings not saved on " << signal_name;
    }
    std::filesystem::remove(config);
  }
}

// A signal while loading, sent when the game says it has read its first
// model (the loader's first "ASSET:" line; the player's, two NPC looks, the
// GL context and the level are still to come), so that where it lands
// depends on what the game has done, not on how fast a busy machine gets
// there. The run ends with 130 at once and says it stopped while loading.
TEST(KnightsStop, SigintWhileLoadingEndsTheProcessAtOnceWithOneLine) {
  const std::string fifo = TempPath("loading_fifo");
  std::filesystem::remove(fifo);
  const RunResult r =
      test::RunShell("mkfifo " + fifo + " && { timeout -s KILL 60 " + std::string(KNIGHTS_EXE) +
                     " --headless --frames 10000000 > " + fifo +
                     " 2>&1 & pid=$!; sent=; "
                     "while IFS= read -r line; do echo \"$line\"; "
                     "if [ -z \"$sent\" ] && [ \"${line#ASSET:}\" != \"$line\" ]; then kill -INT $pid; sent=1; fi; "
                     "done < " +
                     fifo + "; wait $pid; }");
  std::filesystem::remove(fifo);
  EXPECT_EQ(r.exit_code, 130) << r.output;
  EXPECT_TRUE(Contains(r.output, "stopped by a signal while loading")) << r.output;
  EXPECT_FALSE(Contains(r.output, "FRAME: first frame on screen")) << "it went on to the frame loop\n" << r.output;
}

}  // namespace
}  // namespace knights
