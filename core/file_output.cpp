// Files written in full or not at all: a temporary file, renamed into place.
#include "core/file_output.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <string>

#include "core/error.hpp"

namespace gpulife {

void write_file_atomically(const std::filesystem::path& path,
                           const std::function<void(std::ostream& out)>& write) {
  const std::string name = path.string();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error("cannot write " + name + ": it is a directory");
  std::filesystem::path temp = path;
  temp += ".tmp" + std::to_string(std::random_device()() % 1000000);
  auto discard = [&] {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
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
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    discard();
    throw Error("cannot write " + name + ": " + ec.message());
  }
}

}  // namespace gpulife
