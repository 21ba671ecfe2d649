#version 330 core
// Terrain and props: vertex colour modulated by a procedural pattern (grass
// blades on up-facing surfaces, earth strata on the sides), sun + hemisphere
// ambient, distance fog.
in vec3 v_position_ws;
in vec3 v_normal_ws;
in vec3 v_color;
out vec4 frag_color;
uniform vec3 u_sun_dir_ws;
uniform vec3 u_sun_color;
uniform vec3 u_sky_color;
uniform vec3 u_ground_color;
uniform vec3 u_eye_ws;
uniform vec3 u_fog_color;
uniform float u_fog_density;  // per metre

float Hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }
float Noise(vec2 p) {
  vec2 i = floor(p), f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(Hash(i), Hash(i + vec2(1, 0)), u.x), mix(Hash(i + vec2(0, 1)), Hash(i + vec2(1, 1)), u.x), u.y);
}

void main() {
  vec3 n = normalize(v_normal_ws);
  float up = clamp(n.y, 0.0, 1.0);
  float pattern = mix(0.85 + 0.3 * Noise(v_position_ws.xy * vec2(1.5, 6.0)),          // strata on sides
                      0.8 + 0.4 * Noise(v_position_ws.xz * 3.0 + Noise(v_position_ws.xz)), up);
  vec3 base = v_color * pattern;
  float ndl = max(dot(n, u_sun_dir_ws), 0.0);
  vec3 ambient = mix(u_ground_color, u_sky_color, n.y * 0.5 + 0.5);
  vec3 color = base * (ambient + u_sun_color * ndl);
  float distance_m = length(u_eye_ws - v_position_ws);
  float fog = 1.0 - exp(-u_fog_density * distance_m);
  frag_color = vec4(mix(color, u_fog_color, fog), 1.0);
}
