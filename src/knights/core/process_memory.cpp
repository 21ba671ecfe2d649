#include "knights/core/process_memory.h"

#include <cstdio>
#include <cstring>

#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace knights::core {

uint64_t ResidentMemoryBytes() {
  FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long size_pages = 0, resident_pages = 0;
  const int read = std::fscanf(f, "%lu %lu", &size_pages, &resident_pages);
  std::fclose(f);
  if (read != 2) return 0;
  return static_cast<uint64_t>(resident_pages) * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

uint64_t PeakResidentMemoryBytes() {
  FILE* f = std::fopen("/proc/self/status", "r");
  if (f == nullptr) return 0;
  char line[256];
  unsigned long kb = 0;
  while (std::fgets(line, sizeof(line), f) != nullptr) {
    if (std::strncmp(line, "VmHWM:", 6) == 0) {
      if (std::sscanf(line + 6, "%lu", &kb) != 1) kb = 0;
      break;
    }
  }
  std::fclose(f);
  return static_cast<uint64_t>(kb) * 1024;
}

void ReturnFreedHeapMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace knights::core
