#pragma once
// Cache prefetch hints for data a loop is about to work on: stepping many
// characters, each with a few kilobytes of pose buffers, the next
// character's buffers are requested while the current one is computed, so
// they arrive from L3 or memory in parallel instead of one miss at a time.
//
//   for (size_t i = 0; i < knights.size(); ++i) {
//     if (i + 1 < knights.size()) knights[i + 1].Prefetch();
//     knights[i].Step(...);
//   }
//
// A hint only: results never depend on it, and it is a no-op where the
// compiler has no prefetch builtin.

#include <cstddef>

namespace knights::core {

constexpr size_t kCacheLineBytes = 64;

// Requests the cache lines of [data, data + bytes), for writing (the
// buffers prefetched are read and written by the step).
inline void PrefetchBytes(const void* data, size_t bytes) {
#if defined(__GNUC__) || defined(__clang__)
  const char* p = static_cast<const char*>(data);
  for (size_t offset = 0; offset < bytes; offset += kCacheLineBytes) __builtin_prefetch(p + offset, 1, 3);
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace knights::core
