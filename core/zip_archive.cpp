// Zip archives through libzip, read from memory.
#include "core/zip_archive.hpp"

#include <zip.h>

#include <memory>

#include "core/error.hpp"

namespace gpulife {
namespace {

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
struct ZipFileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};
using Archive = std::unique_ptr<zip_t, ZipCloser>;

std::string where(std::string_view source) {
  return source.empty() ? std::string("<zip>") : std::string(source);
}

Archive open_archive(std::string_view data, std::string_view source) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* src = zip_source_buffer_create(data.data(), data.size(), 0, &error);
  zip_t* z = src ? zip_open_from_source(src, ZIP_RDONLY, &error) : nullptr;
  if (!z) {
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    if (src) zip_source_free(src);
    throw Error(where(source) + ": not a readable zip archive (" + why + ")");
  }
  zip_error_fini(&error);
  return Archive(z);
}

}  // namespace

bool is_zip(std::string_view data) {
  return data.starts_with(std::string_view("PK\x03\x04", 4)) ||
         data.starts_with(std::string_view("PK\x05\x06", 4));
}

std::vector<std::string> zip_file_names(std::string_view archive, std::string_view source) {
  const Archive z = open_archive(archive, source);
  std::vector<std::string> names;
  const zip_int64_t n = zip_get_num_entries(z.get(), 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    const char* name = zip_get_name(z.get(), zip_uint64_t(i), 0);
    if (!name) continue;
    std::string s(name);
    if (!s.empty() && s.back() != '/') names.push_back(std::move(s));
  }
  return names;
}

std::string zip_read(std::string_view archive, std::string_view name, std::string_view source,
                     uint64_t max_bytes) {
  const Archive z = open_archive(archive, source);
  const std::string what = where(source) + "/" + std::string(name);
  const zip_int64_t index = zip_name_locate(z.get(), std::string(name).c_str(), 0);
  if (index < 0) throw Error(what + ": no such file in the archive");
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(z.get(), zip_uint64_t(index), 0, &st) == 0 && (st.valid & ZIP_STAT_SIZE) &&
      st.size > max_bytes)
    throw Error(what + ": inflates to " + std::to_string(st.size) + " bytes, more than the " +
                std::to_string(max_bytes) + " a pattern may take");
  std::unique_ptr<zip_file_t, ZipFileCloser> file(zip_fopen_index(z.get(), zip_uint64_t(index), 0));
  if (!file) throw Error(what + ": cannot be read (" + zip_strerror(z.get()) + ")");
  // The sizes an archive states may lie: the limit holds for what is actually inflated.
  std::string out;
  char buffer[1 << 16];
  while (true) {
    const zip_int64_t got = zip_fread(file.get(), buffer, sizeof buffer);
    if (got < 0) throw Error(what + ": corrupt (" + zip_file_strerror(file.get()) + ")");
    if (got == 0) break;
    if (out.size() + uint64_t(got) > max_bytes)
      throw Error(what + ": inflates to more than the " + std::to_string(max_bytes) +
                  " bytes a pattern may take");
    out.append(buffer, size_t(got));
  }
  return out;
}

}  // namespace gpulife
