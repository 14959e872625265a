// Owned device memory and checked synchronous copies.
#include "gpu/device_buffer.hpp"

#include "gpu/cuda_check.cuh"

namespace gpulife::gpu {
namespace {
std::string mib(size_t bytes) {
  return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB";
}
}  // namespace

DeviceBuffer::DeviceBuffer(size_t bytes) {
  if (bytes == 0) return;
  void* data = nullptr;
  const cudaError_t status = cudaMalloc(&data, bytes);
  if (status == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // clear the sticky-free allocation error
    size_t free_bytes = 0, total = 0;
    cudaMemGetInfo(&free_bytes, &total);
    throw Error("out of GPU memory: needed " + mib(bytes) + ", only " + mib(free_bytes) +
                " free of " + mib(total) + "; use a smaller grid");
  }
  CUDA_CHECK(status);
  memory_ = Owned<Memory, release>(Memory{data, bytes});
}

void DeviceBuffer::release(Memory& memory) noexcept {
  if (memory.data) cudaFree(memory.data);  // a failed free leaks, nothing worse
}

void copy_to_device(void* device_dst, const void* host_src, size_t bytes) {
  CUDA_CHECK(cudaMemcpy(device_dst, host_src, bytes, cudaMemcpyHostToDevice));
}
void copy_to_host(void* host_dst, const void* device_src, size_t bytes) {
  CUDA_CHECK(cudaMemcpy(host_dst, device_src, bytes, cudaMemcpyDeviceToHost));
}
void copy_device_to_device(void* dst, const void* src, size_t bytes) {
  CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice));
}
void wait_for_device() {
  CUDA_CHECK(cudaDeviceSynchronize());
}

void fill_device(void* device_dst, int byte_value, size_t bytes) {
  CUDA_CHECK(cudaMemset(device_dst, byte_value, bytes));
}
void device_memory_info(size_t& free_bytes, size_t& total_bytes) {
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
}

}  // namespace gpulife::gpu
