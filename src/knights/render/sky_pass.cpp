#include "knights/render/sky_pass.h"

namespace knights::render {

core::Expected<SkyPass> SkyPass::Create() {
  auto program = ShaderProgram::Load("shaders/sky");
  if (!program) return program.status();
  SkyPass pass;
  pass.program_ = std::move(*program);
  pass.empty_vao_ = CreateVertexArray();
  return pass;
}

void SkyPass::Draw(const FrameView& view) const {
  glDepthMask(GL_FALSE);
  glDepthFunc(GL_LEQUAL);
  program_.Use();
  program_.Set("u_clip_to_world", glm::inverse(view.view_proj));
  program_.Set("u_eye_ws", view.eye_ws);
  program_.Set("u_horizon_color", view.light.fog_color);
  program_.Set("u_sun_haze_color", view.light.sun_haze_color);
  program_.Set("u_zenith_color", view.light.zenith_color);
  program_.Set("u_sun_dir_ws", view.light.sun_dir_ws);
  program_.Set("u_sun_color", view.light.sun_color);
  program_.Set("u_cloud_color", view.light.cloud_color);
  program_.Set("u_horizon_exponent", view.light.horizon_exponent);
  glBindVertexArray(empty_vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
}

}  // namespace knights::render
