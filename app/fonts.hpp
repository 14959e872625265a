// Where the DejaVu fonts are: $GPULIFE_FONT_DIR first, then the usual system folders. One lookup
// for the viewer's panel, the demo's captions and the bar charts.
#pragma once

#include <filesystem>

namespace gpulife::app {

// The Debian package that installs them, for messages.
inline constexpr const char* kFontPackage = "fonts-dejavu-core";

// The path of `file` (e.g. "DejaVuSans.ttf"), or empty when no folder has it.
std::filesystem::path find_font(const char* file);

}  // namespace gpulife::app
