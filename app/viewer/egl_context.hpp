// A headless OpenGL 4.5 core context through EGL on a GPU device (no display or window needed).
#pragma once

#include <string>

namespace gpulife::app {

class EglContext {
 public:
  // Picks the first EGL device (preferring one CUDA can use) that gives a GL 4.5 core context,
  // makes it current (surfaceless, or a 16x16 pbuffer) and loads GL; throws Error when none does.
  EglContext();
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

  // "NVIDIA H200 ... (EGL device 0, OpenGL 4.6.0 NVIDIA 580.xx)".
  const std::string& description() const { return description_; }

 private:
  void* library_ = nullptr;  // libEGL, dlopen'ed
  void* display_ = nullptr;
  void* context_ = nullptr;
  void* surface_ = nullptr;
  std::string description_;
};

}  // namespace gpulife::app
