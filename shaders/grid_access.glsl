// Reading cells from the grid state buffer(s), bit-packed or byte-per-cell.
// A state buffer can exceed what one SSBO binding may cover (< 2 GiB), so it is bound as up to
// four consecutive ranges of u_rows_per_chunk rows each; the range index is not dynamically
// uniform, hence four named blocks and a branch instead of an array of blocks.

layout(std430, binding = 0) readonly buffer GridChunk0 { uint chunk0[]; };
layout(std430, binding = 1) readonly buffer GridChunk1 { uint chunk1[]; };
layout(std430, binding = 2) readonly buffer GridChunk2 { uint chunk2[]; };
layout(std430, binding = 3) readonly buffer GridChunk3 { uint chunk3[]; };

uniform ivec2 u_grid_size;      // width, height in cells
uniform uint u_pitch_words;     // one row, in 32-bit words
uniform int u_layout;           // 0: bit-packed (bit x&31 of word x>>5), 1: one byte per cell
uniform int u_rows_per_chunk;
uniform int u_inverted;         // 1: the buffer holds the complement of the cells (B0 rules)

uint grid_word(int y, uint word_in_row) {
  int chunk = y / u_rows_per_chunk;
  uint index = uint(y - chunk * u_rows_per_chunk) * u_pitch_words + word_in_row;
  if (chunk == 0) return chunk0[index];
  if (chunk == 1) return chunk1[index];
  if (chunk == 2) return chunk2[index];
  return chunk3[index];
}

bool stored_alive(int x, int y) {
  if (u_layout == 0) return ((grid_word(y, uint(x) >> 5) >> (uint(x) & 31u)) & 1u) != 0u;
  return ((grid_word(y, uint(x) >> 2) >> (8u * (uint(x) & 3u))) & 0xFFu) != 0u;
}

bool cell_alive(int x, int y) {
  return stored_alive(x, y) != (u_inverted != 0);
}

// Word w of a bit-packed row scanned over words [w0, w1] for columns [x0, x1): the bits
// outside the columns cleared.
uint masked_word(uint bits, uint w, uint w0, uint w1, int x0, int x1) {
  if (w == w0) bits &= 0xFFFFFFFFu << (uint(x0) & 31u);
  if (w == w1) bits &= 0xFFFFFFFFu >> (31u - (uint(x1 - 1) & 31u));
  return bits;
}

// Live cells of row y in columns [x0, x1), 0 <= x0 < x1 <= width.
uint count_row(int y, int x0, int x1) {
  uint total = 0u;
  if (u_layout == 0) {
    uint w0 = uint(x0) >> 5, w1 = uint(x1 - 1) >> 5;
    for (uint w = w0; w <= w1; ++w)
      total += uint(bitCount(masked_word(grid_word(y, w), w, w0, w1, x0, x1)));
  } else {
    uint w0 = uint(x0) >> 2, w1 = uint(x1 - 1) >> 2;
    for (uint w = w0; w <= w1; ++w) {
      uint v = grid_word(y, w);
      // Any non-zero byte counts as alive: fold each byte onto its lowest bit.
      v |= v >> 4;
      v |= v >> 2;
      v |= v >> 1;
      v &= 0x01010101u;
      if (w == w0) v &= 0xFFFFFFFFu << (8u * (uint(x0) & 3u));
      if (w == w1) v &= 0xFFFFFFFFu >> (8u * (3u - (uint(x1 - 1) & 3u)));
      total += uint(bitCount(v));
    }
  }
  return u_inverted != 0 ? uint(x1 - x0) - total : total;
}

// The density pyramid: level l holds live-cell counts of blocks of (kBaseBlock << l)^2 cells,
// levels stored one after another in one buffer.
const int kBaseBlock = 16;
const int kMaxLevels = 12;
layout(std430, binding = 4) buffer Density { uint density[]; };
uniform uint u_pyr_offset[kMaxLevels];
uniform ivec2 u_pyr_dims[kMaxLevels];
