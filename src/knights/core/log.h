#pragma once
// Tagged log lines in the raylib style: "ASSET: [knight.glb] 37 joints".
// Info goes to stdout, warnings and errors to stderr.

#include <cstdarg>

namespace knights::core {

enum class LogLevel { kDebug, kInfo, kWarning, kError, kNone };

// Messages below this level are dropped (default kInfo).
void SetLogLevel(LogLevel level);
LogLevel GetLogLevel();

// printf-style; `tag` is a short upper-case subsystem name ("ASSET", "GL").
void Log(LogLevel level, const char* tag, const char* format, ...) __attribute__((format(printf, 3, 4)));

}  // namespace knights::core

#define KNIGHTS_LOG_INFO(tag, ...) ::knights::core::Log(::knights::core::LogLevel::kInfo, tag, __VA_ARGS__)
#define KNIGHTS_LOG_WARN(tag, ...) ::knights::core::Log(::knights::core::LogLevel::kWarning, tag, __VA_ARGS__)
#define KNIGHTS_LOG_ERROR(tag, ...) ::knights::core::Log(::knights::core::LogLevel::kError, tag, __VA_ARGS__)
