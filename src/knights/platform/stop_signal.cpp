#include "knights/platform/stop_signal.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>

namespace knights::platform {
namespace {

std::atomic<int> g_signal{0};
std::atomic<bool> g_ends_process{true};

// Only async-signal-safe calls: write and _exit.
[[noreturn]] void EndWhileLoading(int signal_number) {
  static const char kMessage[] = "knights: stopped by a signal while loading\n";
  [[maybe_unused]] const ssize_t written = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  _exit(128 + signal_number);
}

void OnStopSignal(int signal_number) {
  g_signal.store(signal_number);
  if (g_ends_process.load()) EndWhileLoading(signal_number);
}

}  // namespace

// The executable's .preinit_array runs before any library's constructor and
// before main: a signal in the first milliseconds of start-up finds the
// handlers (until then, only while the dynamic loader maps the libraries,
// it has the default action and ends the process too).
[[gnu::used, gnu::section(".preinit_array")]] void (*const kInstallStopSignalsEarly)() = &InstallStopSignals;

void InstallStopSignals() {
  struct sigaction action {};
  action.sa_handler = &OnStopSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  // A launcher may start the game with them blocked (the mask is inherited
  // across exec): a signal pending since is delivered now.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_UNBLOCK, &stop_signals, nullptr);
}

int StopSignal() { return g_signal.load(); }

void SetStopEndsProcess(bool ends_process) {
  g_ends_process.store(ends_process);
  // A signal the frame loop has not polled yet ends a load at once too.
  if (const int signal_number = g_signal.load(); ends_process && signal_number != 0) EndWhileLoading(signal_number);
}

}  // namespace knights::platform
