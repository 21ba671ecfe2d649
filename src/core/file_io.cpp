#include "core/file_io.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

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

void SetDataDir(std::string dir) { g_data_dir = std::move(dir); }
const std::string& DataDir() { return g_data_dir; }

std::string DataPath(const std::string& relative) {
  std::filesystem::path p(relative);
  std::error_code ec;
  if (p.is_absolute() || std::filesystem::exists(p, ec)) return relative;
  return (std::filesystem::path(g_data_dir) / p).string();
}

namespace {

// Whether `path` is `folder` or lies below it (both canonical).
bool IsInside(const std::filesystem::path& path, const std::filesystem::path& folder) {
  auto [folder_end, path_end] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return folder_end == folder.end();
}

}  // namespace

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
  if (IsInside(real, real_referrer_folder) || IsInside(real, real_data_folder)) return real.string();
  return Status::Error(reference + ": lies outside " + real_referrer_folder.string() + " and the data folder " +
                       real_data_folder.string() + " (a file may name only files in its own folder or the game's)");
}

}  // namespace knights::core
