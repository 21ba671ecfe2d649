#version 330 core
// The sky from the view ray: the horizon colour (= fog colour, so distant
// layers fade into it) rising to the zenith colour, a sun disc with a glow,
// and soft clouds on a plane high above the level (they move against the
// background as the camera scrolls: one more parallax layer).
in vec2 v_ndc;
in vec3 v_ray_ws;
out vec4 frag_color;
uniform vec3 u_horizon_color;  // away from the sun (the fog colour)
uniform vec3 u_sun_haze_color; // towards it
uniform vec3 u_zenith_color;
uniform vec3 u_sun_dir_ws;  // unit, towards the sun
uniform vec3 u_sun_color;
uniform vec3 u_eye_ws;
uniform vec3 u_cloud_color;  // the clouds' lit tops (white by day, pink at dusk)
uniform float u_horizon_exponent;  // the zenith's share is up^this (0.55 by day, lower at dusk)

float Hash(vec2 p) {
  p = fract(p * vec2(123.34, 456.21));
  p += dot(p, p + 45.32);
  return fract(p.x * p.y);
}
float Noise(vec2 p) {
  vec2 i = floor(p), f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(Hash(i), Hash(i + vec2(1, 0)), u.x), mix(Hash(i + vec2(0, 1)), Hash(i + vec2(1, 1)), u.x), u.y);
}

void main() {
  vec3 d = normalize(v_ray_ws);
  float up = max(d.y, 0.0);
  // The horizon's haze, golden towards the sun (lighting.glsl's FogColorAlong).
  float mu_h = max(dot(d, u_sun_dir_ws), 0.0);
  vec3 horizon = mix(u_horizon_color, u_sun_haze_color, mu_h * mu_h * mu_h);
  vec3 sky = mix(horizon, u_zenith_color, pow(up, u_horizon_exponent));
  // Below the horizon (only seen through gaps): the horizon haze.
  sky = d.y < 0.0 ? horizon * (1.0 + 0.3 * d.y) : sky;
  // Sun: disc plus a wide glow (the camera looks along -z; the sun sits
  // behind it, so only the glow near the top edge is usually seen).
  float mu = max(dot(d, u_sun_dir_ws), 0.0);
  sky += u_sun_color * (pow(mu, 800.0) * 4.0 + pow(mu, 12.0) * 0.15);
  // Clouds on the plane y = eye + 120 m.
  if (d.y > 0.02) {
    vec2 p = (u_eye_ws.xz + d.xz * (120.0 / d.y)) * 0.012;
    float c = 0.65 * Noise(p * vec2(1.0, 2.2)) + 0.35 * Noise(p * vec2(2.1, 4.6) + 3.0);
    float cover = smoothstep(0.48, 0.8, c) * smoothstep(0.02, 0.2, d.y);
    vec3 cloud = mix(horizon * 1.05, u_cloud_color * 1.1, smoothstep(0.5, 0.85, c));
    sky = mix(sky, cloud, cover * 0.85);
  }
  frag_color = vec4(sky, 1.0);
}
