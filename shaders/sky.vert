#version 330 core
// Full-screen triangle from gl_VertexID (no vertex buffer needed).
out vec2 v_ndc;  // normalised device coordinates of the pixel, [-1, 1]
void main() {
  vec2 p = vec2((gl_VertexID == 1) ? 3.0 : -1.0, (gl_VertexID == 2) ? 3.0 : -1.0);
  v_ndc = p;
  gl_Position = vec4(p, 1.0, 1.0);  // on the far plane, behind everything
}
