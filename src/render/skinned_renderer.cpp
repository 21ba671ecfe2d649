#include "render/skinned_renderer.h"

#include <algorithm>

#include "anim/skeleton.h"

namespace knights::render {
namespace {
constexpr GLuint kPaletteBinding = 0;
constexpr size_t kPaletteBytes = sizeof(glm::mat4) * anim::Skeleton::kMaxJoints;
}  // namespace

core::Expected<SkinnedRenderer> SkinnedRenderer::Create() {
  auto program = ShaderProgram::Load("shaders/skinned");
  if (!program) return program.status();
  SkinnedRenderer renderer;
  renderer.program_ = std::move(*program);
  renderer.program_.BindUniformBlock("Palette", kPaletteBinding);
  renderer.program_.Use();
  renderer.program_.Set("u_base_color_texture", 0);
  renderer.palette_ubo_ = CreateBuffer();
  glBindBuffer(GL_UNIFORM_BUFFER, renderer.palette_ubo_.id());
  glBufferData(GL_UNIFORM_BUFFER, kPaletteBytes, nullptr, GL_DYNAMIC_DRAW);
  glBindBuffer(GL_UNIFORM_BUFFER, 0);
  return renderer;
}

void SkinnedRenderer::Draw(const FrameView& view, const SkinnedDrawDesc& desc) const {
  if (desc.mesh == nullptr) return;
  // std140 lays out a mat4 array as 64-byte elements, exactly glm::mat4.
  const size_t count = std::min<size_t>(desc.palette_ms.size(), anim::Skeleton::kMaxJoints);
  glBindBuffer(GL_UNIFORM_BUFFER, palette_ubo_.id());
  glBufferSubData(GL_UNIFORM_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(glm::mat4)), desc.palette_ms.data());
  glBindBufferBase(GL_UNIFORM_BUFFER, kPaletteBinding, palette_ubo_.id());

  program_.Use();
  program_.Set("u_model_to_world", desc.model_to_world);
  program_.Set("u_view_proj", view.view_proj);
  program_.Set("u_skinning", desc.skinning && count > 0 ? 1 : 0);
  program_.Set("u_sun_dir_ws", view.sun_dir_ws);
  program_.Set("u_sun_color", view.sun_color);
  program_.Set("u_sky_color", view.sky_color);
  program_.Set("u_ground_color", view.ground_color);
  program_.Set("u_eye_ws", view.eye_ws);
  program_.Set("u_tint", desc.tint);
  glBindVertexArray(desc.mesh->vao().id());
  glActiveTexture(GL_TEXTURE0);
  for (const anim::MeshPart& part : desc.mesh->parts()) {
    const anim::MeshMaterial& material = desc.mesh->materials()[part.material];
    program_.Set("u_base_color", material.base_color);
    program_.Set("u_metallic", material.metallic);
    program_.Set("u_roughness", material.roughness);
    const bool textured = material.base_color_texture >= 0;
    program_.Set("u_has_texture", textured ? 1 : 0);
    if (textured) glBindTexture(GL_TEXTURE_2D, desc.mesh->texture(material.base_color_texture));
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(part.index_count), GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(static_cast<size_t>(part.first_index) * sizeof(uint32_t)));
  }
  glBindVertexArray(0);
}

}  // namespace knights::render
