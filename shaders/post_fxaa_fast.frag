#version 330 core
// Tone map, FXAA and sRGB-encode the scene, the encoding from square roots
// (KNIGHTS_FAST_SHADING; SceneSettings::fast_shading): see post_body.glsl.
#define KNIGHTS_FXAA 1
#define KNIGHTS_FAST_SHADING 1
#include "post_body.glsl"
