// The desktop window: GLFW with an OpenGL 4.5 core context, loaded through GLAD.
#pragma once

#include <string>

struct GLFWwindow;

namespace gpulife::app {

class GlfwWindow {
 public:
  // Creates the window and makes its context current; throws Error (with GLFW's reason) when
  // there is no display or no OpenGL 4.5.
  GlfwWindow(int width, int height, const std::string& title, bool vsync);
  ~GlfwWindow();
  GlfwWindow(const GlfwWindow&) = delete;
  GlfwWindow& operator=(const GlfwWindow&) = delete;

  GLFWwindow* handle() const { return window_; }
  bool should_close() const;
  void set_title(const std::string& title);
  void framebuffer_size(int& width, int& height) const;
  void window_size(int& width, int& height) const;
  // Scale for fonts and widgets (2 on a typical HiDPI screen).
  float content_scale() const;
  bool minimised() const;
  void swap_buffers();

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace gpulife::app
