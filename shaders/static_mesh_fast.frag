#version 330 core
// The world's surfaces for a software rasteriser: one noise for every
// material and one shadow tap (KNIGHTS_FAST_SHADING; SceneSettings::fast_shading).
#define KNIGHTS_FAST_SHADING 1
#include "static_mesh_body.glsl"
