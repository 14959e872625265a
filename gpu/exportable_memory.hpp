// Device memory from CUDA's virtual memory API that other APIs (OpenGL) can import through a
// POSIX file descriptor (plain C++: no CUDA headers).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/owned.hpp"

namespace gpulife::gpu {

// Why exportable memory cannot be made on the current device (no driver entry points, the
// device cannot export file descriptors, ...); empty when it can.
std::string exportable_memory_unavailable_reason();

// The 16-byte UUID of the current CUDA device, to match it with a GL context's device.
std::array<uint8_t, 16> current_device_uuid();

// Memory of the current device reserved, mapped and made read-write with cuMemCreate and
// friends, requested as exportable to a POSIX file descriptor. Move-only; released in reverse
// order on destruction. The driver API is reached through cudaGetDriverEntryPointByVersion, so
// the program links no libcuda and starts on machines without the NVIDIA driver.
class ExportableAllocation {
 public:
  ExportableAllocation() = default;
  // Rounds `bytes` up to the allocation granularity; throws Error (saying how much was asked
  // for and how much is free) when it cannot be had.
  explicit ExportableAllocation(size_t bytes);

  void* data() const { return reinterpret_cast<void*>(memory_->address); }
  size_t bytes() const { return memory_->bytes; }  // the rounded size
  explicit operator bool() const { return memory_->address != 0; }
  // A new file descriptor naming the memory; the caller owns it (an importer usually takes it).
  int export_fd() const;
  void reset() { memory_.reset(); }

 private:
  struct Memory {
    unsigned long long handle = 0;   // CUmemGenericAllocationHandle
    unsigned long long address = 0;  // CUdeviceptr of the mapping
    size_t bytes = 0;
  };
  static void release(Memory& memory) noexcept;
  Owned<Memory, release> memory_;
};

}  // namespace gpulife::gpu
