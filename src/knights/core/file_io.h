#pragma once
// Whole-file reading and the data directory (where shaders/ and assets/ are).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "knights/core/status.h"

namespace knights::core {

// The largest file of each kind a loader reads, bytes, and what the kind is
// called in messages. Each is many times the largest real file of its kind
// (docs/reliability.md lists them and why), and small enough that reading
// and parsing one stays within seconds and a few hundred MiB.
struct FileCap {
  std::uintmax_t max_bytes;
  const char* kind;
};
inline constexpr FileCap kAnyFileCap{std::uintmax_t{256} << 20, "a file"};
inline constexpr FileCap kLevelFileCap{std::uintmax_t{16} << 20, "a level file"};         // demo: 10 KiB
inline constexpr FileCap kCharacterFileCap{std::uintmax_t{1} << 20, "a character file"};  // knight: 2 KiB
inline constexpr FileCap kModelFileCap{std::uintmax_t{64} << 20, "a model (.glb)"};       // knight: 1.5 MiB
inline constexpr FileCap kSettingsFileCap{std::uintmax_t{1} << 20, "a settings file"};    // 1 MiB
inline constexpr FileCap kSoundFileCap{std::uintmax_t{8} << 20, "a sound (.wav)"};        // music loop: 0.7 MiB

// Reads a whole regular file of at most cap.max_bytes; the error names the
// file and the reason (missing, a directory, a FIFO or device, too large).
// The size is checked before reading and the read stops at the cap (a file
// that grows while read is refused too).
Expected<std::string> ReadTextFile(const std::string& path, FileCap cap = kAnyFileCap);

// Reads a whole file as bytes; the error names the file and the reason.
Expected<std::vector<uint8_t>> ReadBinaryFile(const std::string& path, FileCap cap = kAnyFileCap);

// Replaces `path` with `contents` so that a crash or power loss at any
// point leaves either the old file or the new one whole: written to
// "<path>.tmp.<pid>" in the same folder, flushed to the disk (fsync), renamed
// over `path`, then the folder itself fsynced so the rename lasts. The error
// names `path` and the step that failed; the temp file never stays behind.
Status WriteFileAtomically(const std::string& path, std::string_view contents);

// Whether `a` and `b` both exist and are one file: the same device and
// inode (symbolic links followed), so another name, a hard link or a link
// to a file counts as that file. False when either is missing.
bool SameFile(const std::string& a, const std::string& b);

// Sets the directory relative data paths are resolved against.
void SetDataDir(std::string dir);
const std::string& DataDir();

// `relative` resolved against the data directory when it is there (so
// KNIGHTS_DATA_DIR wins over a file of that name in the working
// directory), else as written when it exists relative to the working
// directory (a file named on the command line), else the data-directory
// path (opening it names what is missing). Absolute paths are returned
// unchanged.
std::string DataPath(const std::string& relative);

// DataPath, held inside the data folder: a path that lands in the data
// folder must, symbolic links resolved, end inside it, so a link in
// assets/ (a sound, a level of the title list, a character file, a shader)
// never makes the game read a file elsewhere. The data folder counts as
// resolved, and so do its assets/ and shaders/ (either may be a link, as
// in a packaging layout). A path that lands outside the data folder (named
// on the command line) is returned as DataPath gives it.
Expected<std::string> ReadableDataPath(const std::string& relative);

// The file `reference` names as written inside `referrer` (a character
// file's model): relative to the referrer's folder, else to the data
// directory, absolute paths as they are. The file it ends at, symbolic links
// resolved, must lie inside the referrer's folder or the data directory, so
// a file never makes the game read anywhere else; the error says which
// folders were allowed. A name that exists in neither place is returned as
// the data-directory path (opening it then names what is missing).
Expected<std::string> ResolveContainedPath(const std::string& referrer, const std::string& reference);

}  // namespace knights::core
