#version 330 core
// The far background layers: the distant material only (and kPlain, the
// castle silhouettes' roofs), never shadowed (the layers lie outside the
// shadow map). The same arithmetic static_mesh.frag does for them, without
// the other materials and the shadow lookups, which a software rasteriser
// would run for every pixel anyway (it executes both sides of a branch for
// its SIMD lanes), and the layers cover half the screen.
#define KNIGHTS_DISTANT_ONLY 1
#include "static_mesh_body.glsl"
