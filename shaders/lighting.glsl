// Shared lighting for the lit passes (static world and knights), included by
// ShaderProgram::Load. Everything is linear RGB; the post pass tone maps and
// encodes to sRGB.
//
// Sun: a directional light with a shadow map (orthographic, fitted to the
// play strip around the camera, texel-snapped: render/shadow_map.h).
// Ambient: a hemisphere light (sky colour from above, ground bounce from
// below). Fog: exponential in distance beyond a start distance, so the play
// strip stays crisp and the background layers fade into the horizon colour
// (coloured by the sun's direction, bluer with distance).

uniform vec3 u_sun_dir_ws;     // unit, towards the sun
uniform vec3 u_sun_color;      // linear RGB, already scaled by intensity
uniform vec3 u_sky_color;      // hemisphere ambient from above
uniform vec3 u_ground_color;   // ... and from below
uniform vec3 u_eye_ws;
uniform vec3 u_fog_color;      // linear RGB, the sky's horizon colour away from the sun
uniform vec3 u_sun_haze_color; // ... and towards it
uniform float u_fog_density;   // per metre
uniform float u_fog_start_m;   // no fog closer than this, metres

uniform sampler2DShadow u_shadow_map;  // depth, compare mode LEQUAL, linear filter (2x2 PCF per tap)
uniform mat4 u_world_to_shadow;        // world -> shadow map [0,1]^3 (bias matrix included)
uniform bool u_shadows;                // false: the sun is never occluded
uniform float u_shadow_texel_ws;       // size of one shadow map texel in world metres

// Torches (point lights, unshadowed): their flames, the nearest few to the
// camera's view (render::SceneLighting), none by day.
const int kMaxPointLights = 6;                  // render::SceneLighting::kMaxPointLights
const float kPointLightRangeM = 7.0;            // a torch lights nothing farther than this, metres
uniform int u_point_light_count;                // 0..kMaxPointLights
uniform vec3 u_point_light_ws[kMaxPointLights];  // the flames, world
uniform vec3 u_point_light_color;               // a flame's light on a surface facing it 1 m away

// KNIGHTS_FAST_SHADING (the software rasteriser's variants, *_fast.frag):
// one shadow tap instead of four; see SceneSettings::fast_shading.

// Fraction of sunlight that reaches p_ws (1 lit, 0 shadowed). 2x2 taps one
// texel apart, each a hardware-filtered 2x2 PCF lookup = a smooth 3x3 texel
// tent filter ("percentage-closer
// filtering", Reeves, Salesin and Cook, SIGGRAPH 1987). The receiver is
// pushed along its normal by about a texel (normal-offset shadows, Holbert
// 2011) so lit surfaces do not shadow themselves (acne).
float SunShadow(vec3 p_ws, vec3 n_ws) {
  if (!u_shadows) return 1.0;
  float ndl = dot(n_ws, u_sun_dir_ws);
  vec3 offset_ws = n_ws * u_shadow_texel_ws * (1.5 + 2.0 * (1.0 - clamp(ndl, 0.0, 1.0)));
  vec4 p_shadow = u_world_to_shadow * vec4(p_ws + offset_ws, 1.0);
  vec3 p = p_shadow.xyz / p_shadow.w;
  if (p.x <= 0.0 || p.x >= 1.0 || p.y <= 0.0 || p.y >= 1.0 || p.z >= 1.0) return 1.0;
  float z = p.z - 0.0005;
#ifdef KNIGHTS_FAST_SHADING
  // One hardware-filtered 2x2 lookup (a software rasteriser pays for every
  // tap on every pixel): harder edges, a quarter of the work.
  return texture(u_shadow_map, vec3(p.xy, z));
#else
  vec2 texel = vec2(1.0) / vec2(textureSize(u_shadow_map, 0));
  float sum = 0.0;
  sum += texture(u_shadow_map, vec3(p.xy + vec2(-0.5, -0.5) * texel, z));
  sum += texture(u_shadow_map, vec3(p.xy + vec2(0.5, -0.5) * texel, z));
  sum += texture(u_shadow_map, vec3(p.xy + vec2(-0.5, 0.5) * texel, z));
  sum += texture(u_shadow_map, vec3(p.xy + vec2(0.5, 0.5) * texel, z));
  return sum * 0.25;
#endif
}

// The torches' light at p_ws on a surface facing n_ws: Lambert, falling
// off as 1 / (1 + d^2) and windowed to nothing at kPointLightRangeM.
vec3 PointLights(vec3 p_ws, vec3 n_ws) {
  vec3 sum = vec3(0.0);
  const float range4 = kPointLightRangeM * kPointLightRangeM * kPointLightRangeM * kPointLightRangeM;
  for (int i = 0; i < u_point_light_count; ++i) {
    vec3 to_light = u_point_light_ws[i] - p_ws;
    float d2 = dot(to_light, to_light);
    float window = clamp(1.0 - d2 * d2 / range4, 0.0, 1.0);
    float ndl = max(dot(n_ws, to_light) * inversesqrt(max(d2, 1e-4)), 0.0);
    sum += u_point_light_color * (window * window * ndl / (1.0 + d2));
  }
  return sum;
}

vec3 HemisphereAmbient(vec3 n_ws) {
  return mix(u_ground_color, u_sky_color, n_ws.y * 0.5 + 0.5);
}

// The haze colour along a view direction: golden towards the sun, the fog
// colour away from it (sky.frag's horizon uses the same blend).
vec3 FogColorAlong(vec3 dir_ws) {
  float mu = max(dot(dir_ws, u_sun_dir_ws), 0.0);
  return mix(u_fog_color, u_sun_haze_color, mu * mu * mu);
}

// Aerial perspective: in-scattering grows with distance beyond the start,
// faster for blue than for red (short wavelengths scatter more), so what
// is far turns blue and loses contrast rather than greying out.
vec3 ApplyFog(vec3 color, vec3 p_ws) {
  vec3 to_p = p_ws - u_eye_ws;
  float d = max(length(to_p) - u_fog_start_m, 0.0);
  vec3 amount = 1.0 - exp(-u_fog_density * d * vec3(0.78, 1.0, 1.3));
  return mix(color, FogColorAlong(normalize(to_p)), amount);
}
