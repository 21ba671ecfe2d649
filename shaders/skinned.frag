#version 330 core
// The knights: see skinned_body.glsl.
#include "skinned_body.glsl"
