// Host memory available to this process: /proc/meminfo and the cgroup (v2 or v1) limits.
#include "core/host_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace gpulife {
namespace {

// Memory a grid may take of what is available: the rest stays for the program, the GPU
// driver's pinned buffers and the page cache.
constexpr double kUsableShare = 0.9;

std::optional<double> meminfo_available() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  double kib = 0;
  std::string unit;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kib * 1024.0;
  }
  return std::nullopt;
}

std::optional<double> read_number(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text) || text == "max") return std::nullopt;
  try {
    return std::stod(text);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// What the cgroup this process is in still allows: its limit minus its usage.
std::optional<double> cgroup_available() {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    // v2: "0::/path"; v1 memory controller: "N:memory:/path".
    const size_t a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1);
    const std::string path = line.substr(b + 1);
    std::optional<double> limit, usage;
    if (controllers.empty()) {
      limit = read_number("/sys/fs/cgroup" + path + "/memory.max");
      usage = read_number("/sys/fs/cgroup" + path + "/memory.current");
      if (!limit) {  // inside a container the cgroup's own root is mounted at /sys/fs/cgroup
        limit = read_number("/sys/fs/cgroup/memory.max");
        usage = read_number("/sys/fs/cgroup/memory.current");
      }
    } else if (controllers.find("memory") != std::string::npos) {
      limit = read_number("/sys/fs/cgroup/memory" + path + "/memory.limit_in_bytes");
      usage = read_number("/sys/fs/cgroup/memory" + path + "/memory.usage_in_bytes");
    }
    // v1 reports "no limit" as a huge number.
    if (limit && *limit < 1e18) return std::max(0.0, *limit - usage.value_or(0.0));
  }
  return std::nullopt;
}

// What this process's own limits (ulimit -v, ulimit -d) leave: the limit minus the address
// space or data it has now.
std::optional<double> rlimit_available() {
  std::ifstream in("/proc/self/statm");
  double size = 0, resident = 0, shared = 0, text = 0, lib = 0, data = 0;
  if (!(in >> size >> resident >> shared >> text >> lib >> data)) return std::nullopt;
  const double page = double(::sysconf(_SC_PAGESIZE));
  std::optional<double> left;
  const auto limit = [&](int resource, double used_pages) {
    struct rlimit r {};
    if (::getrlimit(resource, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return;
    const double free = std::max(0.0, double(r.rlim_cur) - used_pages * page);
    left = left ? std::min(*left, free) : free;
  };
  limit(RLIMIT_AS, size);
  limit(RLIMIT_DATA, data);
  return left;
}

}  // namespace

std::optional<double> host_available_bytes() {
  std::optional<double> available;
  for (const std::optional<double>& v :
       {meminfo_available(), cgroup_available(), rlimit_available()})
    if (v) available = available ? std::min(*available, *v) : *v;
  return available;
}

std::string format_bytes(double bytes) {
  char buf[64];
  if (bytes >= 1024.0 * 1048576.0)
    std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / (1024.0 * 1048576.0));
  else if (bytes >= 1048576.0)
    std::snprintf(buf, sizeof buf, "%.0f MiB", std::ceil(bytes / 1048576.0));
  else if (bytes >= 1024.0)
    std::snprintf(buf, sizeof buf, "%.0f KiB", std::ceil(bytes / 1024.0));
  else
    std::snprintf(buf, sizeof buf, "%.0f bytes", std::max(0.0, std::floor(bytes)));
  return buf;
}

void require_host_memory(double bytes, const std::string& what, const std::string& advice) {
  const std::optional<double> available = host_available_bytes();
  if (!available || bytes <= kUsableShare * *available) return;
  throw Error(what + " needs " + format_bytes(bytes) + " of host memory, but only " +
              format_bytes(*available) + " is available; " + advice);
}

}  // namespace gpulife
