// GLSL programs loaded from the shaders/ folder at run time; compile and link logs name the files.
#pragma once

#include <glad/gl.h>

#include <filesystem>
#include <string>
#include <vector>

namespace gpulife::app {

// The folder holding the GLSL files: $GPULIFE_SHADER_DIR if set, else shaders/ next to the
// executable or one of its parents (install trees, build dirs), else the source tree's.
// Throws Error naming every place it looked.
std::filesystem::path shader_directory();

// One stage built from one or more files joined in order (the first holds #version); compile
// errors are reported as "file:line: message" with each file's own line numbers.
struct ShaderStage {
  GLenum type;
  std::vector<std::string> files;  // names relative to shader_directory()
};

class ShaderProgram {
 public:
  ShaderProgram() = default;
  // Compiles and links; throws Error with the compile/link log, naming the files.
  explicit ShaderProgram(const std::vector<ShaderStage>& stages);
  ~ShaderProgram();
  ShaderProgram(ShaderProgram&& o) noexcept;
  ShaderProgram& operator=(ShaderProgram&& o) noexcept;
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  GLuint id() const { return id_; }
  void use() const { glUseProgram(id_); }
  // -1 when the uniform is absent or optimised out (setting it is then a no-op in GL).
  GLint uniform(const char* name) const { return glGetUniformLocation(id_, name); }

 private:
  GLuint id_ = 0;
};

}  // namespace gpulife::app
