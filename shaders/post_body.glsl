// Body of the last pass (included by post.frag and post_fxaa.frag: FXAA is
// compiled in or out, not a uniform branch, because a software rasteriser
// runs both sides of a branch for its SIMD lanes). The last pass: the linear HDR scene (resolved from MSAA, at the render
// scale's size, bilinearly resampled to the window) -> exposure -> filmic
// tone map -> optional FXAA -> sRGB encoding -> the window's framebuffer.
in vec2 v_uv;
out vec4 frag_color;
uniform sampler2D u_scene;      // linear HDR colour, linear filtering
uniform vec2 u_scene_texel;     // 1 / scene size in pixels
uniform float u_exposure;       // multiplies the linear colour before tone mapping
uniform float u_vignette;       // 0: none; darkening of the corners

// ACES filmic curve fitted by Krzysztof Narkowicz ("ACES Filmic Tone Mapping
// Curve", 2016): a cheap approximation of the ACES RRT+ODT.
vec3 ToneMap(vec3 x) {
  x *= u_exposure;
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

vec3 SceneLdr(vec2 uv) { return ToneMap(texture(u_scene, uv).rgb); }

float Luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

#ifdef KNIGHTS_FAST_SHADING
// The sRGB transfer function from three square roots (a fit of
// c^(1/2.4) by I. Taylor), within half a level of the exact curve above
// 0.01: a software rasteriser pays for pow as a log and an exp per channel.
vec3 LinearToSrgb(vec3 c) {
  vec3 s1 = sqrt(max(c, 0.0));
  vec3 s2 = sqrt(s1);
  vec3 s3 = sqrt(s2);
  return clamp(0.585122381 * s1 + 0.783140355 * s2 - 0.368262736 * s3, 0.0, 1.0);
}
#else
// The exact sRGB transfer function (IEC 61966-2-1).
vec3 LinearToSrgb(vec3 c) {
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}
#endif

// FXAA in the spirit of Timothy Lottes' "FXAA 3.11" console variant: find
// the local luma contrast from four diagonal neighbours, estimate the edge
// direction from their gradients, and blend two or four taps along the edge.
// Run on tone-mapped values, where the eye judges the edges.
#ifdef KNIGHTS_FXAA
vec3 Fxaa(vec2 uv) {
  const float kReduceMin = 1.0 / 128.0;
  const float kReduceMul = 1.0 / 8.0;
  const float kSpanMax = 8.0;
  vec3 rgb_m = SceneLdr(uv);
  float nw = Luma(SceneLdr(uv + vec2(-1.0, -1.0) * u_scene_texel));
  float ne = Luma(SceneLdr(uv + vec2(1.0, -1.0) * u_scene_texel));
  float sw = Luma(SceneLdr(uv + vec2(-1.0, 1.0) * u_scene_texel));
  float se = Luma(SceneLdr(uv + vec2(1.0, 1.0) * u_scene_texel));
  float m = Luma(rgb_m);
  float luma_min = min(m, min(min(nw, ne), min(sw, se)));
  float luma_max = max(m, max(max(nw, ne), max(sw, se)));
  if (luma_max - luma_min < max(0.0312, luma_max * 0.125)) return rgb_m;  // no edge here
  vec2 dir = vec2(-((nw + ne) - (sw + se)), (nw + sw) - (ne + se));
  float reduce = max((nw + ne + sw + se) * 0.25 * kReduceMul, kReduceMin);
  float rcp_min = 1.0 / (min(abs(dir.x), abs(dir.y)) + reduce);
  dir = clamp(dir * rcp_min, vec2(-kSpanMax), vec2(kSpanMax)) * u_scene_texel;
  vec3 a = 0.5 * (SceneLdr(uv + dir * (1.0 / 3.0 - 0.5)) + SceneLdr(uv + dir * (2.0 / 3.0 - 0.5)));
  vec3 b = a * 0.5 + 0.25 * (SceneLdr(uv + dir * -0.5) + SceneLdr(uv + dir * 0.5));
  float luma_b = Luma(b);
  return (luma_b < luma_min || luma_b > luma_max) ? a : b;
}
#endif

// Grading, on the tone-mapped colour: a little more saturation, shadows
// pushed towards blue and lit midtones towards warm (split toning), so the
// warm key and the cool fill read apart; the brightest tones (clouds,
// glints) are left neutral, white stays white.
vec3 Grade(vec3 c) {
  float l = Luma(c);
  c = mix(vec3(l), c, 1.05);
  vec3 tone = mix(vec3(0.95, 0.99, 1.07), vec3(1.04, 1.0, 0.94), smoothstep(0.08, 0.5, l));
  c *= mix(tone, vec3(1.0), smoothstep(0.45, 0.7, l));
  return clamp(c, 0.0, 1.0);
}

void main() {
#ifdef KNIGHTS_FXAA
  vec3 c = Fxaa(v_uv);
#else
  vec3 c = SceneLdr(v_uv);
#endif
  c = Grade(c);
  vec2 q = v_uv - 0.5;
  c *= 1.0 - u_vignette * dot(q, q) * 2.0;
  frag_color = vec4(LinearToSrgb(c), 1.0);
}
