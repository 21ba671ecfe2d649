#include "knights/render/skinned_renderer.h"

#include <algorithm>

#include "knights/anim/skeleton.h"

namespace knights::render {
namespace {
constexpr GLuint kPaletteBinding = 0;
constexpr size_t kPaletteBytes = sizeof(glm::mat4) * anim::Skeleton::kMaxJoints;
}  // namespace

core::Expected<SkinnedRenderer> SkinnedRenderer::Create() {
  auto program = ShaderProgram::Load("shaders/skinned");
  if (!program) return program.status();
  auto fast = ShaderProgram::Load("shaders/skinned", "shaders/skinned_fast");
  if (!fast) return fast.status();
  SkinnedRenderer renderer;
  renderer.program_ = std::move(*program);
  renderer.fast_program_ = std::move(*fast);
  for (const ShaderProgram* p : {&renderer.program_, &renderer.fast_program_}) {
    p->BindUniformBlock("Palette", kPaletteBinding);
    p->Use();
    p->Set("u_base_color_texture", 0);
  }
  return renderer;
}

void SkinnedRenderer::UploadPalette(int slot, std::span<const glm::mat4> palette_ms) {
  if (slot < 0) return;
  while (static_cast<int>(palette_ubos_.size()) <= slot) {
    GlBuffer ubo = CreateBuffer();
    glBindBuffer(GL_UNIFORM_BUFFER, ubo.id());
    glBufferData(GL_UNIFORM_BUFFER, kPaletteBytes, nullptr, GL_DYNAMIC_DRAW);
    palette_ubos_.push_back(std::move(ubo));
  }
  // std140 lays out a mat4 array as 64-byte elements, exactly glm::mat4.
  const size_t count = std::min<size_t>(palette_ms.size(), anim::Skeleton::kMaxJoints);
  if (count == 0) return;
  glBindBuffer(GL_UNIFORM_BUFFER, palette_ubos_[slot].id());
  glBufferSubData(GL_UNIFORM_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(glm::mat4)), palette_ms.data());
  glBindBuffer(GL_UNIFORM_BUFFER, 0);
}

void SkinnedRenderer::BindPalette(const SkinnedDrawDesc& desc, const ShaderProgram& program) const {
  // The block stays backed by a buffer even for the bind pose (an unbacked
  // active block is undefined behaviour).
  const bool has_slot = desc.palette_slot >= 0 && desc.palette_slot < static_cast<int>(palette_ubos_.size());
  if (has_slot) glBindBufferBase(GL_UNIFORM_BUFFER, kPaletteBinding, palette_ubos_[desc.palette_slot].id());
  program.Set("u_skinning", desc.skinning && has_slot && desc.palette_size > 0 ? 1 : 0);
  program.Set("u_model_to_world", desc.model_to_world);
}

void SkinnedRenderer::Draw(const FrameView& view, const SceneLighting& lighting, const SkinnedDrawDesc& desc) const {
  if (desc.mesh == nullptr) return;
  const ShaderProgram& program = lighting.fast_shading ? fast_program_ : program_;
  program.Use();
  BindPalette(desc, program);
  program.Set("u_view_proj", view.view_proj);
  program.Set("u_tint", desc.tint);
  program.Set("u_rim_strength", rim_strength);
  ApplyLighting(program_, view, lighting);
  glBindVertexArray(desc.mesh->vao().id());
  glActiveTexture(GL_TEXTURE0);
  for (const anim::MeshPart& part : desc.mesh->parts()) {
    const anim::MeshMaterial& material = desc.mesh->materials()[part.material];
    program.Set("u_base_color", material.base_color);
    program.Set("u_metallic", material.metallic);
    program.Set("u_roughness", material.roughness);
    const bool textured = material.base_color_texture >= 0;
    program.Set("u_has_texture", textured ? 1 : 0);
    if (textured) glBindTexture(GL_TEXTURE_2D, desc.mesh->texture(material.base_color_texture));
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(part.index_count), GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(static_cast<size_t>(part.first_index) * sizeof(uint32_t)));
  }
  glBindVertexArray(0);
}

void SkinnedRenderer::DrawDepth(const glm::mat4& light_view_proj, const SkinnedDrawDesc& desc) const {
  if (desc.mesh == nullptr) return;
  // The lit program, not a depth-only one: its vertex stage (the skinning)
  // is costly to compile on a software rasteriser, which compiles each
  // program's stages on their first draw (llvmpipe: ~0.15-0.2 s here on a
  // 2-core machine), so both passes share it. The shadow map has no colour
  // buffer, so the fragment stage's output is dropped, and the caller
  // unbinds the shadow map from its texture unit (no feedback loop).
  program_.Use();
  BindPalette(desc, program_);
  program_.Set("u_view_proj", light_view_proj);
  glBindVertexArray(desc.mesh->vao().id());
  // Every part in one call: the depth pass needs no material.
  uint32_t index_count = 0;
  for (const anim::MeshPart& part : desc.mesh->parts())
    index_count = std::max(index_count, part.first_index + part.index_count);
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(index_count), GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
}

}  // namespace knights::render
