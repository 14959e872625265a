// The one-generation bit-packed kernel and engine, templated on the word (bit32, bit64).
#pragma once

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"
#include "gpu/life_rule.cuh"

namespace gpulife::gpu {
namespace bit_detail {

// One row's horizontal sums around word j: s = west + centre + east, m = west + east (the
// middle row excludes the cell itself), as 2-bit numbers in bit planes; c is the centre word.
template <class W>
struct RowSums {
  W s0, s1, m0, m1, c;
};

// `last_bit` is the bit of the row's last cell in its word; on a torus the row wraps there,
// which need not be a word boundary.
template <class W>
__device__ __forceinline__ RowSums<W> row_sums(const W* __restrict__ row, int64_t j, int64_t words,
                                               int last_bit, bool torus) {
  constexpr int kBits = int(sizeof(W)) * 8;
  const W c = row[j];
  W west = c << 1, east = c >> 1;
  if (j > 0)
    west |= row[j - 1] >> (kBits - 1);
  else if (torus)
    west |= (row[words - 1] >> last_bit) & W(1);
  if (j < words - 1)
    east |= row[j + 1] << (kBits - 1);
  else if (torus)
    east |= (row[0] & W(1)) << last_bit;
  RowSums<W> r;
  add2(west, east, r.m0, r.m1);
  add2(r.m0, c, r.s0, r.s1);
  r.s1 |= r.m1;  // m1 and (m0 & c) never both hold
  r.c = c;
  return r;
}

// Each thread computes a vertical run of `run` words of one word column, so every row it loads
// serves three output rows.
template <class W, bool kLife>
static __global__ void bit_kernel(const W* __restrict__ src, W* __restrict__ dst, int64_t words,
                                  int64_t pitch_words, int64_t height, int run, int last_bit,
                                  bool torus, RuleBits rule) {
  constexpr int kBits = int(sizeof(W)) * 8;
  const int64_t j = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (j >= pitch_words) return;
  const int64_t groups = (height + run - 1) / run;
  const W mask = (j == words - 1 && last_bit < kBits - 1) ? W((W(1) << (last_bit + 1)) - 1) : ~W(0);
  for (int64_t g = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; g < groups;
       g += int64_t(gridDim.y) * blockDim.y) {
    const int64_t y0 = g * run, y1 = std::min<int64_t>(y0 + run, height);
    if (j >= words) {  // padding word of the row pitch stays zero
      for (int64_t y = y0; y < y1; ++y) dst[y * pitch_words + j] = 0;
      continue;
    }
    auto load = [&](int64_t y) -> RowSums<W> {
      if (y < 0 || y >= height) {
        if (!torus) return RowSums<W>{0, 0, 0, 0, 0};
        y = y < 0 ? y + height : y - height;
      }
      return row_sums(src + y * pitch_words, j, words, last_bit, torus);
    };
    RowSums<W> above = load(y0 - 1), mid = load(y0);
    for (int64_t y = y0; y < y1; ++y) {
      const RowSums<W> below = load(y + 1);
      W n0, n1, n2, n3;
      add_rows(above.s0, above.s1, mid.m0, mid.m1, below.s0, below.s1, n0, n1, n2, n3);
      dst[y * pitch_words + j] = apply_rule<kLife>(n0, n1, n2, n3, mid.c, rule) & mask;
      above = mid;
      mid = below;
    }
  }
}

template <class W>
class BitEngine final : public DeviceEngine {
 public:
  explicit BitEngine(EngineInfo info) : info_(std::move(info)) {}

  const EngineInfo& info() const override { return info_; }
  std::vector<ParamInfo> param_info() const override {
    return {{"block_x", "threads per block along x (word columns)", 32, 1024, 128, 32, false},
            {"block_y", "threads per block along y", 1, 32, 1, 1, false},
            {"words_per_thread", "vertical run of words per thread", 1, 64, 8, 1, false}};
  }
  // The canonical layout: 32-bit words in little-endian memory are the same bits.
  DeviceLayout device_layout(int64_t width, int64_t height) const override {
    const size_t pitch = canonical_pitch(width);
    return {CellLayout::BitPacked, pitch, pitch * size_t(height)};
  }

 protected:
  void check_params(const Params& p) const override {
    if (p.at("block_x") * p.at("block_y") > 1024)
      throw Error("engine " + info_.name +
                  ": block_x * block_y = " + std::to_string(p.at("block_x") * p.at("block_y")) +
                  " exceeds 1024 threads per block; valid: " + describe_params(param_info()) +
                  ", block_x * block_y <= 1024");
  }

  uint64_t launch_pass(const void* src, void* dst, uint64_t, void* stream) override {
    constexpr int kBits = int(sizeof(W)) * 8;
    const int bx = param("block_x"), by = param("block_y"), run = param("words_per_thread");
    const int64_t words = (width() + kBits - 1) / kBits;
    const int64_t pitch_words = int64_t(row_pitch() / sizeof(W));
    const int last_bit = int((width() - 1) % kBits);
    const int64_t groups = (height() + run - 1) / run;
    const dim3 block{unsigned(bx), unsigned(by)};
    const dim3 grid(unsigned((pitch_words + bx - 1) / bx),
                    unsigned(std::min<int64_t>((groups + by - 1) / by, 65535)));
    const auto* s = static_cast<const W*>(src);
    auto* d = static_cast<W*>(dst);
    const bool torus = topology() == Topology::Torus;
    const auto st = static_cast<cudaStream_t>(stream);
    if (rule().is_life())
      bit_kernel<W, true><<<grid, block, 0, st>>>(s, d, words, pitch_words, height(), run, last_bit,
                                                  torus, rule_bits(rule()));
    else
      bit_kernel<W, false><<<grid, block, 0, st>>>(s, d, words, pitch_words, height(), run,
                                                   last_bit, torus, rule_bits(rule()));
    CUDA_CHECK_LAUNCH();
    return 1;
  }

 private:
  EngineInfo info_;
};

}  // namespace bit_detail
}  // namespace gpulife::gpu
