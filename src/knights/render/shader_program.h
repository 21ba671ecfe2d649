#pragma once
// A linked GLSL 330 core program built from vertex and fragment source.
// Compile and link errors come back as one status line naming the shader.

#include <string>
#include <string_view>

#include <glm/glm.hpp>

#include "knights/core/status.h"
#include "knights/render/gl_object.h"

namespace knights::render {

class ShaderProgram {
 public:
  ShaderProgram() = default;

  // `name` identifies the program in error messages (e.g. "shaders/sky").
  static core::Expected<ShaderProgram> Build(std::string_view name, std::string_view vertex_source,
                                             std::string_view fragment_source);
  // Loads DIR/NAME.vert and DIR/NAME.frag from the data directory.
  // `#include "NAME"` lines are replaced by shaders/NAME (see ExpandIncludes).
  static core::Expected<ShaderProgram> Load(const std::string& path_without_extension);
  // Vertex and fragment stages from different files (e.g. a depth-only pass
  // reusing a vertex shader): VERTEX.vert and FRAGMENT.frag.
  static core::Expected<ShaderProgram> Load(const std::string& vertex_path_without_extension,
                                            const std::string& fragment_path_without_extension);
  // Replaces each line `#include "NAME"` of `source` by the text of
  // shaders/NAME from the data directory, expanded the same way (nested at
  // most kMaxIncludeDepth deep); `file` names `source` in errors.
  static core::Expected<std::string> ExpandIncludes(const std::string& source, const std::string& file);
  static constexpr int kMaxIncludeDepth = 4;

  bool valid() const { return program_.valid(); }
  void Use() const { glUseProgram(program_.id()); }
  GLint Uniform(const char* name) const { return glGetUniformLocation(program_.id(), name); }
  // Binds a uniform block of this program to a binding point (no-op if absent).
  void BindUniformBlock(const char* name, GLuint binding) const;

  void Set(const char* name, int value) const { glUniform1i(Uniform(name), value); }
  void Set(const char* name, float value) const { glUniform1f(Uniform(name), value); }
  void Set(const char* name, const glm::vec2& v) const { glUniform2f(Uniform(name), v.x, v.y); }
  void Set(const char* name, const glm::vec3& v) const { glUniform3f(Uniform(name), v.x, v.y, v.z); }
  void Set(const char* name, const glm::vec4& v) const { glUniform4f(Uniform(name), v.x, v.y, v.z, v.w); }
  void Set(const char* name, const glm::mat4& m) const;
  GLuint id() const { return program_.id(); }

 private:
  static core::Expected<std::string> ExpandIncludes(const std::string& source, const std::string& file, int depth);

  GlProgram program_;
};

}  // namespace knights::render
