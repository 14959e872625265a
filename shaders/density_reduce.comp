// Density pyramid level l from level l-1: each block sums its 2 x 2 children.
layout(local_size_x = 8, local_size_y = 8) in;

uniform int u_level;

void main() {
  ivec2 block = ivec2(gl_GlobalInvocationID.xy);
  ivec2 dims = u_pyr_dims[u_level];
  if (block.x >= dims.x || block.y >= dims.y) return;
  ivec2 child_dims = u_pyr_dims[u_level - 1];
  uint child_off = u_pyr_offset[u_level - 1];
  uint total = 0u;
  for (int dy = 0; dy < 2; ++dy)
    for (int dx = 0; dx < 2; ++dx) {
      ivec2 c = block * 2 + ivec2(dx, dy);
      if (c.x < child_dims.x && c.y < child_dims.y)
        total += density[child_off + uint(c.y * child_dims.x + c.x)];
    }
  density[u_pyr_offset[u_level] + uint(block.y * dims.x + block.x)] = total;
}
