#pragma once
// Move-only owners of OpenGL object names. No raw GLuint escapes src/render:
// everything else holds these, and the GL object dies with its owner.

#include <utility>

#include <glad/gl.h>

namespace knights::render {

// `Delete` frees one object name (e.g. glDeleteBuffers(1, &id)).
template <void (*Delete)(GLuint)>
class GlObject {
 public:
  GlObject() = default;
  explicit GlObject(GLuint id) : id_(id) {}
  ~GlObject() { Reset(); }
  GlObject(GlObject&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  GlObject& operator=(GlObject&& other) noexcept {
    if (this != &other) {
      Reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }
  GlObject(const GlObject&) = delete;
  GlObject& operator=(const GlObject&) = delete;

  GLuint id() const { return id_; }
  bool valid() const { return id_ != 0; }
  void Reset() {
    if (id_ != 0) Delete(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

namespace gl_delete {
inline void Buffer(GLuint id) { glDeleteBuffers(1, &id); }
inline void VertexArray(GLuint id) { glDeleteVertexArrays(1, &id); }
inline void Texture(GLuint id) { glDeleteTextures(1, &id); }
inline void Framebuffer(GLuint id) { glDeleteFramebuffers(1, &id); }
inline void Renderbuffer(GLuint id) { glDeleteRenderbuffers(1, &id); }
inline void Program(GLuint id) { glDeleteProgram(id); }
inline void Shader(GLuint id) { glDeleteShader(id); }
}  // namespace gl_delete

using GlBuffer = GlObject<gl_delete::Buffer>;
using GlVertexArray = GlObject<gl_delete::VertexArray>;
using GlTexture = GlObject<gl_delete::Texture>;
using GlFramebuffer = GlObject<gl_delete::Framebuffer>;
using GlRenderbuffer = GlObject<gl_delete::Renderbuffer>;
using GlProgram = GlObject<gl_delete::Program>;
using GlShader = GlObject<gl_delete::Shader>;

// Creation helpers (one object each).
GlBuffer CreateBuffer();
GlVertexArray CreateVertexArray();
GlTexture CreateTexture();
GlFramebuffer CreateFramebuffer();
GlRenderbuffer CreateRenderbuffer();

}  // namespace knights::render
