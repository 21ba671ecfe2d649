#version 330 core
// The world's surfaces: every material, shadowed (shaders/static_mesh_body.glsl).
#include "static_mesh_body.glsl"
