// The GL context and the glad loader in headless mode: a real OpenGL >= 3.3
// core context on SDL's offscreen driver, a shader that compiles, and a
// triangle drawn into a framebuffer that reads back the right colour.

#include <gtest/gtest.h>

#include <memory>

#include <glad/gl.h>

#include "knights/platform/window.h"

namespace knights::platform {
namespace {

class HeadlessGlTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const WindowDesc desc = WindowDesc::Headless(64, 64);
    WindowError error = WindowError::kNone;
    auto window = Window::Create(desc, &error);
    ASSERT_TRUE(window.ok()) << window.status().message();
    window_ = std::move(*window).release();
  }
  static void TearDownTestSuite() {
    delete window_;
    window_ = nullptr;
  }
  static Window* window_;
};
Window* HeadlessGlTest::window_ = nullptr;

GLuint CompileStage(GLenum stage, const char* source, std::string* log) {
  GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    char buffer[512] = {};
    glGetShaderInfoLog(shader, sizeof(buffer), nullptr, buffer);
    *log = buffer;
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

TEST_F(HeadlessGlTest, ContextIsCoreProfileAtLeast33) {
  ASSERT_NE(window_, nullptr);
  EXPECT_TRUE(window_->headless());
  EXPECT_GE(window_->gl_version(), 33);
  GLint major = 0, minor = 0, profile = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  EXPECT_GE(major * 10 + minor, 33);
  EXPECT_NE(profile & GL_CONTEXT_CORE_PROFILE_BIT, 0);
  EXPECT_EQ(GLAD_GL_VERSION_3_3, 1);
  // The loader resolved the 3.x entry points the renderer depends on.
  EXPECT_NE(glad_glGenVertexArrays, nullptr);
  EXPECT_NE(glad_glUniformBlockBinding, nullptr);
  EXPECT_NE(glad_glDrawElementsInstanced, nullptr);
}

TEST_F(HeadlessGlTest, BadShaderReportsCompileError) {
  ASSERT_NE(window_, nullptr);
  std::string log;
  EXPECT_EQ(CompileStage(GL_FRAGMENT_SHADER, "#version 330 core\nvoid main() { undefined_call(); }\n", &log), 0u);
  EXPECT_FALSE(log.empty());
}

TEST_F(HeadlessGlTest, TriangleDrawnIntoFramebufferReadsBackItsColour) {
  ASSERT_NE(window_, nullptr);
  constexpr int kSize = 32;
  GLuint texture = 0, fbo = 0, vao = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kSize, kSize, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));

  // A triangle covering the lower-left half of the target (below the x = y
  // diagonal in pixel space), drawn in a colour from a uniform.
  const char* vs =
      "#version 330 core\n"
      "void main() {\n"
      "  vec2 p[3] = vec2[3](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 1.0));\n"
      "  gl_Position = vec4(p[gl_VertexID], 0.0, 1.0);\n"
      "}\n";
  const char* fs =
      "#version 330 core\n"
      "uniform vec4 u_color;\n"
      "out vec4 frag_color;\n"
      "void main() { frag_color = u_color; }\n";
  std::string log;
  GLuint v = CompileStage(GL_VERTEX_SHADER, vs, &log);
  ASSERT_NE(v, 0u) << log;
  GLuint f = CompileStage(GL_FRAGMENT_SHADER, fs, &log);
  ASSERT_NE(f, 0u) << log;
  GLuint program = glCreateProgram();
  glAttachShader(program, v);
  glAttachShader(program, f);
  glLinkProgram(program);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  ASSERT_EQ(linked, GL_TRUE);

  glViewport(0, 0, kSize, kSize);
  glDisable(GL_DEPTH_TEST);
  glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glUseProgram(program);
  glUniform4f(glGetUniformLocation(program, "u_color"), 1.0f, 0.5f, 0.0f, 1.0f);
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glDrawArrays(GL_TRIANGLES, 0, 3);

  unsigned char inside[4] = {}, outside[4] = {};
  glReadPixels(kSize - 4, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, inside);   // below the diagonal
  glReadPixels(3, kSize - 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, outside);  // above it
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(inside[0], 255);
  EXPECT_NEAR(inside[1], 128, 1);
  EXPECT_EQ(inside[2], 0);
  EXPECT_EQ(outside[0], 0);
  EXPECT_EQ(outside[1], 0);
  EXPECT_EQ(outside[2], 255);

  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(program);
  glDeleteShader(v);
  glDeleteShader(f);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &texture);
}

}  // namespace
}  // namespace knights::platform
