// Density pyramid level 0: live cells in each kBaseBlock x kBaseBlock block of the grid.
layout(local_size_x = 8, local_size_y = 8) in;

void main() {
  ivec2 block = ivec2(gl_GlobalInvocationID.xy);
  ivec2 dims = u_pyr_dims[0];
  if (block.x >= dims.x || block.y >= dims.y) return;
  int x0 = block.x * kBaseBlock, x1 = min(x0 + kBaseBlock, u_grid_size.x);
  int y0 = block.y * kBaseBlock, y1 = min(y0 + kBaseBlock, u_grid_size.y);
  uint total = 0u;
  for (int y = y0; y < y1; ++y) total += count_row(y, x0, x1);
  density[u_pyr_offset[0] + uint(block.y * dims.x + block.x)] = total;
}
