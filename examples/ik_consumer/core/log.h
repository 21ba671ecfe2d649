#pragma once
// The consumer's own core/log.h, with a name Knights also uses
// ("knights/core/log.h"): both live in one program.

#include <cstdio>

namespace consumer {

inline void Log(const char* line) { std::printf("%s\n", line); }

}  // namespace consumer
