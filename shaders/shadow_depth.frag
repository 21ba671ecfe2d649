#version 330 core
// Depth-only pass into the shadow map: the depth is all that is written.
void main() {}
