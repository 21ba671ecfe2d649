// core::ReadTextFile reads regular files whole and refuses, with one line
// naming the file and the reason, what would hang or never end: a FIFO (its
// open blocks until a writer comes), a device such as /dev/zero, a
// directory, a missing file.

#include "knights/core/file_io.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
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

TEST(WriteFileAtomically, ReplacesTheFileWholeAndLeavesNoTempFile) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(::testing::TempDir()) / ("knights_atomic_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "settings.json").string();
  ASSERT_TRUE(WriteFileAtomically(path, "first").ok());
  ASSERT_TRUE(WriteFileAtomically(path, "second, longer").ok());
  EXPECT_EQ(ReadTextFile(path).value(), "second, longer");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  const Status missing = WriteFileAtomically((dir / "no/such/folder/x").string(), "x");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message().rfind((dir / "no/such/folder/x").string() + ": cannot write (", 0), 0u)
      << missing.message();
  fs::remove_all(dir);
}

// A folder tree for ResolveContainedPath: data/ (the data directory, with
// data/models/shared.glb), chars/ (the character file and its own
// hero.glb) and outside/secret.glb; restores the data directory after.
class ResolveContainedPathTest : public ::testing::Test {
 protected:
  void SetUp() override {
    namespace fs = std::filesystem;
    root_ = fs::path(::testing::TempDir()) / ("knights_contained_" + std::to_string(getpid()));
    fs::remove_all(root_);
    for (const char* folder : {"data/models", "chars", "outside"}) fs::create_directories(root_ / folder);
    for (const char* file : {"data/models/shared.glb", "chars/hero.glb", "chars/hero.json", "outside/secret.glb"}) {
      std::ofstream(root_ / file) << "x";
    }
    saved_data_dir_ = DataDir();
    SetDataDir((root_ / "data").string());
    referrer_ = (root_ / "chars/hero.json").string();
  }
  void TearDown() override {
    SetDataDir(saved_data_dir_);
    std::filesystem::remove_all(root_);
  }
  std::string Real(const char* relative) const { return std::filesystem::canonical(root_ / relative).string(); }

  std::filesystem::path root_;
  std::string saved_data_dir_;
  std::string referrer_;
};

TEST_F(ResolveContainedPathTest, FindsFilesBesideTheReferrerThenUnderTheDataFolder) {
  EXPECT_EQ(ResolveContainedPath(referrer_, "hero.glb").value(), Real("chars/hero.glb"));
  EXPECT_EQ(ResolveContainedPath(referrer_, "models/shared.glb").value(), Real("data/models/shared.glb"));
  EXPECT_EQ(ResolveContainedPath(referrer_, Real("chars/hero.glb")).value(), Real("chars/hero.glb"));
  EXPECT_EQ(ResolveContainedPath(referrer_, "../chars/hero.glb").value(), Real("chars/hero.glb"));
  // Missing everywhere: the data-folder path, for the loader to report.
  EXPECT_EQ(ResolveContainedPath(referrer_, "missing.glb").value(), (root_ / "data/missing.glb").string());
}

TEST_F(ResolveContainedPathTest, RefusesFilesOutsideBothFolders) {
  std::filesystem::create_symlink(root_ / "outside/secret.glb", root_ / "chars/link.glb");
  for (const std::string& reference : {std::string("../outside/secret.glb"), Real("outside/secret.glb"),
                                       std::string("/etc/passwd"), std::string("link.glb")}) {
    const auto resolved = ResolveContainedPath(referrer_, reference);
    ASSERT_FALSE(resolved.ok()) << reference << " -> " << resolved.value();
    EXPECT_EQ(resolved.status().message().rfind(reference + ": lies outside " + Real("chars"), 0), 0u)
        << resolved.status().message();
  }
}

// The tests run in the repository, which has assets/levels/demo.json: the
// data folder's own file of that name wins over it.
TEST_F(ResolveContainedPathTest, TheDataFolderWinsOverTheWorkingDirectory) {
  ASSERT_TRUE(std::filesystem::exists("assets/levels/demo.json"));
  std::filesystem::create_directories(root_ / "data/assets/levels");
  std::ofstream(root_ / "data/assets/levels/demo.json") << "{}";
  EXPECT_EQ(DataPath("assets/levels/demo.json"), (root_ / "data/assets/levels/demo.json").string());
  // Only in the working directory: a file named on the command line.
  EXPECT_EQ(DataPath("assets/levels/castle.json"), "assets/levels/castle.json");
}

// A sound linked to /etc/passwd had its first line printed in the error.
TEST_F(ResolveContainedPathTest, ADataFileLinkedOutOfTheDataFolderIsRefused) {
  std::filesystem::create_directories(root_ / "data/assets/sounds");
  std::filesystem::create_symlink(root_ / "outside/secret.glb", root_ / "data/assets/sounds/jump.wav");
  const auto linked = ReadableDataPath("assets/sounds/jump.wav");
  ASSERT_FALSE(linked.ok());
  EXPECT_EQ(linked.status().message().rfind(
                (root_ / "data/assets/sounds/jump.wav").string() + ": lies outside the data folder " + Real("data"), 0),
            0u)
      << linked.status().message();
  EXPECT_EQ(ReadableDataPath("models/shared.glb").value(), (root_ / "data/models/shared.glb").string());
}

// A packaging layout: the data folder's assets/ is a link to elsewhere.
TEST_F(ResolveContainedPathTest, ADataFolderWhoseAssetsIsALinkWorks) {
  for (const char* folder : {"elsewhere/characters", "elsewhere/models"})
    std::filesystem::create_directories(root_ / folder);
  std::ofstream(root_ / "elsewhere/characters/hero.json") << "{}";
  std::ofstream(root_ / "elsewhere/models/hero.glb") << "x";
  std::filesystem::create_symlink(root_ / "elsewhere", root_ / "data/assets");
  EXPECT_TRUE(ReadableDataPath("assets/characters/hero.json").ok());
  // Neither the character's folder nor the data folder itself holds it.
  const auto model =
      ResolveContainedPath((root_ / "data/assets/characters/hero.json").string(), "assets/models/hero.glb");
  ASSERT_TRUE(model.ok()) << model.status().message();
  EXPECT_EQ(*model, Real("elsewhere/models/hero.glb"));
}

}  // namespace
}  // namespace knights::core
