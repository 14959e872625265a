// Owned device memory as a move-only RAII value, untyped (DeviceBuffer) or typed (DeviceArray)
// (plain C++), plus host<->device copies.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/owned.hpp"

namespace gpulife::gpu {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  // Allocates `bytes` of device memory; throws Error saying how much was asked for and free.
  explicit DeviceBuffer(size_t bytes);

  void* data() const { return memory_->data; }
  size_t bytes() const { return memory_->bytes; }
  explicit operator bool() const { return memory_->data != nullptr; }
  void reset() { memory_.reset(); }

 private:
  struct Memory {
    void* data = nullptr;
    size_t bytes = 0;
  };
  static void release(Memory& memory) noexcept;
  Owned<Memory, release> memory_;
};

// `count` values of T (plain data) in device memory, owned: DeviceBuffer with its type.
template <class T>
class DeviceArray {
 public:
  DeviceArray() = default;
  explicit DeviceArray(size_t count) : buffer_(count * sizeof(T)), count_(count) {}

  T* data() const { return static_cast<T*>(buffer_.data()); }
  size_t size() const { return count_; }
  size_t bytes() const { return buffer_.bytes(); }
  explicit operator bool() const { return bool(buffer_); }

 private:
  DeviceBuffer buffer_;
  size_t count_ = 0;
};

// Synchronous copies and fills (they wait for the device).
void copy_to_device(void* device_dst, const void* host_src, size_t bytes);
void copy_to_host(void* host_dst, const void* device_src, size_t bytes);
void copy_device_to_device(void* dst, const void* src, size_t bytes);
void fill_device(void* device_dst, int byte_value, size_t bytes);
// Blocks until all work queued on the current device has finished.
void wait_for_device();

// Free and total device memory in bytes.
void device_memory_info(size_t& free_bytes, size_t& total_bytes);

}  // namespace gpulife::gpu
