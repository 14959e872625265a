// EGL device enumeration and context creation; libEGL is loaded at run time so the viewer needs
// no EGL at build time and still starts (windowed) on machines without it.
#include "app/viewer/egl_context.hpp"

#include <dlfcn.h>
#include <glad/egl.h>
#include <glad/gl.h>

#include <cstring>
#include <vector>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

using GetProcAddress = void* (*)(const char*);
void* g_library = nullptr;
GetProcAddress g_get_proc = nullptr;

GLADapiproc load_egl_symbol(const char* name) {
  void* p = g_library ? dlsym(g_library, name) : nullptr;
  if (!p && g_get_proc) p = g_get_proc(name);
  return reinterpret_cast<GLADapiproc>(p);
}

GLADapiproc load_gl_symbol(const char* name) {
  void* p = g_get_proc ? g_get_proc(name) : nullptr;
  return reinterpret_cast<GLADapiproc>(p);
}

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n) {
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  }
  return false;
}

}  // namespace

EglContext::EglContext() {
  library_ = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library_)
    throw Error(std::string("cannot load libEGL.so.1 for headless rendering (") + dlerror() +
                "); install libegl1 and the GPU driver's EGL vendor library");
  g_library = library_;
  g_get_proc = reinterpret_cast<GetProcAddress>(dlsym(library_, "eglGetProcAddress"));
  if (!g_get_proc || !gladLoadEGL(EGL_NO_DISPLAY, load_egl_symbol))
    throw Error("libEGL.so.1 lacks the EGL 1.5 entry points");
  if (!eglQueryDevicesEXT || !eglGetPlatformDisplayEXT)
    throw Error(
        "EGL has no device enumeration (EGL_EXT_device_enumeration and "
        "EGL_EXT_platform_device are needed for headless rendering)");

  EGLDeviceEXT devices[16];
  EGLint count = 0;
  if (!eglQueryDevicesEXT(16, devices, &count) || count == 0)
    throw Error("EGL reports no devices; headless rendering needs a GPU driver with EGL");
  // CUDA-capable devices first, so CUDA-GL interop works in the context.
  std::vector<int> order;
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < count; ++i) {
      const char* ext =
          eglQueryDeviceStringEXT ? eglQueryDeviceStringEXT(devices[i], EGL_EXTENSIONS) : nullptr;
      const bool cuda = has_extension(ext, "EGL_NV_device_cuda");
      if ((pass == 0) == cuda) order.push_back(i);
    }
  }
  std::string failures;
  for (int i : order) {
    EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
    EGLint major = 0, minor = 0;
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) {
      failures += "\n  device " + std::to_string(i) + ": eglInitialize failed";
      continue;
    }
    gladLoadEGL(display, load_egl_symbol);  // display-specific extensions
    const EGLint config_attribs[] = {EGL_SURFACE_TYPE,
                                     EGL_PBUFFER_BIT,
                                     EGL_RENDERABLE_TYPE,
                                     EGL_OPENGL_BIT,
                                     EGL_RED_SIZE,
                                     8,
                                     EGL_GREEN_SIZE,
                                     8,
                                     EGL_BLUE_SIZE,
                                     8,
                                     EGL_NONE};
    EGLConfig config;
    EGLint configs = 0;
    if (!eglBindAPI(EGL_OPENGL_API) ||
        !eglChooseConfig(display, config_attribs, &config, 1, &configs) || configs == 0) {
      failures += "\n  device " + std::to_string(i) + ": no OpenGL pbuffer config";
      eglTerminate(display);
      continue;
    }
    const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                      4,
                                      EGL_CONTEXT_MINOR_VERSION,
                                      5,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                      EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
    if (context == EGL_NO_CONTEXT) {
      failures += "\n  device " + std::to_string(i) + ": no OpenGL 4.5 core context";
      eglTerminate(display);
      continue;
    }
    EGLSurface surface = EGL_NO_SURFACE;
    const char* display_ext = eglQueryString(display, EGL_EXTENSIONS);
    if (!has_extension(display_ext, "EGL_KHR_surfaceless_context")) {
      const EGLint pbuffer_attribs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
      surface = eglCreatePbufferSurface(display, config, pbuffer_attribs);
    }
    if (!eglMakeCurrent(display, surface, surface, context)) {
      failures += "\n  device " + std::to_string(i) + ": eglMakeCurrent failed";
      eglDestroyContext(display, context);
      eglTerminate(display);
      continue;
    }
    if (!gladLoadGL(load_gl_symbol)) {
      failures += "\n  device " + std::to_string(i) + ": GL functions failed to load";
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(display, context);
      eglTerminate(display);
      continue;
    }
    current_ = Owned<Current, release>(Current{display, context, surface});
    description_ = std::string(reinterpret_cast<const char*>(glGetString(GL_RENDERER))) +
                   " (EGL device " + std::to_string(i) + ", OpenGL " +
                   reinterpret_cast<const char*>(glGetString(GL_VERSION)) + ")";
    return;
  }
  throw Error("no EGL device gave an OpenGL 4.5 core context:" + failures);
}

void EglContext::release(Current& current) noexcept {
  if (current.display) {
    eglMakeCurrent(current.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (current.surface) eglDestroySurface(current.display, current.surface);
    eglDestroyContext(current.display, current.context);
    eglTerminate(current.display);
  }
  // libEGL stays loaded: drivers register exit handlers that must still find their code.
}

}  // namespace gpulife::app
