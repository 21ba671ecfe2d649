#version 330 core
// Knights: base colour (texture x factor), sun + hemisphere ambient, a little
// Blinn-Phong specular on metal, and a rim light so they read against the
// background. Output is linear; the framebuffer converts to sRGB.

in vec3 v_position_ws;
in vec3 v_normal_ws;
in vec2 v_uv;
out vec4 frag_color;

uniform sampler2D u_base_color_texture;  // sRGB texture, sampled as linear
uniform bool u_has_texture;
uniform vec4 u_base_color;               // linear factor
uniform float u_metallic;                // 0..1
uniform float u_roughness;               // 0..1
uniform vec3 u_sun_dir_ws;               // unit, towards the sun
uniform vec3 u_sun_color;
uniform vec3 u_sky_color;                // hemisphere ambient from above
uniform vec3 u_ground_color;             // ... and from below
uniform vec3 u_eye_ws;
uniform vec3 u_tint;                     // highlight (e.g. the inspected knight)

void main() {
  vec4 base = u_base_color;
  if (u_has_texture) base *= texture(u_base_color_texture, v_uv);
  vec3 n = normalize(v_normal_ws);
  vec3 v = normalize(u_eye_ws - v_position_ws);
  float ndl = max(dot(n, u_sun_dir_ws), 0.0);
  vec3 ambient = mix(u_ground_color, u_sky_color, n.y * 0.5 + 0.5);
  vec3 h = normalize(u_sun_dir_ws + v);
  float shininess = mix(96.0, 8.0, u_roughness);
  float spec = pow(max(dot(n, h), 0.0), shininess) * mix(0.04, 0.6, u_metallic) * ndl;
  float rim = pow(1.0 - max(dot(n, v), 0.0), 3.0) * 0.35;
  vec3 color = base.rgb * (ambient + u_sun_color * ndl) + u_sun_color * spec + rim * u_sky_color + u_tint;
  frag_color = vec4(color, 1.0);
}
