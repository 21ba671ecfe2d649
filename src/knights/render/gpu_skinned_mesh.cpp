#include "knights/render/gpu_skinned_mesh.h"

#include <cstddef>
#include <string>

#include "knights/render/texture_mipmaps.h"

namespace knights::render {

void SetSkinnedVertexLayout(const SkinnedVertexLocations& locations) {
  constexpr GLsizei kStride = sizeof(anim::SkinnedVertex);
  auto floats = [](int location, int count, size_t offset_bytes) {
    if (location < 0) return;
    glEnableVertexAttribArray(static_cast<GLuint>(location));
    glVertexAttribPointer(static_cast<GLuint>(location), count, GL_FLOAT, GL_FALSE, kStride,
                          reinterpret_cast<const void*>(offset_bytes));
  };
  floats(locations.position_ms, 3, offsetof(anim::SkinnedVertex, position_ms));
  floats(locations.normal_ms, 3, offsetof(anim::SkinnedVertex, normal_ms));
  floats(locations.uv, 2, offsetof(anim::SkinnedVertex, uv));
  if (locations.joints >= 0) {
    glEnableVertexAttribArray(static_cast<GLuint>(locations.joints));
    glVertexAttribIPointer(static_cast<GLuint>(locations.joints), 4, GL_UNSIGNED_BYTE, kStride,
                           reinterpret_cast<const void*>(offsetof(anim::SkinnedVertex, joints)));
  }
  floats(locations.weights, 4, offsetof(anim::SkinnedVertex, weights));
}

core::Status CheckTexturesFit(const anim::SkinnedMesh& mesh, int max_side_px) {
  for (const anim::TextureImage& image : mesh.textures) {
    if (image.width <= max_side_px && image.height <= max_side_px) continue;
    return core::Status::Error(image.name + ": texture is " + std::to_string(image.width) + "x" +
                               std::to_string(image.height) + " px, more than this OpenGL's GL_MAX_TEXTURE_SIZE of " +
                               std::to_string(max_side_px));
  }
  return core::Status::Ok();
}

int MaxTextureSidePx() {
  GLint max_side_px = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side_px);
  return max_side_px;
}

GpuSkinnedMesh GpuSkinnedMesh::Upload(const anim::SkinnedMesh& mesh) {
  GpuSkinnedMesh gpu;
  gpu.parts_ = mesh.parts;
  gpu.materials_ = mesh.materials;
  gpu.vao_ = CreateVertexArray();
  gpu.vertex_buffer_ = CreateBuffer();
  gpu.index_buffer_ = CreateBuffer();
  glBindVertexArray(gpu.vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, gpu.vertex_buffer_.id());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(anim::SkinnedVertex)),
               mesh.vertices.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gpu.index_buffer_.id());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(uint32_t)),
               mesh.indices.data(), GL_STATIC_DRAW);
  SetSkinnedVertexLayout();
  glBindVertexArray(0);

  for (const anim::TextureImage& image : mesh.textures) {
    GlTexture texture = CreateTexture();
    glBindTexture(GL_TEXTURE_2D, texture.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    // Rows are top to bottom and UVs have (0,0) at the top-left, so the
    // image's first row is uploaded at t = 0 and no flip is needed.
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 image.rgba.data());
    // The mip chain from the CPU (knights/render/texture_mipmaps.h says why).
    MipLevel level{image.width, image.height, {}};
    std::span<const uint8_t> above = image.rgba;
    for (int i = 1; level.width > 1 || level.height > 1; ++i) {
      level = DownsampleSrgbRgba8(above, level.width, level.height);
      glTexImage2D(GL_TEXTURE_2D, i, GL_SRGB8_ALPHA8, level.width, level.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   level.rgba.data());
      above = level.rgba;
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gpu.textures_.push_back(std::move(texture));
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  return gpu;
}

}  // namespace knights::render
