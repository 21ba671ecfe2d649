#version 330 core
// Tone map, FXAA and sRGB-encode the scene: see post_body.glsl.
#define KNIGHTS_FXAA 1
#include "post_body.glsl"
