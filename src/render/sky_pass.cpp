#include "render/sky_pass.h"

namespace knights::render {

core::Expected<SkyPass> SkyPass::Create() {
  auto program = ShaderProgram::Load("shaders/sky");
  if (!program) return program.status();
  SkyPass pass;
  pass.program_ = std::move(*program);
  pass.empty_vao_ = CreateVertexArray();
  return pass;
}

void SkyPass::Draw(const glm::vec3& horizon_color, const glm::vec3& zenith_color, const glm::vec2& sun_ndc) const {
  glDepthMask(GL_FALSE);
  glDepthFunc(GL_LEQUAL);
  program_.Use();
  program_.Set("u_horizon_color", horizon_color);
  program_.Set("u_zenith_color", zenith_color);
  program_.Set("u_sun_ndc", sun_ndc);
  glBindVertexArray(empty_vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
}

}  // namespace knights::render
