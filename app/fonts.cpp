// The font lookup (see fonts.hpp).
#include "app/fonts.hpp"

#include <cstdlib>
#include <vector>

namespace gpulife::app {

std::filesystem::path find_font(const char* file) {
  std::vector<std::filesystem::path> dirs;
  if (const char* env = std::getenv("GPULIFE_FONT_DIR"); env && *env) dirs.emplace_back(env);
  for (const char* d :
       {"/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF"})
    dirs.emplace_back(d);
  for (const std::filesystem::path& dir : dirs) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(dir / file, ec)) return dir / file;
  }
  return {};
}

}  // namespace gpulife::app
