#pragma once
// Shared by the fuzz targets: an invariant check that stays on in every build
// (assert() vanishes under NDEBUG) and aborts, so libFuzzer and the corpus
// replay both report the input that broke it.

#include <cstdio>
#include <cstdlib>

#define KNIGHTS_FUZZ_CHECK(condition)                                                             \
  do {                                                                                            \
    if (!(condition)) {                                                                           \
      std::fprintf(stderr, "%s:%d: fuzz invariant failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                               \
    }                                                                                             \
  } while (false)
