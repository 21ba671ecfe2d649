#include "knights/render/gl_object.h"

namespace knights::render {

GlBuffer CreateBuffer() {
  GLuint id = 0;
  glGenBuffers(1, &id);
  return GlBuffer(id);
}

GlVertexArray CreateVertexArray() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  return GlVertexArray(id);
}

GlTexture CreateTexture() {
  GLuint id = 0;
  glGenTextures(1, &id);
  return GlTexture(id);
}

GlFramebuffer CreateFramebuffer() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  return GlFramebuffer(id);
}

GlRenderbuffer CreateRenderbuffer() {
  GLuint id = 0;
  glGenRenderbuffers(1, &id);
  return GlRenderbuffer(id);
}

}  // namespace knights::render
