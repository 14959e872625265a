// How much host memory this process can still take, so a grid that would not fit is refused with
// a message before anything is allocated (rather than swapping or being killed half-way).
#pragma once

#include <optional>
#include <string>

namespace gpulife {

// Bytes available without swapping: the kernel's MemAvailable, lowered to what a cgroup's
// memory limit (a container, a batch job) and this process's own limits (ulimit -v, -d)
// leave; empty when none can be read.
std::optional<double> host_available_bytes();

// "1.5 GiB" / "512 MiB": sizes in messages.
std::string format_bytes(double bytes);

// Throws Error when `bytes` more would not fit in the host memory available, saying what for
// (`what`, e.g. "a 1048576x1048576 grid"), how much it needs, how much is available, and
// `advice`.
void require_host_memory(double bytes, const std::string& what,
                         const std::string& advice = "use a smaller grid");

}  // namespace gpulife
