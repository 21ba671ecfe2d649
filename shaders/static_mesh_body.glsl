// Body of the static geometry's fragment stage, included by static_mesh.frag
// (every material) and static_mesh_distant.frag (KNIGHTS_DISTANT_ONLY: the
// background layers).
//
// The world's surfaces: vertex albedo times a procedural texture chosen by
// material (grass, earth strata, stone bricks, wood grain, rock, foliage),
// lit by the shadowed sun and the hemisphere ambient, then fogged.
// The textures are computed from the world position, so they need no UVs and
// line up across triangles; frequencies stay below ~8 per metre so they do
// not shimmer at the play distance (MSAA does not filter shading).

in vec3 v_position_ws;
in vec3 v_normal_ws;
in vec3 v_color;
flat in int v_material;
out vec4 frag_color;

uniform bool u_receive_shadows;  // false for the far background layers

#include "lighting.glsl"

// Materials: keep in sync with render::StaticMaterial.
const int kPlain = 0;
const int kGrass = 1;
const int kEarth = 2;
const int kStone = 3;
const int kWood = 4;
const int kRock = 5;
const int kFoliage = 6;
const int kEmissive = 7;
const int kDistant = 8;
const int kFlagstone = 9;

// Value noise (hash of lattice points, smooth interpolation).
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
float Fbm(vec2 p) {
  return 0.5 * Noise(p) + 0.3 * Noise(p * 2.03 + 17.0) + 0.2 * Noise(p * 4.01 + 31.0);
}

vec3 DistantAlbedo(vec3 base, vec3 p) {
  return base * (0.9 + 0.2 * Noise(p.xy * 0.15));
}

#ifndef KNIGHTS_DISTANT_ONLY
// Planar coordinates on the face's dominant axis (a cheap triplanar).
vec2 FaceUv(vec3 p, vec3 n) {
  vec3 a = abs(n);
  if (a.y >= a.x && a.y >= a.z) return p.xz;
  if (a.x >= a.z) return p.zy;
  return p.xy;
}

vec3 GrassAlbedo(vec3 base, vec3 p) {
  float patches = Noise(p.xz * 0.18);             // metre-scale meadow patches
  float tufts = Noise(p.xz * vec2(3.1, 5.3));     // tufts
  vec3 dry = vec3(0.30, 0.32, 0.10);
  vec3 c = mix(base, dry, smoothstep(0.55, 0.85, patches) * 0.5);
  c *= 0.78 + 0.36 * tufts;
  // Sparse small flowers (white and yellow dots, ~3 per square metre).
  vec2 cell = floor(p.xz * 2.0);
  vec2 in_cell = fract(p.xz * 2.0) - 0.5;
  float h = Hash(cell + 7.0);
  float flower = step(0.93, h) * (1.0 - smoothstep(0.06, 0.1, length(in_cell - (vec2(Hash(cell), Hash(cell + 3.0)) - 0.5) * 0.6)));
  c = mix(c, h > 0.965 ? vec3(0.9, 0.85, 0.7) : vec3(0.95, 0.72, 0.1), flower * 0.9);
  return c;
}

vec3 EarthAlbedo(vec3 base, vec3 p, vec3 n) {
  vec2 uv = FaceUv(p, n);
  // Strata: bands in y, warped along the face.
  float warp = Noise(uv * vec2(0.4, 0.9)) * 1.6;
  float band = Noise(vec2(0.0, p.y * 2.3 + warp));
  vec3 c = base * (0.72 + 0.5 * band);
  // Embedded stones.
  float stones = Noise(uv * 6.0 + 5.0);
  c = mix(c, vec3(0.11, 0.095, 0.08), smoothstep(0.8, 0.85, stones));
  return c;
}

vec3 StoneAlbedo(vec3 base, vec3 p, vec3 n) {
  vec2 uv = FaceUv(p, n) * vec2(2.0, 4.0);  // bricks 0.5 m x 0.25 m
  float row = floor(uv.y);
  uv.x += mod(row, 2.0) * 0.5;
  vec2 f = fract(uv);
  vec2 id = floor(uv);
  float mortar = smoothstep(0.0, 0.06, f.x) * smoothstep(1.0, 0.94, f.x) * smoothstep(0.0, 0.1, f.y) *
                 smoothstep(1.0, 0.9, f.y);
  float tone = 0.8 + 0.35 * Hash(id);
  return base * mix(0.45, tone * (0.9 + 0.15 * Noise(uv * 3.0)), mortar);
}

// How much of the flagstones' joints shows at p: all of it near the
// camera, fading to their average beyond 14 m (30 m: none), where 3 cm
// joints are under a pixel and would shimmer into moire.
float JointFade(vec3 p) {
  return clamp((length(p - u_eye_ws) - 14.0) / 16.0, 0.0, 1.0);
}

// Paving: flagstones about 0.6 x 0.5 m in rows along x, each row shifted
// by its own amount, each stone its own tone and wear, set in dark joints.
vec3 FlagstoneAlbedo(vec3 base, vec3 p, vec3 n) {
  vec2 uv = FaceUv(p, n) * vec2(1.7, 2.0);
  float row = floor(uv.y);
  uv.x += Hash(vec2(row, 11.0)) * 0.9;
  vec2 id = floor(uv);
  vec2 f = fract(uv);
  float joint = smoothstep(0.0, 0.05, f.x) * smoothstep(1.0, 0.95, f.x) * smoothstep(0.0, 0.06, f.y) *
                smoothstep(1.0, 0.94, f.y);
  float tone = 0.78 + 0.34 * Hash(id + 5.0);
  float wear = Noise(p.xz * 2.7 + id * 3.1);
  vec3 c = base * tone * (0.82 + 0.32 * wear);
  // A few stones greener or warmer than the rest.
  c *= mix(vec3(1.0), vec3(0.92, 1.02, 0.86), step(0.85, Hash(id + 17.0)));
  return mix(base * 0.32, c, mix(joint, 0.9, JointFade(p)));
}

vec3 WoodAlbedo(vec3 base, vec3 p, vec3 n) {
  vec2 uv = FaceUv(p, n);
  float grain = Noise(vec2(uv.x * 1.5 + uv.y * 0.3, uv.y * 14.0));
  return base * (0.75 + 0.45 * grain);
}

vec3 RockAlbedo(vec3 base, vec3 p, vec3 n) {
  vec2 uv = FaceUv(p, n);
  float f = Fbm(uv * 3.0);
  vec3 c = base * (0.7 + 0.6 * f);
  // Moss on top.
  return mix(c, vec3(0.16, 0.26, 0.08), smoothstep(0.55, 0.9, n.y) * smoothstep(0.45, 0.7, Fbm(uv * 1.7 + 9.0)));
}
#ifdef KNIGHTS_FAST_SHADING
// The fast variant's albedo: the vertex colour broken up by one value
// noise, finer on the play strip's materials than on the far ones.
// The meadow keeps its dry patches (the full recipe's lowest octave).
vec3 FastAlbedo(vec3 base, vec3 p, vec3 n) {
  if (v_material == kGrass) {
    float patches = Noise(p.xz * 0.18);
    return mix(base, vec3(0.30, 0.32, 0.10), smoothstep(0.55, 0.85, patches) * 0.5) * (0.85 + 0.3 * patches);
  }
  if (v_material == kFlagstone) {
    // The stones' joints without their tones: a grid of rows shifted by
    // halves, and the noise for wear.
    vec2 uv = FaceUv(p, n) * vec2(1.7, 2.0);
    uv.x += mod(floor(uv.y), 2.0) * 0.5;
    vec2 f = fract(uv);
    float joint = mix(step(0.05, f.x) * step(0.07, f.y), 0.9, JointFade(p));
    return base * mix(0.32, 0.8 + 0.4 * Noise(uv * 1.3), joint);
  }
  float scale = v_material == kDistant ? 0.15 : 3.0;
  return base * (0.8 + 0.4 * Noise(FaceUv(p, n) * scale));
}
#endif
#endif  // KNIGHTS_DISTANT_ONLY

void main() {
  vec3 n = normalize(v_normal_ws);
  if (!gl_FrontFacing) n = -n;
  vec3 p = v_position_ws;
#ifdef KNIGHTS_DISTANT_ONLY
  // The expressions the branches below give a kDistant or kPlain surface (the
  // castle silhouettes' roofs) that receives no shadow, term for term: the
  // pictures must not change. The material test is needed for kPlain, and
  // without it llvmpipe also fuses the noise's arithmetic differently, so a
  // few hundred background pixels came out one or two levels off
  // (tests/render/static_mesh_distant_test.cpp compares them exactly).
  vec3 albedo = v_color;
  if (v_material == kDistant) albedo = DistantAlbedo(v_color, p);
  float ndl = max(dot(n, u_sun_dir_ws), 0.0);
  float shadow = 1.0;
#else
  vec3 albedo = v_color;
  if (v_material == kEmissive) {
    frag_color = vec4(v_color, 1.0);
    return;
  }
#ifdef KNIGHTS_FAST_SHADING
  // One noise for every material (at its own scale) instead of each one's
  // own recipe: a software rasteriser runs every branch its pixels take, for
  // all of them. The patterns go; the surfaces keep their grain.
  if (v_material != kPlain) albedo = FastAlbedo(v_color, p, n);
#else
  if (v_material == kGrass) albedo = GrassAlbedo(v_color, p);
  else if (v_material == kEarth) albedo = EarthAlbedo(v_color, p, n);
  else if (v_material == kStone) albedo = StoneAlbedo(v_color, p, n);
  else if (v_material == kWood) albedo = WoodAlbedo(v_color, p, n);
  else if (v_material == kRock) albedo = RockAlbedo(v_color, p, n);
  else if (v_material == kFoliage) albedo = v_color * (0.75 + 0.45 * Noise(FaceUv(p, n) * 4.0));
  else if (v_material == kDistant) albedo = DistantAlbedo(v_color, p);
  else if (v_material == kFlagstone) albedo = FlagstoneAlbedo(v_color, p, n);
#endif

  float ndl = max(dot(n, u_sun_dir_ws), 0.0);
  // Foliage lets some light through (wrap lighting).
  if (v_material == kFoliage) ndl = max((dot(n, u_sun_dir_ws) + 0.4) / 1.4, 0.0);
  float shadow = u_receive_shadows ? SunShadow(p, n) : 1.0;
#endif
#ifdef KNIGHTS_DISTANT_ONLY
  vec3 color = albedo * (HemisphereAmbient(n) + u_sun_color * ndl * shadow);
#else
  vec3 color = albedo * (HemisphereAmbient(n) + u_sun_color * ndl * shadow + PointLights(p, n));
#endif
  frag_color = vec4(ApplyFog(color, p), 1.0);
}
