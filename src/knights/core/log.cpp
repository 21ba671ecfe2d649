#include "knights/core/log.h"

#include <cstdio>

#include "knights/core/one_line.h"

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
  // Formatted into a buffer longer than any line printed, then made one
  // line of at most kMaxMessageChars (a message may carry a file's text).
  char text[2 * kMaxMessageChars];
  const int head = std::snprintf(text, sizeof text, "%s%s: ", prefix, tag);
  va_list args;
  va_start(args, format);
  if (head >= 0 && static_cast<size_t>(head) < sizeof text)
    std::vsnprintf(text + head, sizeof text - head, format, args);
  va_end(args);
  std::fputs(OneLine(text).c_str(), out);
  std::fputc('\n', out);
  std::fflush(out);
}

}  // namespace knights::core
