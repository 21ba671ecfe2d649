#pragma once
// A SkinnedMesh uploaded once to the GPU (one VAO, vertex and index buffers,
// sRGB textures with mipmaps). Many characters share one; each draws it with
// its own palette.

#include <span>
#include <vector>

#include "knights/anim/skinned_mesh.h"
#include "knights/core/status.h"
#include "knights/render/gl_object.h"

namespace knights::render {

// The vertex shader locations of anim::SkinnedVertex's attributes; -1: the
// shader does not read that one. The defaults are shaders/skinned.vert's.
struct SkinnedVertexLocations {
  int position_ms = 0;
  int normal_ms = 1;
  int uv = 2;
  int joints = 3;  // integer attribute (uvec4)
  int weights = 4;
};

// Points the bound vertex array's attributes at the anim::SkinnedVertex
// records of the bound GL_ARRAY_BUFFER.
void SetSkinnedVertexLayout(const SkinnedVertexLocations& locations = {});

// Refuses a texture wider or taller than `max_side_px` (the current GL's
// GL_MAX_TEXTURE_SIZE, MaxTextureSidePx), naming the texture, its size and
// the limit: glTexImage2D would fail and the knight would draw untextured.
core::Status CheckTexturesFit(const anim::SkinnedMesh& mesh, int max_side_px);

// GL_MAX_TEXTURE_SIZE of the current context, in pixels.
int MaxTextureSidePx();

class GpuSkinnedMesh {
 public:
  GpuSkinnedMesh() = default;
  // Uploads `mesh`; the CPU copy is not kept (the caller may keep it).
  static GpuSkinnedMesh Upload(const anim::SkinnedMesh& mesh);

  const GlVertexArray& vao() const { return vao_; }
  std::span<const anim::MeshPart> parts() const { return parts_; }
  std::span<const anim::MeshMaterial> materials() const { return materials_; }
  // GL texture of material texture index i.
  GLuint texture(int i) const { return textures_[i].id(); }

 private:
  GlVertexArray vao_;
  GlBuffer vertex_buffer_;
  GlBuffer index_buffer_;
  std::vector<GlTexture> textures_;
  std::vector<anim::MeshPart> parts_;
  std::vector<anim::MeshMaterial> materials_;
};

}  // namespace knights::render
