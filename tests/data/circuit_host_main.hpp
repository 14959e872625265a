// The launcher appended by tests/circuit_kernels_test.cpp to a rule's program compiled for the
// CPU: steps a grid of canonical rows (64-bit words) through the kernels as gpu/rule_pass.cpp
// launches them, one block of threads at a time.
// usage: prog ms|step32|step64 WIDTH HEIGHT TORUS GENERATIONS DEPTH TILE_ROWS RUN IN OUT

using Kernel = void (*)(const CircuitArgs);

Kernel multistep(int d, int p) {
#ifndef HOST_BOTH_PHASES
  p = 0;
#endif
  switch (d * 2 + p) {
    case 2: return gpulife_ms_d1_p0;
    case 4: return gpulife_ms_d2_p0;
    case 8: return gpulife_ms_d4_p0;
    case 16: return gpulife_ms_d8_p0;
#ifdef HOST_BOTH_PHASES
    case 3: return gpulife_ms_d1_p1;
    case 5: return gpulife_ms_d2_p1;
    case 9: return gpulife_ms_d4_p1;
    case 17: return gpulife_ms_d8_p1;
#endif
  }
  return nullptr;
}

Kernel step(int bits, int p) {
#ifdef HOST_BOTH_PHASES
  if (p) return bits == 32 ? gpulife_step32_p1 : gpulife_step64_p1;
#endif
  (void)p;
  return bits == 32 ? gpulife_step32_p0 : gpulife_step64_p0;
}

void run_warps(Kernel k, const CircuitArgs& a) {
  for (unsigned by = 0; by < gridDim.y; ++by)
    for (unsigned bx = 0; bx < gridDim.x; ++bx) {
      std::barrier<> barrier(32);
      HostWarp warp;
      warp.barrier = &barrier;
      std::vector<std::thread> lanes;
      for (unsigned lane = 0; lane < 32; ++lane)
        lanes.emplace_back([&, lane] {
          threadIdx = {lane, 0, 0};
          blockIdx = {bx, by, 0};
          host_warp = &warp;
          k(a);
        });
      for (std::thread& t : lanes) t.join();
    }
}

void run_threads(Kernel k, const CircuitArgs& a) {
  for (unsigned by = 0; by < gridDim.y; ++by)
    for (unsigned bx = 0; bx < gridDim.x; ++bx)
      for (unsigned tx = 0; tx < blockDim.x; ++tx) {
        threadIdx = {tx, 0, 0};
        blockIdx = {bx, by, 0};
        k(a);
      }
}

int main(int argc, char** argv) {
  if (argc != 11) return 2;
  const std::string kind = argv[1];
  const long long width = std::atoll(argv[2]), height = std::atoll(argv[3]);
  const int torus = std::atoi(argv[4]);
  long long left = std::atoll(argv[5]);
  const int depth = std::atoi(argv[6]);
  const long long tile_rows = std::atoll(argv[7]);
  const int run = std::atoi(argv[8]);
  const long long words64 = (width + 63) / 64;
  std::vector<uint64_t> cur(size_t(words64 * height)), next(cur.size());
  FILE* in = std::fopen(argv[9], "rb");
  if (!in || std::fread(cur.data(), 8, cur.size(), in) != cur.size()) return 3;
  std::fclose(in);
  int phase = 0;
  while (left > 0) {
    const int bits = kind == "step64" ? 64 : 32;
    CircuitArgs a{};
    a.src = cur.data();
    a.dst = next.data();
    a.width = width;
    a.height = height;
    a.pitch = words64 * (64 / bits);
    a.words = (width + bits - 1) / bits;
    const int rem = int(width % bits);
    a.last_mask = rem == 0 ? ~0ull : (1ull << rem) - 1;
    a.last_bit = int((width - 1) % bits);
    a.torus = torus;
    a.aligned = rem == 0;
    a.run = run;
    int d = 1;
    if (kind == "ms") {
      while (d * 2 <= depth && d * 2 <= left) d *= 2;
      a.warp_cols = (a.pitch + kCircuitWarpWords) / kCircuitWarpWords;
      a.tile_rows = tile_rows;
      a.tiles = (height + tile_rows - 1) / tile_rows;
      blockDim = {32, 1, 1};
      gridDim = {unsigned(a.warp_cols), unsigned(a.tiles), 1};
      run_warps(multistep(d, phase), a);
    } else {
      blockDim = {64, 1, 1};
      gridDim = {unsigned((a.pitch + 63) / 64), unsigned((height + run - 1) / run), 1};
      run_threads(step(bits, phase), a);
    }
    cur.swap(next);
    phase = (phase + d) & 1;
    left -= d;
  }
  FILE* out = std::fopen(argv[10], "wb");
  if (!out || std::fwrite(cur.data(), 8, cur.size(), out) != cur.size()) return 4;
  std::fclose(out);
  return 0;
}
