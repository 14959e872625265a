# The run-time compiled rule kernels on the CPU (tests/circuit_kernels_check.cpp): the program
# text comes from the CUDA library, so the test exists only in CUDA builds; it needs no GPU.
if(GPULIFE_HAVE_CUDA)
  gpulife_add_suite(circuit_kernels_test SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/circuit_kernels_check.cpp
                    LIBS gpulife_gpu LABELS core)
  target_compile_definitions(circuit_kernels_test PRIVATE
                             GPULIFE_HOST_CXX="${CMAKE_CXX_COMPILER}")
endif()
