// Writing a file so that a failed write never destroys what was there: through a temporary file
// beside it, renamed over it once everything is written.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>

namespace gpulife {

// Calls write(out) on a stream to a temporary file next to `path`, then renames it to `path`.
// Throws Error naming the file (a folder, no permission, a full disk), or whatever `write`
// throws; the temporary file is removed then and `path` is left as it was. A symbolic link
// stays and the file it names is replaced; a replaced file keeps its permissions. What cannot
// be replaced is written directly: "-" (standard output), a pipe or a device.
void write_file_atomically(const std::filesystem::path& path,
                           const std::function<void(std::ostream& out)>& write);

}  // namespace gpulife
