// Exportable CUDA VMM allocations; the driver API through the runtime's entry-point lookup.
#include "gpu/exportable_memory.hpp"

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <mutex>

#include "core/error.hpp"

namespace gpulife::gpu {
namespace {

// The driver functions this file uses, each named once: a member of that name and type, looked up
// by that name on first use.
// clang-format off
#define GPULIFE_DRIVER_FUNCTIONS(X)                                                           \
  X(cuMemGetAllocationGranularity) X(cuMemCreate) X(cuMemAddressReserve) X(cuMemMap)        \
  X(cuMemSetAccess) X(cuMemUnmap) X(cuMemAddressFree) X(cuMemRelease)                       \
  X(cuMemExportToShareableHandle) X(cuDeviceGet) X(cuDeviceGetAttribute) X(cuGetErrorString)
// clang-format on

struct Driver {
#define GPULIFE_DRIVER_MEMBER(fn) decltype(&::fn) fn = nullptr;
  GPULIFE_DRIVER_FUNCTIONS(GPULIFE_DRIVER_MEMBER)
#undef GPULIFE_DRIVER_MEMBER
  std::string missing;  // the first entry point that could not be found
};

template <class Fn>
void lookup(Driver& d, Fn& fn, const char* name) {
  if (!d.missing.empty()) return;
  void* p = nullptr;
  cudaDriverEntryPointQueryResult found{};
  if (cudaGetDriverEntryPointByVersion(name, &p, 12000, cudaEnableDefault, &found) != cudaSuccess ||
      found != cudaDriverEntryPointSuccess || !p) {
    cudaGetLastError();
    d.missing = name;
    return;
  }
  fn = reinterpret_cast<Fn>(p);
}

const Driver& driver() {
  static const Driver d = [] {
    Driver r;
#define GPULIFE_DRIVER_LOOKUP(fn) lookup(r, r.fn, #fn);
    GPULIFE_DRIVER_FUNCTIONS(GPULIFE_DRIVER_LOOKUP)
#undef GPULIFE_DRIVER_LOOKUP
    return r;
  }();
  return d;
}

void check(CUresult status, const char* what) {
  if (status == CUDA_SUCCESS) return;
  const char* text = nullptr;
  if (driver().cuGetErrorString) driver().cuGetErrorString(status, &text);
  throw Error(std::string("CUDA virtual memory: ") + what +
              " failed: " + (text ? text : "error " + std::to_string(int(status))));
}

CUdevice current_device() {
  int ordinal = 0;
  if (cudaGetDevice(&ordinal) != cudaSuccess) {
    cudaGetLastError();
    throw Error("CUDA virtual memory: no current CUDA device");
  }
  // The driver calls below need the runtime's primary context to exist.
  if (cudaFree(nullptr) != cudaSuccess) {
    cudaGetLastError();
    throw Error("CUDA virtual memory: the CUDA runtime could not initialise the device");
  }
  CUdevice device = 0;
  check(driver().cuDeviceGet(&device, ordinal), "cuDeviceGet");
  return device;
}

CUmemAllocationProp allocation_properties(CUdevice device) {
  CUmemAllocationProp prop{};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  return prop;
}

}  // namespace

std::string exportable_memory_unavailable_reason() {
  const Driver& d = driver();
  if (!d.missing.empty())
    return "the CUDA driver lacks " + d.missing + " (virtual memory management, CUDA 10.2+)";
  try {
    const CUdevice device = current_device();
    int vmm = 0, fd = 0;
    check(d.cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
                                 device),
          "cuDeviceGetAttribute");
    check(d.cuDeviceGetAttribute(
              &fd, CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, device),
          "cuDeviceGetAttribute");
    if (!vmm) return "the CUDA device does not support virtual memory management";
    if (!fd) return "the CUDA device cannot export memory as POSIX file descriptors";
  } catch (const Error& e) {
    return e.what();
  }
  return {};
}

std::array<uint8_t, 16> current_device_uuid() {
  int ordinal = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&ordinal) != cudaSuccess ||
      cudaGetDeviceProperties(&prop, ordinal) != cudaSuccess) {
    cudaGetLastError();
    throw Error("cannot read the CUDA device's UUID");
  }
  std::array<uint8_t, 16> uuid{};
  std::memcpy(uuid.data(), prop.uuid.bytes, uuid.size());
  return uuid;
}

ExportableAllocation::ExportableAllocation(size_t bytes) {
  if (const std::string why = exportable_memory_unavailable_reason(); !why.empty())
    throw Error("cannot allocate GPU memory shared with OpenGL: " + why);
  const Driver& d = driver();
  const CUdevice device = current_device();
  const CUmemAllocationProp prop = allocation_properties(device);
  size_t granularity = 0;
  check(d.cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED),
        "cuMemGetAllocationGranularity");
  if (granularity == 0) granularity = size_t{2} << 20;
  const size_t rounded = (std::max<size_t>(bytes, 1) + granularity - 1) / granularity * granularity;
  size_t free_bytes = 0, total = 0;
  cudaMemGetInfo(&free_bytes, &total);
  CUmemGenericAllocationHandle handle = 0;
  if (const CUresult status = d.cuMemCreate(&handle, rounded, &prop, 0); status != CUDA_SUCCESS) {
    if (status == CUDA_ERROR_OUT_OF_MEMORY)
      throw Error("out of GPU memory: " + std::to_string(rounded >> 20) + " MiB asked for, " +
                  std::to_string(free_bytes >> 20) + " MiB free");
    check(status, "cuMemCreate");
  }
  Memory& m = memory_.state();  // released by memory_'s destructor if a step below throws
  m.handle = handle;
  m.bytes = rounded;
  CUdeviceptr address = 0;
  check(d.cuMemAddressReserve(&address, rounded, granularity, 0, 0), "cuMemAddressReserve");
  if (const CUresult status = d.cuMemMap(address, rounded, 0, handle, 0); status != CUDA_SUCCESS) {
    d.cuMemAddressFree(address, rounded);
    check(status, "cuMemMap");
  }
  m.address = address;
  CUmemAccessDesc access{};
  access.location = prop.location;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  check(d.cuMemSetAccess(address, rounded, &access, 1), "cuMemSetAccess");
}

void ExportableAllocation::release(Memory& m) noexcept {
  if (!m.handle) return;
  const Driver& d = driver();
  // Failures while tearing down cannot be acted on; the order undoes the constructor's.
  if (m.address) {
    d.cuMemUnmap(CUdeviceptr(m.address), m.bytes);
    d.cuMemAddressFree(CUdeviceptr(m.address), m.bytes);
  }
  d.cuMemRelease(CUmemGenericAllocationHandle(m.handle));
}

int ExportableAllocation::export_fd() const {
  if (!memory_->handle) throw Error("cannot export an empty allocation");
  int fd = -1;
  check(driver().cuMemExportToShareableHandle(&fd, CUmemGenericAllocationHandle(memory_->handle),
                                              CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
        "cuMemExportToShareableHandle");
  return fd;
}

}  // namespace gpulife::gpu
