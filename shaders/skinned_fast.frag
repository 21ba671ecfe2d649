#version 330 core
// The knights for a software rasteriser: one shadow tap
// (KNIGHTS_FAST_SHADING; SceneSettings::fast_shading).
#define KNIGHTS_FAST_SHADING 1
#include "skinned_body.glsl"
