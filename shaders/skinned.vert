#version 330 core
// GPU linear blend skinning: each vertex is moved by up to four joints'
// palette matrices (model * inverse bind), weighted, then placed in the world.

layout(location = 0) in vec3 a_position_ms;  // bind pose, model space
layout(location = 1) in vec3 a_normal_ms;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uvec4 a_joints;
layout(location = 4) in vec4 a_weights;

const int kMaxJoints = 128;  // anim::Skeleton::kMaxJoints
layout(std140) uniform Palette {
  mat4 u_palette_ms[kMaxJoints];  // bind model space -> current model space
};

uniform mat4 u_model_to_world;  // the character's placement in the world
uniform mat4 u_view_proj;
uniform bool u_skinning;         // false: draw the bind pose

out vec3 v_position_ws;
out vec3 v_normal_ws;
out vec2 v_uv;

void main() {
  mat4 skin = mat4(1.0);
  if (u_skinning) {
    skin = a_weights.x * u_palette_ms[a_joints.x] + a_weights.y * u_palette_ms[a_joints.y] +
           a_weights.z * u_palette_ms[a_joints.z] + a_weights.w * u_palette_ms[a_joints.w];
  }
  mat4 model_to_world = u_model_to_world * skin;
  vec4 position_ws = model_to_world * vec4(a_position_ms, 1.0);
  v_position_ws = position_ws.xyz;
  // Palette matrices are rigid plus uniform scale, so the upper 3x3 transforms
  // normals correctly once renormalised.
  v_normal_ws = mat3(model_to_world) * a_normal_ms;
  v_uv = a_uv;
  gl_Position = u_view_proj * position_ws;
}
