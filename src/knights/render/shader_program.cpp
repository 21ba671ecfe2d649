#include "knights/render/shader_program.h"

#include <glm/gtc/type_ptr.hpp>

#include "knights/core/file_io.h"

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

core::Expected<std::string> ShaderProgram::ExpandIncludes(const std::string& source, const std::string& file) {
  return ExpandIncludes(source, file, 0);
}

core::Expected<std::string> ShaderProgram::ExpandIncludes(const std::string& source, const std::string& file,
                                                          int depth) {
  // GLSL 330 has no #include: a line `#include "NAME"` is replaced by the
  // text of shaders/NAME, itself expanded (a body shared by two variants
  // includes the lighting code), at most kMaxIncludeDepth deep (which also
  // stops a file including itself).
  if (depth > kMaxIncludeDepth) return core::Status::Error(file + ": #include nested too deeply (a cycle?)");
  std::string out;
  out.reserve(source.size());
  size_t line_start = 0;
  while (line_start < source.size()) {
    size_t line_end = source.find('\n', line_start);
    if (line_end == std::string::npos) line_end = source.size();
    const std::string_view line(source.data() + line_start, line_end - line_start);
    if (line.rfind("#include \"", 0) == 0) {
      const size_t close = line.find('"', 10);
      if (close == std::string_view::npos) return core::Status::Error(file + ": malformed #include line");
      const std::string name(line.substr(10, close - 10));
      auto path = core::ReadableDataPath("shaders/" + name);
      auto text = path ? core::ReadTextFile(*path) : core::Expected<std::string>(path.status());
      if (!text) return core::Status::Error(file + ": #include \"" + name + "\": " + text.status().message());
      auto expanded = ExpandIncludes(*text, "shaders/" + name, depth + 1);
      if (!expanded) return expanded.status();
      out += *expanded;
    } else {
      out.append(line);
      out += '\n';
    }
    line_start = line_end + 1;
  }
  return out;
}

core::Expected<ShaderProgram> ShaderProgram::Load(const std::string& path_without_extension) {
  return Load(path_without_extension, path_without_extension);
}

core::Expected<ShaderProgram> ShaderProgram::Load(const std::string& vertex_path_without_extension,
                                                  const std::string& fragment_path_without_extension) {
  const std::string vs_file = vertex_path_without_extension + ".vert";
  const std::string fs_file = fragment_path_without_extension + ".frag";
  const auto vs_path = core::ReadableDataPath(vs_file);
  if (!vs_path) return vs_path.status();
  const auto fs_path = core::ReadableDataPath(fs_file);
  if (!fs_path) return fs_path.status();
  auto vs = core::ReadTextFile(*vs_path);
  if (!vs) return vs.status();
  auto fs = core::ReadTextFile(*fs_path);
  if (!fs) return fs.status();
  auto vs_expanded = ExpandIncludes(*vs, vs_file);
  if (!vs_expanded) return vs_expanded.status();
  auto fs_expanded = ExpandIncludes(*fs, fs_file);
  if (!fs_expanded) return fs_expanded.status();
  const std::string name = vertex_path_without_extension == fragment_path_without_extension
                               ? vertex_path_without_extension
                               : vertex_path_without_extension + "+" + fragment_path_without_extension;
  return Build(name, *vs_expanded, *fs_expanded);
}

void ShaderProgram::BindUniformBlock(const char* name, GLuint binding) const {
  const GLuint index = glGetUniformBlockIndex(program_.id(), name);
  if (index != GL_INVALID_INDEX) glUniformBlockBinding(program_.id(), index, binding);
}

void ShaderProgram::Set(const char* name, const glm::mat4& m) const {
  glUniformMatrix4fv(Uniform(name), 1, GL_FALSE, glm::value_ptr(m));
}

}  // namespace knights::render
