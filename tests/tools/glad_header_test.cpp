// Checks the generated loader third_party/glad (tools/gen_glad.py) without a
// GL context: the header compiles on its own from C++, selects the OpenGL 3.3
// core profile plus GL_KHR_debug, and gladLoadGL handles fake loaders (NULL
// for everything, and a scripted fake driver reporting a chosen version and
// extension list). Plain main() returning non-zero on failure; no GoogleTest.

#include <glad/gl.h>

// Included AFTER glad on purpose: glad defines these headers' include guards,
// so they must expand to nothing here. If they did not, their prototypes of
// glClear etc. would collide with glad's macros and this file would not build.
#if defined(__has_include)
#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#endif
#if __has_include(<GL/glext.h>)
#include <GL/glext.h>
#endif
#endif

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

// --- Compile-time checks of the header --------------------------------------
static_assert(sizeof(GLuint) == 4, "GLuint must be 32 bits");
static_assert(sizeof(GLint) == 4, "GLint must be 32 bits");
static_assert(sizeof(GLubyte) == 1, "GLubyte must be 8 bits");
static_assert(sizeof(GLushort) == 2, "GLushort must be 16 bits");
static_assert(sizeof(GLint64) == 8 && sizeof(GLuint64) == 8, "GLint64 must be 64 bits");
static_assert(sizeof(GLsizeiptr) == sizeof(void*), "GLsizeiptr must be pointer sized");
static_assert(sizeof(GLintptr) == sizeof(void*), "GLintptr must be pointer sized");
static_assert(std::is_signed_v<GLsizeiptr> && std::is_signed_v<GLintptr>, "khronos ssize/intptr are signed");
static_assert(std::is_same_v<GLfloat, float> && std::is_same_v<GLdouble, double>, "GL float types");
static_assert(GLAD_MAKE_VERSION(3, 3) == 30003, "version encoding is major * 10000 + minor");
static_assert(GLAD_VERSION_MAJOR(40006) == 4 && GLAD_VERSION_MINOR(40006) == 6, "version decoding");
static_assert(GL_INVALID_INDEX == 0xFFFFFFFFu, "GL_INVALID_INDEX keeps its unsigned suffix");
static_assert(GL_TIMEOUT_IGNORED == 0xFFFFFFFFFFFFFFFFull, "GL_TIMEOUT_IGNORED is 64-bit");

// Core profile: compatibility-only names were removed by <remove profile="core">.
#if defined(glBegin) || defined(GL_QUADS) || defined(glMatrixMode) || defined(GL_LIGHTING)
#error "compatibility-profile names leaked into the core-profile header"
#endif
// 3.0..3.3 additions are present.
#if !defined(glGenVertexArrays) || !defined(glUniformBlockBinding) || !defined(glDrawElementsInstanced) || \
    !defined(glTexImage2DMultisample) || !defined(glVertexAttribDivisor) || !defined(GL_NUM_EXTENSIONS)
#error "OpenGL 3.x core names are missing"
#endif
// GL_KHR_debug in its desktop (un-suffixed) form only.
#if !defined(glDebugMessageCallback) || !defined(glObjectLabel) || !defined(GL_DEBUG_OUTPUT) || \
    !defined(GL_DEBUG_SEVERITY_HIGH) || !defined(GL_KHR_debug)
#error "GL_KHR_debug names are missing"
#endif
#if defined(glDebugMessageCallbackKHR) || defined(GL_DEBUG_OUTPUT_KHR)
#error "GLES-only KHR-suffixed names leaked into the desktop header"
#endif

namespace {

int g_failures = 0;

void Check(bool ok, const char* what, int line) {
  if (!ok) {
    std::fprintf(stderr, "glad_header_test.cpp:%d: FAILED: %s\n", line, what);
    ++g_failures;
  }
}
#define CHECK(expr) Check((expr), #expr, __LINE__)

// --- A scripted fake driver --------------------------------------------------
// What the fake context reports; set by each case before gladLoadGL.
struct FakeDriver {
  const char* version = nullptr;        // glGetString(GL_VERSION), may be NULL
  std::vector<const char*> extensions;  // glGetStringi(GL_EXTENSIONS, i)
  bool provide_get_string = true;       // false: loader returns NULL for it
  std::set<std::string> requested;      // every name the loader was asked for
};
FakeDriver g_driver;

const GLubyte* APIENTRY FakeGetString(GLenum name) {
  return name == GL_VERSION ? reinterpret_cast<const GLubyte*>(g_driver.version) : nullptr;
}

void APIENTRY FakeGetIntegerv(GLenum name, GLint* data) {
  if (name == GL_NUM_EXTENSIONS) *data = static_cast<GLint>(g_driver.extensions.size());
}

const GLubyte* APIENTRY FakeGetStringi(GLenum name, GLuint index) {
  if (name != GL_EXTENSIONS || index >= g_driver.extensions.size()) return nullptr;
  return reinterpret_cast<const GLubyte*>(g_driver.extensions[index]);
}

// Stands in for every other entry point; the loader only stores it.
void FakeAnything(void) {}

GLADapiproc FakeLoad(const char* name) {
  g_driver.requested.insert(name);
  if (std::strcmp(name, "glGetString") == 0) {
    return g_driver.provide_get_string ? reinterpret_cast<GLADapiproc>(&FakeGetString) : nullptr;
  }
  if (std::strcmp(name, "glGetIntegerv") == 0) return reinterpret_cast<GLADapiproc>(&FakeGetIntegerv);
  if (std::strcmp(name, "glGetStringi") == 0) return reinterpret_cast<GLADapiproc>(&FakeGetStringi);
  return &FakeAnything;
}

GLADapiproc NullLoad(const char* name) {
  g_driver.requested.insert(name);
  return nullptr;
}

int LoadWith(const char* version, std::vector<const char*> extensions) {
  g_driver = FakeDriver{};
  g_driver.version = version;
  g_driver.extensions = std::move(extensions);
  return gladLoadGL(&FakeLoad);
}

bool Requested(const char* name) { return g_driver.requested.count(name) != 0; }

// --- Cases -------------------------------------------------------------------
void NullLoaderFailsCleanly() {
  g_driver = FakeDriver{};
  CHECK(gladLoadGL(&NullLoad) == 0);
  CHECK(Requested("glGetString"));
  CHECK(GLAD_GL_VERSION_1_0 == 0 && GLAD_GL_VERSION_3_3 == 0 && GLAD_GL_KHR_debug == 0);
  CHECK(glad_glGetString == nullptr && glad_glClear == nullptr);
  CHECK(gladLoadGL(nullptr) == 0);
}

void MissingGetStringFails() {
  g_driver = FakeDriver{};
  g_driver.version = "4.6";
  g_driver.provide_get_string = false;
  CHECK(gladLoadGL(&FakeLoad) == 0);
  CHECK(GLAD_GL_VERSION_3_3 == 0);
  CHECK(glad_glGenVertexArrays == nullptr);
}

void Core33WithKhrDebugLoadsEverything() {
  const int version = LoadWith("3.3.0 Mesa 22.3.6", {"GL_ARB_debug_output", "GL_KHR_debug"});
  CHECK(version == GLAD_MAKE_VERSION(3, 3));
  CHECK(GLAD_VERSION_MAJOR(version) == 3 && GLAD_VERSION_MINOR(version) == 3);
  CHECK(GLAD_GL_VERSION_1_0 == 1 && GLAD_GL_VERSION_2_1 == 1 && GLAD_GL_VERSION_3_3 == 1);
  CHECK(GLAD_GL_KHR_debug == 1);
  CHECK(glad_glGetString == &FakeGetString);
  CHECK(glad_glGetStringi == &FakeGetStringi);
  CHECK(glad_glGenVertexArrays != nullptr && glad_glUniformBlockBinding != nullptr);
  CHECK(glad_glDrawElementsInstanced != nullptr && glad_glTexImage2DMultisample != nullptr);
  CHECK(glad_glBindFragDataLocationIndexed != nullptr);  // a 3.3 addition
  CHECK(glad_glDebugMessageCallback != nullptr && glad_glPopDebugGroup != nullptr);
  CHECK(glad_glGetPointerv != nullptr);  // removed from core 3.2, re-added by KHR_debug
  CHECK(Requested("glDebugMessageCallback") && !Requested("glDebugMessageCallbackKHR"));
  CHECK(!Requested("glBegin") && !Requested("glMatrixMode"));
  CHECK(Requested("glVertexAttribP1ui"));  // 3.3 core, from ARB_vertex_type_2_10_10_10_rev
}

void NewerContextWithoutKhrDebug() {
  const int version = LoadWith("4.6 (Core Profile) Mesa 22.3.6", {"GL_ARB_foo", "GL_KHR_debug_not"});
  CHECK(version == 40006);
  CHECK(GLAD_GL_VERSION_3_3 == 1);
  CHECK(GLAD_GL_KHR_debug == 0);
  CHECK(glad_glDebugMessageCallback == nullptr);
  CHECK(glad_glGetPointerv == nullptr);  // core 3.3 alone does not provide it
  CHECK(!Requested("glDebugMessageCallback"));

  CHECK(LoadWith("10.12", {}) == GLAD_MAKE_VERSION(10, 12));  // multi-digit parts
}

void TooOldOrWrongApiFails() {
  LoadWith("4.6", {"GL_KHR_debug"});  // leave pointers set, then fail
  CHECK(LoadWith("3.2.0 Mesa", {"GL_KHR_debug"}) == 0);
  CHECK(GLAD_GL_VERSION_1_0 == 0 && GLAD_GL_VERSION_3_2 == 0 && GLAD_GL_KHR_debug == 0);
  CHECK(glad_glGenVertexArrays == nullptr && glad_glDebugMessageCallback == nullptr);
  CHECK(!Requested("glGenVertexArrays"));
  CHECK(LoadWith("2.1 Mesa", {}) == 0);
  CHECK(LoadWith("OpenGL ES 3.2 Mesa 22.3.6", {}) == 0);
  CHECK(LoadWith("", {}) == 0);
  CHECK(LoadWith("3", {}) == 0);
  CHECK(LoadWith("3.x", {}) == 0);
  CHECK(LoadWith(nullptr, {}) == 0);
}

}  // namespace

int main() {
  NullLoaderFailsCleanly();
  MissingGetStringFails();
  Core33WithKhrDebugLoadsEverything();
  NewerContextWithoutKhrDebug();
  TooOldOrWrongApiFails();
  if (g_failures != 0) {
    std::fprintf(stderr, "%d check(s) failed\n", g_failures);
    return 1;
  }
  std::printf("glad header and loader checks passed\n");
  return 0;
}
