// core::ReadTextFile reads regular files whole and refuses, with one line
// naming the file and the reason, what would hang or never end: a FIFO (its
// open blocks until a writer comes), a device such as /dev/zero, a
// directory, a missing file.

#include "core/file_io.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace knights::core {
namespace {

std::string TempPath(const char* name) { return std::string(::testing::TempDir()) + name; }

TEST(ReadTextFile, ReadsARegularFileWhole) {
  const std::string path = TempPath("knights_file_io.txt");
  std::ofstream(path, std::ios::binary) << "line one\nline two";
  const auto text = ReadTextFile(path);
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_EQ(*text, "line one\nline two");
  std::remove(path.c_str());
}

TEST(ReadTextFile, RefusesWhatIsNotARegularFile) {
  const std::string fifo = TempPath("knights_file_io.fifo");
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const auto from_fifo = ReadTextFile(fifo);  // would block in open() if it were opened
  ASSERT_FALSE(from_fifo.ok());
  EXPECT_EQ(from_fifo.status().message(), fifo + ": not a regular file (a FIFO, socket or device)");
  unlink(fifo.c_str());

  const auto from_device = ReadTextFile("/dev/zero");  // would never end
  ASSERT_FALSE(from_device.ok());
  EXPECT_EQ(from_device.status().message(), "/dev/zero: not a regular file (a FIFO, socket or device)");

  const auto from_directory = ReadTextFile(::testing::TempDir());
  ASSERT_FALSE(from_directory.ok());
  EXPECT_NE(from_directory.status().message().find("is a directory"), std::string::npos);

  const auto missing = ReadTextFile("/nonexistent/knights.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message().rfind("/nonexistent/knights.json: cannot open file (", 0), 0u);
}

}  // namespace
}  // namespace knights::core
