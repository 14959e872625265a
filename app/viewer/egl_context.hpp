// A headless OpenGL 4.5 core context through EGL on a GPU device (no display or window needed).
#pragma once

#include <string>

#include "core/owned.hpp"

namespace gpulife::app {

class EglContext {
 public:
  // Picks the first EGL device (preferring one CUDA can use) that gives a GL 4.5 core context,
  // makes it current (surfaceless, or a 16x16 pbuffer) and loads GL; throws Error when none does.
  EglContext();

  // "NVIDIA H200 ... (EGL device 0, OpenGL 4.6.0 NVIDIA 580.xx)".
  const std::string& description() const { return description_; }

 private:
  struct Current {
    void* display = nullptr;
    void* context = nullptr;
    void* surface = nullptr;  // none when the context is surfaceless
  };
  // Makes no context current, destroys the surface and the context and terminates the display.
  static void release(Current& current) noexcept;

  void* library_ = nullptr;  // libEGL, dlopen'ed
  Owned<Current, release> current_;
  std::string description_;
};

}  // namespace gpulife::app
