// Density pyramid level 0: live cells in each kBaseBlock x kBaseBlock block of the grid. One
// invocation per 32-bit word column of a block row (two 16-cell blocks) in the bit-packed
// layout, per block in the byte layout, so a warp reads consecutive words of each row.
layout(local_size_x = 64, local_size_y = 1) in;

void main() {
  ivec2 dims = u_pyr_dims[0];
  // Block rows beyond the 65535 work groups one dimension allows continue in z.
  int by = int(gl_GlobalInvocationID.y + gl_GlobalInvocationID.z * gl_NumWorkGroups.y);
  int unit = int(gl_GlobalInvocationID.x);
  if (by >= dims.y) return;
  int y0 = by * kBaseBlock, y1 = min(y0 + kBaseBlock, u_grid_size.y);
  uint row = u_pyr_offset[0] + uint(by * dims.x);
  if (u_layout == 0) {
    int bx = 2 * unit;
    if (bx >= dims.x) return;
    // Only cells below the width count (the last word of a row may reach past it).
    int valid = u_grid_size.x - 32 * unit;
    uint mask = valid >= 32 ? 0xFFFFFFFFu : (1u << uint(valid)) - 1u;
    uint lo = 0u, hi = 0u;
    for (int y = y0; y < y1; ++y) {
      uint bits = grid_word(y, uint(unit)) & mask;
      lo += uint(bitCount(bits & 0xFFFFu));
      hi += uint(bitCount(bits >> 16));
    }
    density[row + uint(bx)] = lo;
    if (bx + 1 < dims.x) density[row + uint(bx + 1)] = hi;
  } else {
    int bx = unit;
    if (bx >= dims.x) return;
    int x0 = bx * kBaseBlock, x1 = min(x0 + kBaseBlock, u_grid_size.x);
    uint total = 0u;
    for (int y = y0; y < y1; ++y) total += count_row(y, x0, x1);
    density[row + uint(bx)] = total;
  }
}
