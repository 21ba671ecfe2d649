#include "core/file_io.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace knights::core {
namespace {
std::string g_data_dir = ".";
}  // namespace

Expected<std::string> ReadTextFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return Status::Error(path + ": is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) return Status::Error(path + ": read error");
  return contents.str();
}

Expected<std::vector<uint8_t>> ReadBinaryFile(const std::string& path) {
  auto text = ReadTextFile(path);
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

}  // namespace knights::core
