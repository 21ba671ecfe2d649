#include "knights/core/file_io.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace knights::core {
namespace {
std::string g_data_dir = ".";
}  // namespace

namespace {

Status TooLarge(const std::string& path, std::uintmax_t size, FileCap cap) {
  return Status::Error(path + ": " + std::to_string(size) + " bytes is more than " + cap.kind + " may have (" +
                       std::to_string(cap.max_bytes >> 20) + " MiB)");
}

}  // namespace

Expected<std::string> ReadTextFile(const std::string& path, FileCap cap) {
  // Checked before opening: opening a FIFO blocks until a writer comes,
  // and a device such as /dev/zero never ends.
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) return Status::Error(path + ": is a directory, not a file");
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    return Status::Error(path + ": not a regular file (a FIFO, socket or device)");
  }
  if (std::filesystem::exists(status)) {
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size > cap.max_bytes) return TooLarge(path, size, cap);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(path + ": cannot open file (" + std::strerror(errno) + ")");
  std::string contents;
  char block[1 << 16];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    contents.append(block, static_cast<size_t>(in.gcount()));
    if (contents.size() > cap.max_bytes) return TooLarge(path, contents.size(), cap);
  }
  if (in.bad()) return Status::Error(path + ": read error");
  return contents;
}

Expected<std::vector<uint8_t>> ReadBinaryFile(const std::string& path, FileCap cap) {
  auto text = ReadTextFile(path, cap);
  if (!text) return text.status();
  return std::vector<uint8_t>(text->begin(), text->end());
}

namespace {

// Writes all of `contents` to `fd`, then fsyncs it; errno on failure.
bool WriteAllAndSync(int fd, std::string_view contents) {
  while (!contents.empty()) {
    const ssize_t written = ::write(fd, contents.data(), contents.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    contents.remove_prefix(static_cast<size_t>(written));
  }
  return ::fsync(fd) == 0;
}

Status WriteFailed(const std::string& path, const char* step) {
  return Status::Error(path + ": cannot " + step + " (" + std::strerror(errno) + ")");
}

}  // namespace

Status WriteFileAtomically(const std::string& path, std::string_view contents) {
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return WriteFailed(path, "write");
  const bool written = WriteAllAndSync(fd, contents);
  const int write_errno = errno;
  if (::close(fd) != 0 || !written) {
    if (!written) errno = write_errno;
    Status failed = WriteFailed(path, "write");
    ::unlink(temp.c_str());
    return failed;
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    Status failed = WriteFailed(path, "replace the file");
    ::unlink(temp.c_str());
    return failed;
  }
  // The rename is in the folder's own data: without this a power loss may
  // bring back the old name.
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  const int dir_fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) return WriteFailed(path, "open its folder to sync it");
  const bool synced = ::fsync(dir_fd) == 0;
  ::close(dir_fd);
  return synced ? Status::Ok() : WriteFailed(path, "sync its folder");
}

bool SameFile(const std::string& a, const std::string& b) {
  struct stat sa {};
  struct stat sb {};
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

void SetDataDir(std::string dir) { g_data_dir = std::move(dir); }
const std::string& DataDir() { return g_data_dir; }

std::string DataPath(const std::string& relative) {
  std::filesystem::path p(relative);
  std::error_code ec;
  if (p.is_absolute()) return relative;
  const std::filesystem::path in_data = std::filesystem::path(g_data_dir) / p;
  if (std::filesystem::exists(in_data, ec) || !std::filesystem::exists(p, ec)) return in_data.string();
  return relative;
}

namespace {

// Whether `path` is `folder` or lies below it (both canonical).
bool IsInside(const std::filesystem::path& path, const std::filesystem::path& folder) {
  auto [folder_end, path_end] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return folder_end == folder.end();
}

// The data folder as written, made absolute.
std::filesystem::path DataFolder() {
  std::error_code ec;
  return std::filesystem::absolute(std::filesystem::path(g_data_dir.empty() ? "." : g_data_dir), ec).lexically_normal();
}

// The folders a data file may resolve into: the data folder, its assets/
// and its shaders/, each with symbolic links resolved.
std::vector<std::filesystem::path> DataRoots() {
  std::vector<std::filesystem::path> roots;
  const std::filesystem::path folder = DataFolder();
  for (const std::filesystem::path& root : {folder, folder / "assets", folder / "shaders"}) {
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::weakly_canonical(root, ec);
    if (!ec) roots.push_back(real);
  }
  return roots;
}

bool IsInsideDataRoots(const std::filesystem::path& real) {
  const std::vector<std::filesystem::path> roots = DataRoots();
  return std::any_of(roots.begin(), roots.end(), [&](const std::filesystem::path& r) { return IsInside(real, r); });
}

}  // namespace

Expected<std::string> ReadableDataPath(const std::string& relative) {
  namespace fs = std::filesystem;
  const std::string path = DataPath(relative);
  std::error_code ec;
  const fs::path absolute = fs::absolute(fs::path(path), ec).lexically_normal();
  if (!IsInside(absolute, DataFolder()) || !fs::exists(absolute, ec)) return path;
  const fs::path real = fs::canonical(absolute, ec);
  if (ec) return Status::Error(path + ": " + ec.message());
  if (IsInsideDataRoots(real)) return path;
  return Status::Error(path + ": lies outside the data folder " + fs::weakly_canonical(DataFolder(), ec).string() +
                       " (it resolves to " + real.string() + ")");
}

Expected<std::string> ResolveContainedPath(const std::string& referrer, const std::string& reference) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path referrer_folder = fs::absolute(fs::path(referrer), ec).parent_path();
  const fs::path data_folder = fs::absolute(fs::path(g_data_dir.empty() ? "." : g_data_dir), ec);
  const fs::path written(reference);
  fs::path found;
  for (const fs::path& candidate : written.is_absolute()
                                       ? std::vector<fs::path>{written}
                                       : std::vector<fs::path>{referrer_folder / written, data_folder / written}) {
    if (fs::exists(candidate, ec)) {
      found = candidate;
      break;
    }
  }
  if (found.empty()) return (written.is_absolute() ? written : data_folder / written).lexically_normal().string();
  const fs::path real = fs::canonical(found, ec);
  if (ec) return Status::Error(reference + ": " + ec.message());
  const fs::path real_referrer_folder = fs::weakly_canonical(referrer_folder, ec);
  const fs::path real_data_folder = fs::weakly_canonical(data_folder, ec);
  if (IsInside(real, real_referrer_folder) || IsInsideDataRoots(real)) return real.string();
  return Status::Error(reference + ": lies outside " + real_referrer_folder.string() + " and the data folder " +
                       real_data_folder.string() + " (a file may name only files in its own folder or the game's)");
}

}  // namespace knights::core
