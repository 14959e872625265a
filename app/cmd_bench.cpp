// `gpulife bench`: placeholder until the GPU engines land (replaced by the bench implementation).
#include "app/commands.hpp"
#include "core/error.hpp"

namespace gpulife::app {
int bench_command(const std::vector<std::string>&) { throw Error("bench is not built yet"); }
}  // namespace gpulife::app
