#version 330 core
// Debug lines are drawn straight into the window's framebuffer after the
// post pass (on top of everything, not tone mapped): encode the linear
// colour to sRGB here.
in vec4 v_color;
out vec4 frag_color;
void main() { frag_color = vec4(pow(clamp(v_color.rgb, 0.0, 1.0), vec3(1.0 / 2.2)), v_color.a); }
