// SIGINT and SIGTERM end a load at once (exit 128 + the signal, one line),
// and are left to the frame loop while it runs; each case runs in a child
// process (a death test), which the signal ends.

#include "knights/platform/stop_signal.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>

namespace knights::platform {
namespace {

class StopSignalTest : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(StopSignalTest, ASignalWhileLoadingEndsTheProcessWithOneLine) {
  EXPECT_EXIT(
      {
        InstallStopSignals();
        SetStopEndsProcess(true);
        raise(SIGTERM);
        std::exit(0);  // not reached while the handler ends the process
      },
      ::testing::ExitedWithCode(143), "^knights: stopped by a signal while loading\n$");
}

TEST_F(StopSignalTest, TheFrameLoopSeesTheSignalAndTheProcessGoesOn) {
  EXPECT_EXIT(
      {
        InstallStopSignals();
        SetStopEndsProcess(false);
        raise(SIGINT);
        std::exit(StopSignal() == SIGINT ? 7 : 1);
      },
      ::testing::ExitedWithCode(7), "");
}

// The frame loop saw nothing yet when a level load starts: the signal that
// came meanwhile ends the process as the load begins, not after it.
TEST_F(StopSignalTest, ASignalNotYetPolledEndsTheNextLoadAtOnce) {
  EXPECT_EXIT(
      {
        InstallStopSignals();
        SetStopEndsProcess(false);
        raise(SIGINT);
        SetStopEndsProcess(true);
        std::exit(0);
      },
      ::testing::ExitedWithCode(130), "stopped by a signal while loading");
}

// A launcher that starts the game with the signals blocked (the mask is
// inherited across exec) does not keep them from it.
TEST_F(StopSignalTest, ASignalPendingWhileBlockedIsDeliveredOnceTheHandlersAreIn) {
  EXPECT_EXIT(
      {
        sigset_t term;
        sigemptyset(&term);
        sigaddset(&term, SIGTERM);
        pthread_sigmask(SIG_BLOCK, &term, nullptr);
        raise(SIGTERM);  // pending
        SetStopEndsProcess(true);
        InstallStopSignals();
        std::exit(0);
      },
      ::testing::ExitedWithCode(143), "stopped by a signal while loading");
}

}  // namespace
}  // namespace knights::platform
