#pragma once
// SIGINT and SIGTERM end any run, loading included, within a second: the
// frame loop sees the signal and shuts down as on a quit (settings saved),
// with exit code 128 + the signal (130, 143). While the assets load nothing
// the player changed is lost, so a signal then ends the process at once.

namespace knights::platform {

// Installs the handlers and unblocks both signals (before SDL starts: SDL
// then keeps them). The executable also calls it before main.
void InstallStopSignals();

// The signal that asked the run to stop, or 0.
int StopSignal();

// While true (the default), a stop signal ends the process at once with
// 128 + the signal; the frame loop sets it false once it polls StopSignal,
// and true again around a load that blocks it (a signal that came since
// the last poll then ends the process at once).
void SetStopEndsProcess(bool ends_process);

}  // namespace knights::platform
