#include "knights/render/post_pass.h"

namespace knights::render {

core::Expected<PostPass> PostPass::Create() {
  auto program = ShaderProgram::Load("shaders/post");
  if (!program) return program.status();
  auto fxaa = ShaderProgram::Load("shaders/post", "shaders/post_fxaa");
  if (!fxaa) return fxaa.status();
  auto fast = ShaderProgram::Load("shaders/post", "shaders/post_fast");
  if (!fast) return fast.status();
  auto fxaa_fast = ShaderProgram::Load("shaders/post", "shaders/post_fxaa_fast");
  if (!fxaa_fast) return fxaa_fast.status();
  PostPass pass;
  pass.program_ = std::move(*program);
  pass.fxaa_program_ = std::move(*fxaa);
  pass.fast_program_ = std::move(*fast);
  pass.fxaa_fast_program_ = std::move(*fxaa_fast);
  for (const ShaderProgram* p : {&pass.program_, &pass.fxaa_program_, &pass.fast_program_, &pass.fxaa_fast_program_}) {
    p->Use();
    p->Set("u_scene", 0);
  }
  pass.empty_vao_ = CreateVertexArray();
  return pass;
}

void PostPass::Draw(const PostParams& params) const {
  glViewport(0, 0, params.output_width_px, params.output_height_px);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glDisable(GL_FRAMEBUFFER_SRGB);  // the shader encodes sRGB itself
  const ShaderProgram& program =
      params.fast ? (params.fxaa ? fxaa_fast_program_ : fast_program_) : (params.fxaa ? fxaa_program_ : program_);
  program.Use();
  program.Set("u_scene_texel", glm::vec2(1.0f / static_cast<float>(params.scene_width_px),
                                         1.0f / static_cast<float>(params.scene_height_px)));
  program.Set("u_exposure", params.exposure);
  program.Set("u_vignette", params.vignette);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, params.scene_texture);
  glBindVertexArray(empty_vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace knights::render
