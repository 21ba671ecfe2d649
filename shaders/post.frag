#version 330 core
// Tone map and sRGB-encode the scene (no FXAA): see post_body.glsl.
#include "post_body.glsl"
