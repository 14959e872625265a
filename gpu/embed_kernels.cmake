# Writes the run-time compiled kernels' text into a C++ source as one raw string, so the
# program carries it (NVRTC compiles it when a rule needs it). -DOUT=file -DINPUTS=a;b
set(text "")
foreach(input ${INPUTS})
  file(READ ${input} part)
  string(APPEND text "${part}\n")
endforeach()
file(WRITE ${OUT}.tmp
  "// Generated from gpu/circuit_args.h, gpu/torus_words.h and gpu/circuit_kernels.cuh; do not edit.\n"
  "#include \"gpu/circuit_source.hpp\"\n"
  "namespace gpulife::gpu {\n"
  "const char* const kCircuitKernelsSource = R\"gpulife_kernels(${text})gpulife_kernels\";\n"
  "}\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
