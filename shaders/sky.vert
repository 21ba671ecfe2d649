#version 330 core
// Full-screen triangle from gl_VertexID (no vertex buffer needed), with the
// world-space view ray of each corner for the fragment shader.
out vec2 v_ndc;      // normalised device coordinates of the pixel, [-1, 1]
out vec3 v_ray_ws;   // direction from the eye through the pixel (not unit)
uniform mat4 u_clip_to_world;  // inverse of the camera's view-projection
uniform vec3 u_eye_ws;
void main() {
  vec2 p = vec2((gl_VertexID == 1) ? 3.0 : -1.0, (gl_VertexID == 2) ? 3.0 : -1.0);
  v_ndc = p;
  vec4 far_ws = u_clip_to_world * vec4(p, 1.0, 1.0);
  v_ray_ws = far_ws.xyz / far_ws.w - u_eye_ws;
  gl_Position = vec4(p, 1.0, 1.0);  // on the far plane, behind everything
}
