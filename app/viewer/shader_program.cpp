// Shader lookup, loading, compiling and linking with readable error messages.
#include "app/viewer/shader_program.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <utility>

#include "core/error.hpp"

namespace gpulife::app {
namespace fs = std::filesystem;

namespace {

fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

std::string read_text(const fs::path& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error("cannot read shader " + path.string());
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// Rewrites "0(12)" / "0:12(3)" style locations into "file.glsl:12".
std::string name_files_in_log(std::string log, const std::vector<std::string>& files) {
  std::string out;
  const std::regex loc(R"((\d+)[:(](\d+)\)?(\(\d+\))?)");
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_search(line, m, loc) && m.position(0) < 4) {
      const size_t index = std::stoul(m[1].str());
      if (index < files.size()) {
        line = files[index] + ":" + m[2].str() + m.suffix().str();
      }
    }
    out += "  " + line + "\n";
  }
  return out;
}

}  // namespace

fs::path shader_directory() {
  std::vector<fs::path> tried;
  auto ok = [&](const fs::path& dir) {
    tried.push_back(dir);
    std::error_code ec;
    return fs::exists(dir / "grid.frag", ec);
  };
  if (const char* env = std::getenv("GPULIFE_SHADER_DIR"); env && *env) {
    if (ok(env)) return env;
    throw Error(std::string("GPULIFE_SHADER_DIR=") + env + " holds no grid.frag");
  }
  for (fs::path d = executable_dir(); !d.empty(); d = d.parent_path()) {
    if (ok(d / "shaders")) return d / "shaders";
    if (ok(d / "share/gpulife/shaders")) return d / "share/gpulife/shaders";
    if (d == d.parent_path()) break;
  }
  if (ok(fs::path(GPULIFE_SOURCE_DIR) / "shaders")) return fs::path(GPULIFE_SOURCE_DIR) / "shaders";
  std::string msg = "cannot find the shaders folder (set GPULIFE_SHADER_DIR); looked in:";
  for (const fs::path& p : tried) msg += "\n  " + p.string();
  throw Error(msg);
}

ShaderProgram::ShaderProgram(const std::vector<ShaderStage>& stages) {
  const fs::path dir = shader_directory();
  std::vector<GLuint> shaders;
  auto cleanup = [&] {
    for (GLuint s : shaders) glDeleteShader(s);
  };
  std::string all_files;
  for (const ShaderStage& stage : stages) {
    std::vector<std::string> texts;
    std::vector<std::string> names;
    for (size_t i = 0; i < stage.files.size(); ++i) {
      std::string text = read_text(dir / stage.files[i]);
      if (i > 0) text = "#line 1 " + std::to_string(i) + "\n" + text;
      texts.push_back(std::move(text));
      names.push_back((dir / stage.files[i]).string());
      all_files += (all_files.empty() ? "" : ", ") + stage.files[i];
    }
    std::vector<const char*> ptrs;
    for (const std::string& t : texts) ptrs.push_back(t.c_str());
    GLuint s = glCreateShader(stage.type);
    shaders.push_back(s);
    glShaderSource(s, GLsizei(ptrs.size()), ptrs.data(), nullptr);
    glCompileShader(s);
    GLint okay = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &okay);
    if (!okay) {
      GLint len = 0;
      glGetShaderiv(s, GL_INFO_LOG_LENGTH, &len);
      std::string log(size_t(std::max(len, 1)), '\0');
      glGetShaderInfoLog(s, len, nullptr, log.data());
      cleanup();
      std::string files;
      for (const std::string& n : names) files += "\n  " + n;
      throw Error("shader compilation failed for" + files + "\n" + name_files_in_log(log, names));
    }
  }
  id_ = glCreateProgram();
  for (GLuint s : shaders) glAttachShader(id_, s);
  glLinkProgram(id_);
  cleanup();
  GLint linked = 0;
  glGetProgramiv(id_, GL_LINK_STATUS, &linked);
  if (!linked) {
    GLint len = 0;
    glGetProgramiv(id_, GL_INFO_LOG_LENGTH, &len);
    std::string log(size_t(std::max(len, 1)), '\0');
    glGetProgramInfoLog(id_, len, nullptr, log.data());
    glDeleteProgram(std::exchange(id_, 0));
    throw Error("shader link failed (" + all_files + " in " + dir.string() + "):\n" + log);
  }
}

ShaderProgram::~ShaderProgram() {
  if (id_) glDeleteProgram(id_);
}
ShaderProgram::ShaderProgram(ShaderProgram&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
ShaderProgram& ShaderProgram::operator=(ShaderProgram&& o) noexcept {
  if (this != &o) {
    if (id_) glDeleteProgram(id_);
    id_ = std::exchange(o.id_, 0);
  }
  return *this;
}

}  // namespace gpulife::app
