// GLFW window creation with error reporting that says what to do.
#include "app/viewer/glfw_window.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

std::string& last_glfw_error() {
  static std::string error;
  return error;
}

void on_glfw_error(int code, const char* text) {
  last_glfw_error() = std::string(text) + " (GLFW error " + std::to_string(code) + ")";
}

}  // namespace

GlfwWindow::GlfwWindow(int width, int height, const std::string& title, bool vsync) {
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit())
    throw Error("cannot open a window: " + last_glfw_error() +
                ". Without a display, use `gpulife view --headless` or `gpulife run`.");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!window_) {
    const std::string why = last_glfw_error();
    glfwTerminate();
    throw Error("cannot create an OpenGL 4.5 core window: " + why +
                ". gpulife needs OpenGL 4.5 (update the graphics driver, or try "
                "`gpulife view --headless`).");
  }
  glfwMakeContextCurrent(window_);
  if (!gladLoadGL(glfwGetProcAddress)) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw Error("cannot load the OpenGL 4.5 functions through GLAD");
  }
  glfwSwapInterval(vsync ? 1 : 0);
}

GlfwWindow::~GlfwWindow() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool GlfwWindow::should_close() const {
  return glfwWindowShouldClose(window_);
}
void GlfwWindow::set_title(const std::string& title) {
  glfwSetWindowTitle(window_, title.c_str());
}
void GlfwWindow::framebuffer_size(int& w, int& h) const {
  glfwGetFramebufferSize(window_, &w, &h);
}
void GlfwWindow::window_size(int& w, int& h) const {
  glfwGetWindowSize(window_, &w, &h);
}

float GlfwWindow::content_scale() const {
  float x = 1, y = 1;
  glfwGetWindowContentScale(window_, &x, &y);
  return std::clamp(std::max(x, y), 1.0f, 4.0f);
}

bool GlfwWindow::minimised() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return glfwGetWindowAttrib(window_, GLFW_ICONIFIED) || w == 0 || h == 0;
}

void GlfwWindow::swap_buffers() {
  glfwSwapBuffers(window_);
}

}  // namespace gpulife::app
