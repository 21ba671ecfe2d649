#pragma once
// Runs the knights executable as a user would, for the end-to-end tests of
// tests/app: its exit code and everything it printed.

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

namespace knights::test {

struct RunResult {
  int exit_code = -1;  // -1: it did not exit normally (or could not start)
  std::string output;  // stdout and stderr together
};

// Runs a shell command line; its exit code is the shell's.
inline RunResult RunShell(const std::string& command) {
  RunResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 512> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe) != nullptr) result.output += buffer.data();
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// Runs `KNIGHTS_EXE args`; `env` is prepended to the command line (e.g.
// "SDL_VIDEODRIVER=dummy").
inline RunResult RunKnights(const std::string& args, const std::string& env = "") {
  return RunShell(env + " " + std::string(KNIGHTS_EXE) + " " + args + " 2>&1");
}

// A file name in the temporary directory, unique to this process and test file.
inline std::string TempPath(const std::string& prefix, const std::string& name) {
  return (std::filesystem::temp_directory_path() / (prefix + std::to_string(getpid()) + "_" + name)).string();
}

}  // namespace knights::test
