// knights_gpu_bench: GPU skinning of the knight's mesh, to compare with CPU
// skinning (BM_SkinningCpuKnight in knights_bench). Needs a GL 3.3 context:
// it opens a headless one (platform::Window, SDL's offscreen driver; on a
// machine without a GPU that is Mesa llvmpipe, a CPU rasteriser, so the
// "GPU" time is then CPU time on llvmpipe's threads).
//
// The work is the game's skinning (the palette upload and the vertex
// shader's linear blend skinning of positions and normals) and nothing else:
// each vertex is skinned once into a buffer with transform feedback, the
// rasteriser discarded. The benchmark's time is the wall time from issuing the
// commands to glFinish (what a frame waits for); the GL_TIME_ELAPSED query's
// value is a counter (meaningful on a GPU; llvmpipe reports near zero). The
// output is checked against anim::SkinningJob first.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <glad/gl.h>

#include "bench_util.h"
#include "knights/render/gpu_skinned_mesh.h"
#include "knights/anim/skinning_job.h"
#include "knights/platform/window.h"

namespace knights::bench {
namespace {

std::string VertexShader(int joints) {
  return "#version 330 core\n"
         "#define JOINTS " +
         std::to_string(joints) +
         "\n"
         R"(layout(location = 0) in vec3 a_position_ms;
layout(location = 1) in vec3 a_normal_ms;
layout(location = 2) in uvec4 a_joints;
layout(location = 3) in vec4 a_weights;
uniform mat4 u_palette_ms[JOINTS];
out vec4 v_position_ms;
out vec4 v_normal_ms;
void main() {
  mat4 m = a_weights.x * u_palette_ms[a_joints.x] + a_weights.y * u_palette_ms[a_joints.y] +
           a_weights.z * u_palette_ms[a_joints.z] + a_weights.w * u_palette_ms[a_joints.w];
  v_position_ms = m * vec4(a_position_ms, 1.0);
  v_normal_ms = m * vec4(a_normal_ms, 0.0);
  gl_Position = v_position_ms;
}
)";
}

GLuint Compile(GLenum type, const std::string& source) {
  const GLuint shader = glCreateShader(type);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(shader, sizeof(log), nullptr, log);
    Die(std::string("skinning shader: ") + log);
  }
  return shader;
}

// The GL objects of the skinning pass (created once; the process exits after
// the benchmarks, taking the context with it).
struct GpuSkinning {
  GLuint program = 0, vao = 0, vertices = 0, feedback = 0, query = 0;
  GLint palette_location = -1;
  GLsizei vertex_count = 0;

  void Init(const anim::SkinnedMesh& mesh, int joints) {
    const GLuint vs = Compile(GL_VERTEX_SHADER, VertexShader(joints));
    // A fragment shader is still required to link; nothing is rasterised.
    const GLuint fs = Compile(GL_FRAGMENT_SHADER, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
    program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    const char* varyings[] = {"v_position_ms", "v_normal_ms"};
    glTransformFeedbackVaryings(program, 2, varyings, GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(program);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) Die("skinning program does not link");
    palette_location = glGetUniformLocation(program, "u_palette_ms");

    vertex_count = static_cast<GLsizei>(mesh.vertices.size());
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vertices);
    glBindBuffer(GL_ARRAY_BUFFER, vertices);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(anim::SkinnedVertex)),
                 mesh.vertices.data(), GL_STATIC_DRAW);
    // This benchmark's shader: no texture coordinates.
    render::SetSkinnedVertexLayout({.position_ms = 0, .normal_ms = 1, .uv = -1, .joints = 2, .weights = 3});
    glGenBuffers(1, &feedback);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * 2 * sizeof(glm::vec4)),
                 nullptr, GL_DYNAMIC_COPY);
    glGenQueries(1, &query);
    glUseProgram(program);
    glEnable(GL_RASTERIZER_DISCARD);
  }

  // One frame's skinning: palette upload, then every vertex once.
  void Skin(std::span<const glm::mat4> palette_ms) const {
    glUniformMatrix4fv(palette_location, static_cast<GLsizei>(palette_ms.size()), GL_FALSE, &palette_ms[0][0][0]);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, vertex_count);
    glEndTransformFeedback();
  }
};

struct Fixture {
  std::unique_ptr<platform::Window> window;
  GpuSkinning gpu;
  std::vector<glm::mat4> palette_ms;
  double max_error_m = 0.0;  // GPU vs anim::SkinningJob positions
};

Fixture& GetFixture() {
  static Fixture* fixture = [] {
    auto* f = new Fixture;
    const platform::WindowDesc desc = platform::WindowDesc::Headless(64, 64);
    platform::WindowError error = platform::WindowError::kNone;
    auto window = platform::Window::Create(desc, &error);
    if (!window) Die(window.status().message());
    f->window = std::move(*window);
    const anim::SkinnedMesh& mesh = Assets().model.mesh;
    ReplayKnight knight(1);
    knight.Step();
    const auto palette = knight.knight().DrawState().palette_ms;
    f->palette_ms.assign(palette.begin(), palette.end());
    f->gpu.Init(mesh, static_cast<int>(f->palette_ms.size()));
    // Check the GPU's output against the CPU loop.
    f->gpu.Skin(f->palette_ms);
    std::vector<glm::vec4> gpu_out(mesh.vertices.size() * 2);
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, static_cast<GLsizeiptr>(gpu_out.size() * sizeof(glm::vec4)),
                       gpu_out.data());
    std::vector<glm::vec3> cpu(2 * mesh.vertices.size());
    anim::SkinningJob job;
    job.vertices = mesh.vertices;
    job.palette_ms = f->palette_ms;
    job.positions_normals_ms = cpu;
    if (!job.Run()) Die("CPU skinning refused the knight's mesh");
    for (size_t i = 0; i < mesh.vertices.size(); ++i) {
      f->max_error_m =
          std::max(f->max_error_m, static_cast<double>(glm::distance(glm::vec3(gpu_out[2 * i]), cpu[2 * i])));
    }
    if (f->max_error_m > 1e-4)
      Die("GPU skinning differs from the CPU loop by " + std::to_string(f->max_error_m) + " m");
    return f;
  }();
  return *fixture;
}

void BM_SkinningGpuKnight(benchmark::State& state) {
  Fixture& f = GetFixture();
  double gl_timer_s = 0.0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    glBeginQuery(GL_TIME_ELAPSED, f.gpu.query);
    f.gpu.Skin(f.palette_ms);
    glEndQuery(GL_TIME_ELAPSED);
    glFinish();
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    GLuint64 elapsed_ns = 0;
    glGetQueryObjectui64v(f.gpu.query, GL_QUERY_RESULT, &elapsed_ns);
    gl_timer_s += static_cast<double>(elapsed_ns) * 1e-9;
  }
  const double vertices = static_cast<double>(f.gpu.vertex_count);
  SetTimePer(state, "ns_per_vertex", vertices);
  state.counters["vertices"] = vertices;
  // The GL's own time for the commands (GL_TIME_ELAPSED). On a GPU this is
  // the skinning's GPU time; llvmpipe reports only its command submission
  // (tens of ns), so the benchmark's time is the wall time to glFinish.
  state.counters["gl_timer_us"] = gl_timer_s * 1e6 / static_cast<double>(state.iterations());
  state.counters["max_err_vs_cpu_m"] = f.max_error_m;
  state.SetLabel(reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
}
BENCHMARK(BM_SkinningGpuKnight)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace knights::bench
