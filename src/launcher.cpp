// Knights: the command players run. It makes SIGINT and SIGTERM end the
// game from its first instant, then becomes the game: knights-game, beside
// it, run in its place (execv) with the same arguments, process id and
// environment.
//
// Why a separate executable: a shell starts a background job with SIGINT
// ignored, an ignored signal is dropped rather than kept pending, and the
// game can install its own handlers (src/knights/platform/stop_signal.cpp, from its
// .preinit_array) only once the dynamic loader has loaded its 70 libraries:
// 5 ms on an idle machine, 80 ms on a busy one, during which a SIGINT was
// lost and the run went on to its last frame. This launcher is linked
// statically, so it runs its first line within microseconds of starting:
// there it puts both signals back to their default action, which ends the
// process at once, and the game's handlers take over from .preinit_array.

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>

#include <unistd.h>

int main(int /*argc*/, char** argv) {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  // The game lies beside this executable, wherever it is installed.
  constexpr char kGameName[] = "knights-game";
  char path[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", path, sizeof(path) - sizeof(kGameName) - 1);
  char* slash = nullptr;
  if (length > 0) {
    path[length] = '\0';
    slash = std::strrchr(path, '/');
  }
  if (slash == nullptr) {
    std::fprintf(stderr, "knights: /proc/self/exe: cannot find its own folder (%s)\n", std::strerror(errno));
    return 2;
  }
  std::memcpy(slash + 1, kGameName, sizeof(kGameName));
  execv(path, argv);
  std::fprintf(stderr, "knights: %s: cannot run the game (%s)\n", path, std::strerror(errno));
  return 2;
}
