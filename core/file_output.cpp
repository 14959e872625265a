// Files written in full or not at all: a temporary file, renamed into place.
#include "core/file_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "core/error.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;

// The file a chain of symbolic links ends at (the path itself when it is none), so that
// writing replaces the file the link names and keeps the link.
fs::path link_target(fs::path path) {
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(path, ec))) return path;
    const fs::path to = fs::read_symlink(path, ec);
    if (ec) return path;
    path = to.is_absolute() ? to : path.parent_path() / to;
  }
  throw Error("cannot write " + path.string() + ": too many levels of symbolic links");
}

// Writes straight into what is there: standard output, a pipe, a device.
void write_directly(std::ostream& out, const std::string& name,
                    const std::function<void(std::ostream& out)>& write) {
  if (!out) throw Error("cannot write " + name + ": " + std::strerror(errno));
  write(out);
  out.flush();
  if (!out) throw Error("cannot write " + name + ": " + std::strerror(errno));
}

}  // namespace

void write_file_atomically(const fs::path& given,
                           const std::function<void(std::ostream& out)>& write) {
  const std::string name = given.string();
  if (name == "-") {
    // Through C's stdout, which a caller that sends its own messages elsewhere (std::cout
    // pointed at std::cerr) leaves alone.
    std::ostringstream text;
    write(text);
    const std::string s = std::move(text).str();
    if (std::fwrite(s.data(), 1, s.size(), stdout) != s.size() || std::fflush(stdout) != 0)
      throw Error("cannot write to standard output: " + std::string(std::strerror(errno)));
    return;
  }
  const fs::path path = link_target(given);
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (fs::is_directory(status)) throw Error("cannot write " + name + ": it is a directory");
  if (fs::exists(status) && !fs::is_regular_file(status)) {
    // A pipe or a device cannot be replaced, only written to.
    std::ofstream out(path, std::ios::binary);
    return write_directly(out, name, write);
  }
  fs::path temp = path;
  temp += ".tmp" + std::to_string(std::random_device()() % 1000000);
  auto discard = [&] {
    std::error_code ignored;
    fs::remove(temp, ignored);
  };
  try {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error("cannot write " + name + ": " + std::strerror(errno));
    write(out);
    out.flush();
    if (!out) throw Error("cannot write " + name + ": " + std::strerror(errno));
  } catch (...) {
    discard();
    throw;
  }
  // The replaced file's permissions stay (a private file stays private).
  if (fs::exists(status)) fs::permissions(temp, status.permissions(), ec);
  fs::rename(temp, path, ec);
  if (ec) {
    discard();
    throw Error("cannot write " + name + ": " + ec.message());
  }
}

}  // namespace gpulife
