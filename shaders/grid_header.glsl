// Shared by the grid fragment shader and the density compute shaders (first file: #version).
#version 450 core
