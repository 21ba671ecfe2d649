#pragma once
// The process's resident memory, for the soak test's "no growth after
// warm-up" check and the performance notes. Linux: /proc/self/statm.

#include <cstdint>

namespace knights::core {

// Resident set size in bytes, or 0 where it cannot be read.
uint64_t ResidentMemoryBytes();
// Peak resident set size in bytes (VmHWM), or 0 where it cannot be read.
uint64_t PeakResidentMemoryBytes();
// Gives the pages of freed heap memory back to the system (glibc keeps them
// otherwise, and they count as resident); nothing elsewhere.
void ReturnFreedHeapMemory();

}  // namespace knights::core
