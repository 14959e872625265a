// Shader lookup, loading, compiling and linking with readable error messages.
#include "app/viewer/shader_program.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <utility>

#include "app/grid_setup.hpp"
#include "core/error.hpp"

namespace gpulife::app {
namespace fs = std::filesystem;

namespace {

// The info log of a shader or a program, read with its pair of getters (glGetShaderiv and
// glGetShaderInfoLog, or glGetProgramiv and glGetProgramInfoLog).
template <typename GetParameter, typename GetLog>
std::string info_log(GLuint id, GetParameter get_parameter, GetLog get_log) {
  GLint len = 0;
  get_parameter(id, GL_INFO_LOG_LENGTH, &len);
  std::string log(size_t(std::max(len, 1)), '\0');
  get_log(id, len, nullptr, log.data());
  return log;
}

std::string read_text(const fs::path& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error("cannot read shader " + path.string());
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// Where each file starts in the joined source text (1-based lines).
struct SourceMap {
  std::vector<std::string> files;
  std::vector<int> first_line;

  std::string locate(int line) const {
    size_t i = 0;
    while (i + 1 < first_line.size() && first_line[i + 1] <= line) ++i;
    return files[i] + ":" + std::to_string(line - first_line[i] + 1);
  }
};

// Rewrites the compilers' "0(12)" (NVIDIA) and "0:12(3)" (Mesa) locations into "file:line".
std::string name_files_in_log(const std::string& log, const SourceMap& map) {
  std::string out;
  const std::regex loc(R"(^\s*(\d+)[:(](\d+)\)?(\(\d+\))?)");
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_search(line, m, loc))
      line = map.locate(std::stoi(m[2].str())) + m.suffix().str();
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
    // One joined source string: every compiler then counts lines the same way, and the log's
    // line numbers map back to files through `map`.
    std::string text;
    SourceMap map;
    int line = 1;
    for (const std::string& name : stage.files) {
      std::string part = read_text(dir / name);
      if (!part.empty() && part.back() != '\n') part += '\n';
      map.files.push_back((dir / name).string());
      map.first_line.push_back(line);
      line += int(std::count(part.begin(), part.end(), '\n'));
      text += part;
      all_files += (all_files.empty() ? "" : ", ") + name;
    }
    const char* source = text.c_str();
    GLuint s = glCreateShader(stage.type);
    shaders.push_back(s);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    GLint okay = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &okay);
    if (!okay) {
      const std::string log = info_log(s, glGetShaderiv, glGetShaderInfoLog);
      cleanup();
      std::string files;
      for (const std::string& n : map.files) files += "\n  " + n;
      throw Error("shader compilation failed for" + files + "\n" + name_files_in_log(log, map));
    }
  }
  id_ = glCreateProgram();
  for (GLuint s : shaders) glAttachShader(id_, s);
  glLinkProgram(id_);
  cleanup();
  GLint linked = 0;
  glGetProgramiv(id_, GL_LINK_STATUS, &linked);
  if (!linked) {
    const std::string log = info_log(id_, glGetProgramiv, glGetProgramInfoLog);
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
