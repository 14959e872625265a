// The bit-sliced kernels of rules compiled at run time (NVRTC only, never nvcc): embedded into the
// program at build time, preceded by gpu/circuit_args.h, gpu/torus_words.h and the rule's Phase0
// and Phase1 (each a row stage `features` and an output stage `next`, generated from its circuit by
// gpu/circuit_source.cpp), and followed by the extern "C" entry points that instantiate them.
// Standalone: NVRTC gets no headers.

typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long i64;

// Any three-input bitwise function as its LOP3 table (a = 0xF0, b = 0xCC, c = 0xAA): one
// instruction per 32 cells.
template <unsigned L>
__device__ __forceinline__ u32 lop3(u32 a, u32 b, u32 c) {
#ifdef GPULIFE_HOST_EMULATION  // tests/circuit_kernels_test.cpp runs these kernels on the CPU
  u32 r = 0;
  for (unsigned j = 0; j < 8; ++j)
    if ((L >> j) & 1u) r |= ((j & 4) ? a : ~a) & ((j & 2) ? b : ~b) & ((j & 1) ? c : ~c);
  return r;
#else
  u32 r;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "n"(L));
  return r;
#endif
}
template <unsigned L>
__device__ __forceinline__ u64 lop3(u64 a, u64 b, u64 c) {
  return u64(lop3<L>(u32(a), u32(b), u32(c))) |
         (u64(lop3<L>(u32(a >> 32), u32(b >> 32), u32(c >> 32))) << 32);
}

// The rule's Phase0 and Phase1 are inserted here.
// @@phases@@

template <int P>
struct PhaseOf;
template <>
struct PhaseOf<0> {
  typedef Phase0 type;
};
template <>
struct PhaseOf<1> {
  typedef Phase1 type;
};

template <class Ph>
struct Slots {
  static constexpr int kCount = Ph::kFeatures > 0 ? Ph::kFeatures : 1;
};

// ---- One generation per pass, words of W (bit32, bit64) ------------------------------------
// A thread owns one word column and a vertical run of rows; each row's features are computed
// once and kept for the three output rows that read them.

// A thread's word column: where its cells' west and east neighbours come from, the same in
// every row, so a row costs three loads and a few shifts with no test of the column.
template <class W>
struct Column {
  static constexpr int kBits = int(sizeof(W)) * 8;
  int j;        // the word
  int west;     // the word holding bit 0's west neighbour (j - 1, or the row's last word)
  int east;     // the word whose bit 0 is the last cell's east neighbour (j + 1, or word 0)
  int west_at;  // that neighbour's bit in word `west`
  int east_at;  // the bit of the east row the neighbour goes to (the last cell's)
  W has_west, has_east;  // 1, or 0 where a plane ends
  W keep;                // cells stored

  __device__ __forceinline__ Column(const CircuitArgs& a, int word) : j(word) {
    const int words = int(a.words);
    const bool torus = a.torus != 0;
    const bool inside = j < words;  // else the pitch's padding: any loads, nothing kept
    keep = inside ? (j == words - 1 ? W(a.last_mask) : ~W(0)) : W(0);
    // The row's ends: on a torus the torus seam's cells, as bit_kernel.cuh moves them in; on
    // a plane no neighbour.
    const bool first = inside && j == 0, last = inside && j == words - 1;
    west = first ? (torus ? words - 1 : j) : (inside ? j - 1 : j);
    west_at = first ? a.last_bit : kBits - 1;
    has_west = first && !torus ? W(0) : W(1);
    east = last ? (torus ? 0 : j) : (inside ? j + 1 : j);
    east_at = last ? a.last_bit : kBits - 1;
    has_east = last && !torus ? W(0) : W(1);
  }

  // Row `row`'s cells of this column with their west and east neighbours, into the features.
  // The last word's east row may hold a cell beyond the width (the centre's padding shifted),
  // which only reaches cells that are not kept.
  template <class Ph>
  __device__ __forceinline__ void features(const W* row, W* f) const {
    const W c = row[j];
    const W w = (c << 1) | ((row[west] >> west_at) & has_west);
    const W e = (c >> 1) | ((row[east] & has_east) << east_at);
    Ph::features(w, c, e, f);
  }
  template <class Ph>
  __device__ __forceinline__ void dead_features(W* f) const {
    Ph::features(W(0), W(0), W(0), f);
  }
};

template <class W, int P>
__device__ __forceinline__ void circuit_step(const CircuitArgs& a) {
  typedef typename PhaseOf<P>::type Ph;
  const i64 jj = i64(blockIdx.x) * blockDim.x + threadIdx.x;
  if (jj >= a.pitch) return;
  const Column<W> col(a, int(jj));
  const W* src = static_cast<const W*>(a.src);
  const i64 groups = (a.height + a.run - 1) / a.run;
  for (i64 group = i64(blockIdx.y) * blockDim.y + threadIdx.y; group < groups;
       group += i64(gridDim.y) * blockDim.y) {
    const i64 y0 = group * a.run;
    const i64 y1 = y0 + a.run < a.height ? y0 + a.run : a.height;
    W f[3][Slots<Ph>::kCount];
    // The row above the run, outside the grid for the first run.
    if (y0 > 0)
      col.template features<Ph>(src + (y0 - 1) * a.pitch, f[0]);
    else if (a.torus)
      col.template features<Ph>(src + (a.height - 1) * a.pitch, f[0]);
    else
      col.template dead_features<Ph>(f[0]);
    const W* row = src + y0 * a.pitch;
    col.template features<Ph>(row, f[1]);
    W* out = static_cast<W*>(a.dst) + y0 * a.pitch + col.j;
    // Output row y0 + i reads row y0 + i + 1, inside the grid but for the grid's last row.
    const u32 n = u32(y1 - y0), plain = y1 < a.height ? n : n - 1;
    u32 i = 0;
    // Rows y - 1, y, y + 1 sit in f[k], f[(k + 1) % 3], f[(k + 2) % 3] at row y0 + i + k (the
    // slots are named by constants, so they stay in registers).
    for (; plain - i >= 3; i += 3) {
#pragma unroll
      for (int k = 0; k < 3; ++k) {
        row += a.pitch;
        col.template features<Ph>(row, f[(k + 2) % 3]);
        out[0] = Ph::next(f[k], f[(k + 1) % 3], f[(k + 2) % 3]) & col.keep;
        out += a.pitch;
      }
    }
    // The rest one at a time, the slots moved back after each.
    for (; i < n; ++i) {
      if (i < plain) {
        row += a.pitch;
        col.template features<Ph>(row, f[2]);
      } else if (a.torus) {
        col.template features<Ph>(src, f[2]);
      } else {
        col.template dead_features<Ph>(f[2]);
      }
      out[0] = Ph::next(f[0], f[1], f[2]) & col.keep;
      out += a.pitch;
#pragma unroll
      for (int q = 0; q < Slots<Ph>::kCount; ++q) {
        f[0][q] = f[1][q];
        f[1][q] = f[2][q];
      }
    }
  }
}

// ---- Several generations per pass in registers (bit-multistep) -------------------------------
// A warp streams a column of 32 words (one per lane) down a tile, through D levels held in
// registers, each one generation. The cells of lanes 0 and 31 go stale from the warp's edges
// inwards, one cell a generation, so after D <= 16 generations the inner halves of their words
// are still exact: lane 0 stores the upper 16 cells of its word and lane 31 the lower 16 of its,
// and neighbouring warps overlap by one word, kCircuitWarpWords = 31 words a warp. Level G takes
// row ystart + s - 2G at step s and completes row ystart + s - 2G - 1 of the next generation, so
// within a step the levels depend only on the previous step and the scheduler can overlap them.
// Each level keeps its last three rows' features in slots that rotate with the step in the unrolled
// loop (rotation R), so nothing moves there; a step outside it moves the slots back to rotation 0,
// so the unrolled loop can start at any step.
//
// Steps are 32-bit (a tile has at most 2^31 + 3D - 1 of them) and so are word indices within a
// row (a row has at most 2^26 words); only the row addresses are 64-bit.

struct Lane {
  const CircuitArgs& a;
  int code;         // word of the row to load; < 0: dead (plane) or gather cells ~code.. (torus)
  u32 colmask;      // cells inside a plane grid
  u32 keep;         // cells stored
  int word;         // this lane's word of the row (-1: the one left of it)
  bool store_full;  // this lane stores its whole word (lanes 1 .. 30)
  bool store_half;  // this lane stores the inner half of its word (lanes 0 and 31)
  int half_shift;   // the half's first cell: 16 for lane 0, 0 for lane 31
  bool edge;        // a plane's side edge or a torus row's wrap passes through the warp
  bool torus;
  u32 height;
  i64 ystart;
  u32 ld_yy;              // torus: the row the next load reads
  const u32* ld_ptr;      // where the next load reads: this lane's word of that row (its first
                          // word for a lane that gathers)
  i64 ld_first;           // torus: ld_ptr's offset from a.src in row 0
  unsigned char* st_ptr;  // where this lane stores the row of this step (its half, on lane 0)

  __device__ Lane(const CircuitArgs& args, i64 warp_col, int l) : a(args) {
    const i64 m = warp_col * kCircuitWarpWords - 1 + l;  // this lane's word
    const bool inside = m >= 0 && m < a.words;
    const u32 valid = inside ? (m == a.words - 1 ? u32(a.last_mask) : ~0u) : 0u;
    const i64 full = a.aligned ? a.words : a.words - 1;
    torus = a.torus != 0;
    height = u32(a.height);
    if (!torus) {
      colmask = valid;
      code = inside ? int(m) : -1;
    } else {
      colmask = ~0u;
      if (a.aligned)
        code = int(floor_mod(m, a.words));
      else if (m >= 0 && m < full)
        code = int(m);
      else
        code = ~int(floor_mod(32 * m, a.width));
    }
    ld_first = code >= 0 ? code : 0;
    const bool edge_lane = l == 0 || l == 31;
    store_full = !edge_lane && m >= 0 && m < a.pitch;
    store_half = edge_lane && m >= 0 && m < a.pitch;
    half_shift = l == 0 ? 16 : 0;
    keep = valid;
    word = int(m);
    // Everywhere else every lane loads one word and no cell needs clearing, so those warps run
    // the unrolled loop without the gather's branch or the column masks.
    edge = __any_sync(0xffffffffu, colmask != ~0u || code < 0);
  }

  // Points the loads at row `y` (a plane's may lie outside the grid) and the stores at the row
  // the last level completes at step 0.
  __device__ __forceinline__ void start(i64 y, i64 st_y) {
    ystart = y;
    if (torus) {
      ld_yy = u32(floor_mod(y, a.height));
      y = ld_yy;
    }
    ld_ptr = static_cast<const u32*>(a.src) + y * a.pitch + ld_first;
    st_ptr = reinterpret_cast<unsigned char*>(static_cast<u32*>(a.dst) + st_y * a.pitch + word) +
             half_shift / 8;
  }

  // The load of row y (ystart + s + 1 at step s) and the move to the next row: outside the
  // unrolled loop, where a plane's row may lie outside the grid and a torus's loads wrap.
  __device__ __forceinline__ u32 load_checked(i64 y) {
    u32 v = 0;
    if (torus || (code >= 0 && y >= 0 && y < a.height))
      v = code >= 0 ? __ldg(ld_ptr) : gather32(ld_ptr, u32(~code), u32(a.width));
    ld_ptr += a.pitch;
    if (torus && ++ld_yy == height) {
      ld_yy = 0;
      ld_ptr = static_cast<const u32*>(a.src) + ld_first;
    }
    return v;
  }

  // The load of a step of the unrolled loop, whose rows lie inside the grid and do not wrap.
  // kEdge: a lane may be dead or gather; without it each lane loads its word, with no branch.
  template <bool kEdge>
  __device__ __forceinline__ u32 load() {
    u32 v;
    if (kEdge)
      v = code >= 0 ? __ldg(ld_ptr) : (torus ? gather32(ld_ptr, u32(~code), u32(a.width)) : 0u);
    else
      v = __ldg(ld_ptr);
    ld_ptr += a.pitch;
    return v;
  }

  // Torus: `n` steps of the unrolled loop loaded rows ld_yy .. ld_yy + n - 1.
  __device__ __forceinline__ void loaded(u32 n) {
    if (!torus) return;
    ld_yy += n;
    if (ld_yy == height) {
      ld_yy = 0;
      ld_ptr = static_cast<const u32*>(a.src) + ld_first;
    }
  }

  // Two stores predicated on `row_ok` (the step's row is one the tile outputs) and the lane,
  // rather than branched around, so the unrolled loop is not split at the stores. The halves
  // neighbouring warps store into one word are separate 16-bit stores, so they do not race.
  __device__ __forceinline__ void store(u32 out, bool row_ok) {
    const u32 v = out & keep;
    if (row_ok && store_full) *reinterpret_cast<u32*>(st_ptr) = v;
    if (row_ok && store_half)
      *reinterpret_cast<unsigned short*>(st_ptr) = (unsigned short)(v >> half_shift);
  }
  __device__ __forceinline__ void next_row() { st_ptr += a.pitch * 4; }
};

template <int D, int P0, int G>
struct Level {
  typedef typename PhaseOf<(P0 + G) & 1>::type Ph;
  u32 in;
  u32 f[3][Slots<Ph>::kCount];
  Level<D, P0, G + 1> up;

  __device__ __forceinline__ void clear() {
    in = 0;
#pragma unroll
    for (int k = 0; k < 3; ++k)
#pragma unroll
      for (int q = 0; q < Slots<Ph>::kCount; ++q) f[k][q] = 0;
    up.clear();
  }

  // After a step at rotation 0, the rows above and at the next step's middle row move to the
  // slots rotation 0 reads them from.
  __device__ __forceinline__ void rotate() {
#pragma unroll
    for (int q = 0; q < Slots<Ph>::kCount; ++q) {
      f[1][q] = f[2][q];
      f[2][q] = f[0][q];
    }
    up.rotate();
  }

  // One step at rotation R: the new row's features go to f[R], the rows above and at the output
  // row are in f[(R + 1) % 3] and f[(R + 2) % 3]. kMask: rows may lie outside a plane grid;
  // kColumns: clear the cells beyond a plane's side edges.
  template <int R, bool kMask, bool kColumns>
  __device__ __forceinline__ void step(Lane& lane, u32 s) {
    up.template step<R, kMask, kColumns>(lane, s);
    const u32 x = in;
    const u32 from_west = __shfl_up_sync(0xffffffffu, x, 1);
    const u32 from_east = __shfl_down_sync(0xffffffffu, x, 1);
    Ph::features(__funnelshift_l(from_west, x, 1), x, __funnelshift_r(x, from_east, 1), f[R]);
    u32 out = Ph::next(f[(R + 1) % 3], f[(R + 2) % 3], f[R]);
    if (kMask) {
      const i64 y = lane.ystart + i64(s) - (2 * G + 1);
      if (!lane.torus && (y < 0 || y >= lane.a.height)) out = 0;
      out &= lane.colmask;
    } else if (kColumns) {
      out &= lane.colmask;
    }
    if (G + 1 < D)
      up.in = out;
    else
      lane.store(out, s >= 3 * D - 1);  // the tile's rows start at step 3D - 1
  }
};

template <int D, int P0>
struct Level<D, P0, D> {
  u32 in;
  __device__ __forceinline__ void clear() { in = 0; }
  __device__ __forceinline__ void rotate() {}
  template <int R, bool kMask, bool kColumns>
  __device__ __forceinline__ void step(Lane&, u32) {}
};

// One step outside the unrolled loop: rows checked, slots moved back to rotation 0.
template <int D, int P0>
__device__ __forceinline__ void multistep_step(Level<D, P0, 0>& levels, Lane& lane, u32 s) {
  levels.template step<0, true, true>(lane, s);
  levels.rotate();
  levels.in = lane.load_checked(lane.ystart + i64(s) + 1);
  lane.next_row();
}

// Steps from s in threes while they fit before `end`, their rows inside the grid and their
// loads not wrapping; returns the first step not done.
template <int D, int P0, bool kEdge>
__device__ __forceinline__ u32 multistep_fast(Level<D, P0, 0>& levels, Lane& lane, u32 s, u32 end) {
  for (; end - s >= 3; s += 3) {
    levels.template step<0, false, kEdge>(lane, s);
    levels.in = lane.template load<kEdge>();
    lane.next_row();
    levels.template step<1, false, kEdge>(lane, s + 1);
    levels.in = lane.template load<kEdge>();
    lane.next_row();
    levels.template step<2, false, kEdge>(lane, s + 2);
    levels.in = lane.template load<kEdge>();
    lane.next_row();
  }
  return s;
}

__device__ __forceinline__ i64 clamp64(i64 v, i64 lo, i64 hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

template <int D, int P0>
__device__ __forceinline__ void circuit_multistep(const CircuitArgs& a) {
  static_assert(D <= 16, "the edge lanes' inner halves are exact for at most 16 generations");
  const i64 warp_col = i64(blockIdx.x) * blockDim.y + threadIdx.y;
  if (warp_col >= a.warp_cols) return;  // whole warps only
  Lane lane(a, warp_col, int(threadIdx.x));
  for (i64 tile = blockIdx.y; tile < a.tiles; tile += gridDim.y) {
    const i64 y0 = tile * a.tile_rows;
    const i64 rows = a.tile_rows < a.height - y0 ? a.tile_rows : a.height - y0;
    const u32 nsteps = u32(rows + 3 * D - 1);
    const i64 ystart = y0 - D;
    lane.start(ystart, ystart - 2 * D + 1);
    Level<D, P0, 0> levels;
    levels.clear();
    levels.in = lane.load_checked(ystart);
    // Steps needing no row checks: on a plane every level's row and the next load lie inside.
    u32 s_a = 0, s_b = nsteps;
    if (!lane.torus) {
      s_a = u32(clamp64(2 * D - 1 - ystart, 0, nsteps));
      s_b = u32(clamp64(a.height - 1 - ystart, s_a, nsteps));
    }
    // The unrolled loop runs from s_a to s_b, on a torus in runs that stop where the loads reach
    // the last row (they go on from row 0); the steps around run one at a time, through one copy
    // of the step.
    for (u32 s = 0;;) {
      if (s >= s_a && s < s_b) {
        u32 end = s_b;
        if (lane.torus && lane.height - lane.ld_yy < end - s) end = s + (lane.height - lane.ld_yy);
        const u32 from = s;
        if (lane.edge)
          s = multistep_fast<D, P0, true>(levels, lane, s, end);
        else
          s = multistep_fast<D, P0, false>(levels, lane, s, end);
        lane.loaded(s - from);
      }
      if (s >= nsteps) break;
      multistep_step<D, P0>(levels, lane, s++);
    }
  }
}
