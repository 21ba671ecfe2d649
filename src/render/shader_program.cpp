#include "render/shader_program.h"

#include <glm/gtc/type_ptr.hpp>

#include "core/file_io.h"

namespace knights::render {
namespace {

// Compiles one stage; on failure returns the driver's log on one line.
core::Expected<GlShader> Compile(std::string_view name, GLenum stage, std::string_view source) {
  GlShader shader(glCreateShader(stage));
  const char* text = source.data();
  const GLint length = static_cast<GLint>(source.size());
  glShaderSource(shader.id(), 1, &text, &length);
  glCompileShader(shader.id());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    char log[1024] = {};
    glGetShaderInfoLog(shader.id(), sizeof(log), nullptr, log);
    std::string message(log);
    for (char& c : message) {
      if (c == '\n') c = ' ';
    }
    return core::Status::Error(std::string(name) + (stage == GL_VERTEX_SHADER ? ".vert" : ".frag") +
                               ": compile error: " + message);
  }
  return shader;
}

}  // namespace

core::Expected<ShaderProgram> ShaderProgram::Build(std::string_view name, std::string_view vertex_source,
                                                   std::string_view fragment_source) {
  auto vs = Compile(name, GL_VERTEX_SHADER, vertex_source);
  if (!vs) return vs.status();
  auto fs = Compile(name, GL_FRAGMENT_SHADER, fragment_source);
  if (!fs) return fs.status();
  ShaderProgram result;
  result.program_ = GlProgram(glCreateProgram());
  glAttachShader(result.program_.id(), vs->id());
  glAttachShader(result.program_.id(), fs->id());
  glLinkProgram(result.program_.id());
  GLint ok = GL_FALSE;
  glGetProgramiv(result.program_.id(), GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    char log[1024] = {};
    glGetProgramInfoLog(result.program_.id(), sizeof(log), nullptr, log);
    return core::Status::Error(std::string(name) + ": link error: " + log);
  }
  return result;
}

core::Expected<ShaderProgram> ShaderProgram::Load(const std::string& path_without_extension) {
  const std::string base = core::DataPath(path_without_extension);
  auto vs = core::ReadTextFile(base + ".vert");
  if (!vs) return vs.status();
  auto fs = core::ReadTextFile(base + ".frag");
  if (!fs) return fs.status();
  return Build(path_without_extension, *vs, *fs);
}

void ShaderProgram::BindUniformBlock(const char* name, GLuint binding) const {
  const GLuint index = glGetUniformBlockIndex(program_.id(), name);
  if (index != GL_INVALID_INDEX) glUniformBlockBinding(program_.id(), index, binding);
}

void ShaderProgram::Set(const char* name, const glm::mat4& m) const {
  glUniformMatrix4fv(Uniform(name), 1, GL_FALSE, glm::value_ptr(m));
}

}  // namespace knights::render
