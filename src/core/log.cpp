#include "core/log.h"

#include <cstdio>

namespace knights::core {
namespace {
LogLevel g_level = LogLevel::kInfo;
}  // namespace

void SetLogLevel(LogLevel level) { g_level = level; }
LogLevel GetLogLevel() { return g_level; }

void Log(LogLevel level, const char* tag, const char* format, ...) {
  // A null format prints nothing. The check also tells gcc that format is
  // not null below: with -fsanitize=undefined its nonnull check leaves a
  // null path into vfprintf and -Wformat-overflow warned "null format string".
  if (level < g_level || level == LogLevel::kNone || format == nullptr) return;
  FILE* out = level >= LogLevel::kWarning ? stderr : stdout;
  const char* prefix = level == LogLevel::kWarning ? "WARNING: " : level == LogLevel::kError ? "ERROR: " : "";
  std::fprintf(out, "%s%s: ", prefix, tag);
  va_list args;
  va_start(args, format);
  std::vfprintf(out, format, args);
  va_end(args);
  std::fputc('\n', out);
  std::fflush(out);
}

}  // namespace knights::core
