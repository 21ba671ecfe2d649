#version 330 core
// Static world geometry (terrain, platforms, props): already in world space.
layout(location = 0) in vec3 a_position_ws;
layout(location = 1) in vec3 a_normal_ws;
layout(location = 2) in vec3 a_color;
uniform mat4 u_view_proj;
out vec3 v_position_ws;
out vec3 v_normal_ws;
out vec3 v_color;
void main() {
  v_position_ws = a_position_ws;
  v_normal_ws = a_normal_ws;
  v_color = a_color;
  gl_Position = u_view_proj * vec4(a_position_ws, 1.0);
}
