// ShaderProgram::ExpandIncludes: #include lines are replaced by the named
// files from shaders/, nested files expanded too, and a cycle or a missing
// file is an error naming the file (no GL context needed).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "knights/core/file_io.h"
#include "knights/render/shader_program.h"

namespace knights::render {
namespace {

class ExpandIncludesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("knights_includes_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_ / "shaders");
    core::SetDataDir(dir_.string());
  }
  void TearDown() override {
    std::filesystem::remove_all(dir_);
    core::SetDataDir(KNIGHTS_SOURCE_DIR);
  }
  void Write(const std::string& name, const std::string& text) { std::ofstream(dir_ / "shaders" / name) << text; }
  std::filesystem::path dir_;
};

TEST_F(ExpandIncludesTest, NestedIncludesAreExpanded) {
  Write("test_outer.glsl", "// outer\n#include \"test_inner.glsl\"\nfloat Outer() { return Inner(); }\n");
  Write("test_inner.glsl", "float Inner() { return 1.0; }\n");
  auto text =
      ShaderProgram::ExpandIncludes("#version 330 core\n#include \"test_outer.glsl\"\nvoid main() {}\n", "test.frag");
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_EQ(*text,
            "#version 330 core\n// outer\nfloat Inner() { return 1.0; }\nfloat Outer() { return Inner(); }\n"
            "void main() {}\n");
}

TEST_F(ExpandIncludesTest, ACycleIsAnError) {
  Write("test_loop.glsl", "#include \"test_loop.glsl\"\n");
  auto text = ShaderProgram::ExpandIncludes("#include \"test_loop.glsl\"\n", "test.frag");
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.status().message().find("nested too deeply"), std::string::npos) << text.status().message();
}

TEST_F(ExpandIncludesTest, AMissingFileIsAnErrorNamingIt) {
  auto text = ShaderProgram::ExpandIncludes("#include \"test_absent.glsl\"\n", "test.frag");
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.status().message().find("test.frag"), std::string::npos) << text.status().message();
  EXPECT_NE(text.status().message().find("absent.glsl"), std::string::npos) << text.status().message();
}

TEST(ExpandIncludes, TheGamesStaticMeshBodyPullsInTheLighting) {
  core::SetDataDir(KNIGHTS_SOURCE_DIR);
  auto text = ShaderProgram::ExpandIncludes("#version 330 core\n#include \"static_mesh_body.glsl\"\n", "x.frag");
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_NE(text->find("float SunShadow("), std::string::npos);  // from lighting.glsl
  EXPECT_EQ(text->find("#include"), std::string::npos);
}

}  // namespace
}  // namespace knights::render
