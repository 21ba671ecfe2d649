#pragma once
// The one SIMD switch. KNIGHTS_SIMD is 1 where SSE2 is there (every x86-64)
// and the build does not define KNIGHTS_NO_SIMD, which builds the portable
// paths instead: for other CPUs, and on x86 to test them (the nosimd build
// in CI). Code with an SSE path tests `#if KNIGHTS_SIMD` and nothing else.

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(KNIGHTS_NO_SIMD)
#define KNIGHTS_SIMD 1
#include <emmintrin.h>
#else
#define KNIGHTS_SIMD 0
#endif
