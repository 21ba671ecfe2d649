#pragma once
// Whole-file reading and the data directory (where shaders/ and assets/ are).

#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"

namespace knights::core {

// The largest file any loader reads, bytes (the biggest asset is a few MiB).
inline constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{256} << 20;

// Reads a whole regular file of at most kMaxFileBytes; the error names the
// file and the reason (missing, a directory, a FIFO or device, too large).
Expected<std::string> ReadTextFile(const std::string& path);

// Reads a whole file as bytes; the error names the file and the reason.
Expected<std::vector<uint8_t>> ReadBinaryFile(const std::string& path);

// Sets the directory relative data paths are resolved against.
void SetDataDir(std::string dir);
const std::string& DataDir();

// `relative` resolved against the data directory; absolute paths and paths
// that exist relative to the working directory are returned unchanged.
std::string DataPath(const std::string& relative);

}  // namespace knights::core
