#include "platform/stop_signal.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>

namespace knights::platform {
namespace {

std::atomic<int> g_signal{0};
std::atomic<bool> g_ends_process{true};

void OnStopSignal(int signal_number) {
  g_signal.store(signal_number);
  if (g_ends_process.load()) {
    // Only async-signal-safe calls here: write and _exit.
    static const char kMessage[] = "knights: stopped by a signal while loading\n";
    [[maybe_unused]] const ssize_t written = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
    _exit(128 + signal_number);
  }
}

}  // namespace

void InstallStopSignals() {
  struct sigaction action {};
  action.sa_handler = &OnStopSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int StopSignal() { return g_signal.load(); }

void SetStopEndsProcess(bool ends_process) { g_ends_process.store(ends_process); }

}  // namespace knights::platform
