#version 330 core
// Static world geometry (terrain, platforms, ladders, props, background
// layers): already in world space, moving pieces offset by u_offset_ws. Also the vertex stage of the static
// shadow pass (u_view_proj is then the light's).
layout(location = 0) in vec3 a_position_ws;
layout(location = 1) in vec3 a_normal_ws;
layout(location = 2) in vec3 a_color;     // linear RGB albedo (baked ambient occlusion included)
layout(location = 3) in float a_material;  // render::StaticMaterial
uniform mat4 u_view_proj;
uniform vec3 u_offset_ws;  // a moving piece's placement (render::ChunkPlacement); 0 for the world
out vec3 v_position_ws;
out vec3 v_normal_ws;
out vec3 v_color;
flat out int v_material;
void main() {
  v_position_ws = a_position_ws + u_offset_ws;
  v_normal_ws = a_normal_ws;
  v_color = a_color;
  v_material = int(a_material + 0.5);
  gl_Position = u_view_proj * vec4(v_position_ws, 1.0);
}
