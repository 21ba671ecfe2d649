// Body of the knights' fragment stage, included by skinned.frag and
// skinned_fast.frag (KNIGHTS_FAST_SHADING: one shadow tap).
// Knights: base colour (texture x factor), shadowed sun + hemisphere
// ambient, Blinn-Phong specular that grows with metalness (the armour
// glints, cloth does not), and a rim light from the sky so the silhouette
// reads against the background. Output is linear; the post pass tone maps.

in vec3 v_position_ws;
in vec3 v_normal_ws;
in vec2 v_uv;
out vec4 frag_color;

uniform sampler2D u_base_color_texture;  // sRGB texture, sampled as linear
uniform bool u_has_texture;
uniform vec4 u_base_color;               // linear factor
uniform float u_metallic;                // 0..1
uniform float u_roughness;               // 0..1
uniform vec3 u_tint;                     // highlight (e.g. the inspected knight)
uniform float u_rim_strength;            // 0: no rim light

#include "lighting.glsl"

void main() {
  vec4 base = u_base_color;
  if (u_has_texture) base *= texture(u_base_color_texture, v_uv);
  vec3 n = normalize(v_normal_ws);
  if (!gl_FrontFacing) n = -n;
  vec3 v = normalize(u_eye_ws - v_position_ws);
  float ndl = max(dot(n, u_sun_dir_ws), 0.0);
  float shadow = SunShadow(v_position_ws, n);
  vec3 h = normalize(u_sun_dir_ws + v);
  float shininess = mix(128.0, 8.0, u_roughness);
  // Normalised Blinn-Phong: (s + 8) / (8 pi) keeps the energy roughly constant.
  float spec_norm = (shininess + 8.0) / 25.13;
  float spec = pow(max(dot(n, h), 0.0), shininess) * spec_norm * mix(0.03, 0.35, u_metallic) * ndl * shadow;
  // Metals reflect the sky a little on their up-facing parts.
  vec3 env = HemisphereAmbient(reflect(-v, n)) * u_metallic * 0.35;
  float rim = pow(1.0 - max(dot(n, v), 0.0), 3.0) * u_rim_strength;
  vec3 diffuse = base.rgb * (1.0 - 0.5 * u_metallic);
  vec3 color = diffuse * (HemisphereAmbient(n) + u_sun_color * ndl * shadow + PointLights(v_position_ws, n)) +
               u_sun_color * spec + env * base.rgb +
               rim * (u_sky_color + vec3(0.15)) + u_tint;
  frag_color = vec4(ApplyFog(color, v_position_ws), 1.0);
}
