// knights/app/startup_choices.h's DataDirFor: where the game reads its shaders and
// assets from, KNIGHTS_DATA_DIR first, then an installed layout beside the
// executable, then the repository, on scratch install trees.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "knights/app/startup_choices.h"
#include "run_knights.h"

namespace knights::app {
namespace {

namespace fs = std::filesystem;

// A fresh scratch folder, removed with the object.
struct ScratchDir {
  fs::path path = test::TempPath("knights_data_dir_", ::testing::UnitTest::GetInstance()->current_test_info()->name());
  ScratchDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

// Runs with `dir` as the working directory, restoring the old one after.
struct ScopedWorkingDir {
  fs::path old = fs::current_path();
  explicit ScopedWorkingDir(const fs::path& dir) { fs::current_path(dir); }
  ~ScopedWorkingDir() {
    std::error_code ignored;
    fs::current_path(old, ignored);
  }
};

TEST(DataDir, KnightsDataDirWinsOverAnInstall) {
  const ScratchDir prefix;
  fs::create_directories(prefix.path / "bin");
  fs::create_directories(prefix.path / "share/knights");
  EXPECT_EQ(DataDirFor("/somewhere/else", prefix.path / "bin"), "/somewhere/else");
}

TEST(DataDir, AnInstalledGameReadsShareKnightsBesideItsBin) {
  const ScratchDir prefix;
  fs::create_directories(prefix.path / "bin");
  fs::create_directories(prefix.path / "share/knights");
  const ScopedWorkingDir in_repository(KNIGHTS_SOURCE_DIR);  // the install still wins
  EXPECT_EQ(DataDirFor("", prefix.path / "bin"), (prefix.path / "share/knights").string());
}

TEST(DataDir, WithoutAnInstallTheRepositoryInTheWorkingDirectoryIsRead) {
  const ScratchDir prefix;
  fs::create_directories(prefix.path / "bin");  // no share/knights beside it: a build tree
  const ScopedWorkingDir in_repository(KNIGHTS_SOURCE_DIR);
  EXPECT_EQ(DataDirFor("", prefix.path / "bin"), ".");
  EXPECT_EQ(DataDirFor("", fs::path()), ".");  // the executable's folder unknown
}

TEST(DataDir, ElsewhereTheSourceTreeTheGameWasBuiltFromIsRead) {
  const ScratchDir elsewhere;
  fs::create_directories(elsewhere.path / "bin");
  const ScopedWorkingDir outside(elsewhere.path);
  EXPECT_EQ(DataDirFor("", elsewhere.path / "bin"), KNIGHTS_SOURCE_DIR);
}

}  // namespace
}  // namespace knights::app
