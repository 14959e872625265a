// NVRTC through dlopen: the library is looked for under its sonames and in the CUDA toolkit, or
// where GPULIFE_NVRTC points, and its entry points are resolved once.
#include "gpu/nvrtc.hpp"

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <nvrtc.h>

#include <cstdlib>
#include <mutex>

#include "core/error.hpp"
#include "gpu/cuda_check.cuh"

namespace gpulife::gpu {
namespace {

struct Nvrtc {
  decltype(&nvrtcVersion) version = nullptr;
  decltype(&nvrtcGetErrorString) error_string = nullptr;
  decltype(&nvrtcCreateProgram) create = nullptr;
  decltype(&nvrtcCompileProgram) compile = nullptr;
  decltype(&nvrtcGetProgramLogSize) log_size = nullptr;
  decltype(&nvrtcGetProgramLog) log = nullptr;
  decltype(&nvrtcGetCUBINSize) cubin_size = nullptr;
  decltype(&nvrtcGetCUBIN) cubin = nullptr;
  decltype(&nvrtcDestroyProgram) destroy = nullptr;
  std::string missing;  // why it could not be loaded; empty when loaded
};

template <class F>
bool resolve(void* lib, const char* symbol, F& out) {
  out = reinterpret_cast<F>(dlsym(lib, symbol));
  return out != nullptr;
}

const Nvrtc& nvrtc() {
  static const Nvrtc api = [] {
    Nvrtc n;
    std::vector<std::string> names;
    if (const char* env = std::getenv("GPULIFE_NVRTC")) names.push_back(env);
    for (const char* soname : {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"})
      names.push_back(soname);
    for (const char* dir : {"/usr/local/cuda/lib64/", "/usr/local/cuda/targets/x86_64-linux/lib/",
                            "/usr/lib/x86_64-linux-gnu/"})
      for (const char* file : {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"})
        names.push_back(std::string(dir) + file);
    void* lib = nullptr;
    std::string tried;
    for (const std::string& name : names) {
      lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (lib) break;
      if (tried.size() < 400) tried += (tried.empty() ? "" : ", ") + name;
    }
    if (!lib) {
      n.missing = "NVRTC (CUDA's run-time compiler, libnvrtc.so) was not found (tried " + tried +
                  "); install the CUDA toolkit's NVRTC (Debian: libnvrtc12 or the toolkit's "
                  "cuda-nvrtc package) or point GPULIFE_NVRTC at libnvrtc.so";
      return n;
    }
    const bool ok = resolve(lib, "nvrtcVersion", n.version) &&
                    resolve(lib, "nvrtcGetErrorString", n.error_string) &&
                    resolve(lib, "nvrtcCreateProgram", n.create) &&
                    resolve(lib, "nvrtcCompileProgram", n.compile) &&
                    resolve(lib, "nvrtcGetProgramLogSize", n.log_size) &&
                    resolve(lib, "nvrtcGetProgramLog", n.log) &&
                    resolve(lib, "nvrtcGetCUBINSize", n.cubin_size) &&
                    resolve(lib, "nvrtcGetCUBIN", n.cubin) &&
                    resolve(lib, "nvrtcDestroyProgram", n.destroy);
    if (!ok)
      n.missing =
          "the NVRTC library found lacks nvrtcGetCUBIN and friends (NVRTC 11.1 or "
          "newer is needed)";
    return n;
  }();
  return api;
}

void check(nvrtcResult r, const char* what) {
  if (r != NVRTC_SUCCESS)
    throw Error(std::string("NVRTC: ") + what + " failed: " + nvrtc().error_string(r));
}

}  // namespace

std::string nvrtc_unavailable_reason() {
  return nvrtc().missing;
}

std::string nvrtc_version() {
  const Nvrtc& n = nvrtc();
  if (!n.missing.empty()) throw Error(n.missing);
  int major = 0, minor = 0;
  check(n.version(&major, &minor), "nvrtcVersion");
  return std::to_string(major) + "." + std::to_string(minor);
}

std::vector<char> nvrtc_compile(const std::string& source, const std::string& name,
                                const std::vector<std::string>& options) {
  const Nvrtc& n = nvrtc();
  if (!n.missing.empty()) throw Error(n.missing);
  int device = 0;
  cudaDeviceProp prop{};
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  std::vector<std::string> all = {
      "--gpu-architecture=sm_" + std::to_string(prop.major) + std::to_string(prop.minor),
      "-std=c++17"};
  all.insert(all.end(), options.begin(), options.end());
  std::vector<const char*> argv;
  for (const std::string& o : all) argv.push_back(o.c_str());
  // NVRTC compiles are independent, but one at a time keeps messages and memory simple.
  static std::mutex mutex;
  const std::lock_guard<std::mutex> lock(mutex);
  nvrtcProgram program = nullptr;
  check(n.create(&program, source.c_str(), name.c_str(), 0, nullptr, nullptr),
        "nvrtcCreateProgram");
  const nvrtcResult compiled = n.compile(program, int(argv.size()), argv.data());
  size_t log_bytes = 0;
  n.log_size(program, &log_bytes);
  std::string log(log_bytes, '\0');
  if (log_bytes > 1) n.log(program, log.data());
  if (compiled != NVRTC_SUCCESS) {
    n.destroy(&program);
    throw Error("NVRTC could not compile " + name + " for sm_" + std::to_string(prop.major) +
                std::to_string(prop.minor) + ": " + n.error_string(compiled) + "\n" + log);
  }
  size_t bytes = 0;
  check(n.cubin_size(program, &bytes), "nvrtcGetCUBINSize");
  std::vector<char> cubin(bytes);
  check(n.cubin(program, cubin.data()), "nvrtcGetCUBIN");
  n.destroy(&program);
  return cubin;
}

}  // namespace gpulife::gpu
