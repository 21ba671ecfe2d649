#version 330 core
// Vertical sky gradient: horizon haze at the bottom to deep blue at the top,
// with a soft sun glow. Colours are linear; the framebuffer converts to sRGB.
in vec2 v_ndc;
out vec4 frag_color;
uniform vec3 u_horizon_color;
uniform vec3 u_zenith_color;
uniform vec2 u_sun_ndc;  // sun position on screen, NDC
void main() {
  float t = clamp(v_ndc.y * 0.5 + 0.5, 0.0, 1.0);
  vec3 sky = mix(u_horizon_color, u_zenith_color, pow(t, 0.8));
  float glow = exp(-6.0 * length(v_ndc - u_sun_ndc));
  sky += vec3(1.0, 0.85, 0.6) * glow * 0.6;
  frag_color = vec4(sky, 1.0);
}
