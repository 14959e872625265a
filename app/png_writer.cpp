// PNG encoding through stb_image_write (Debian's libstb, which Dear ImGui links too).
#include "app/png_writer.hpp"

#include <stb/stb_image_write.h>

#include <fstream>

#include "core/error.hpp"

namespace gpulife::app {

std::vector<uint8_t> encode_png(const uint8_t* pixels, int width, int height, int channels) {
  if (width <= 0 || height <= 0 || (channels != 3 && channels != 4))
    throw Error("cannot encode a " + std::to_string(width) + "x" + std::to_string(height) +
                " image with " + std::to_string(channels) + " channels as PNG");
  std::vector<uint8_t> out;
  auto append = [](void* context, void* data, int size) {
    auto* bytes = static_cast<std::vector<uint8_t>*>(context);
    const auto* p = static_cast<const uint8_t*>(data);
    bytes->insert(bytes->end(), p, p + size);
  };
  if (!stbi_write_png_to_func(append, &out, width, height, channels, pixels, width * channels))
    throw Error("PNG encoding of a " + std::to_string(width) + "x" + std::to_string(height) +
                " image failed");
  return out;
}

void write_png(const std::filesystem::path& path, const uint8_t* pixels, int width, int height,
               int channels) {
  const std::vector<uint8_t> png = encode_png(pixels, width, height, channels);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
  if (!out) throw Error("cannot write " + path.string());
}

}  // namespace gpulife::app
