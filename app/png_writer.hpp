// PNG files of 8-bit RGB/RGBA images (screenshots, charts), encoded by stb_image_write.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace gpulife::app {

// `pixels` holds `height` rows of `width * channels` bytes, top row first; channels is 3 or 4.
std::vector<uint8_t> encode_png(const uint8_t* pixels, int width, int height, int channels);
// Writes the PNG to `path`; throws Error when the file cannot be written.
void write_png(const std::filesystem::path& path, const uint8_t* pixels, int width, int height,
               int channels);

}  // namespace gpulife::app
