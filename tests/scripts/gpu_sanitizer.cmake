# Runs the GPU engine tests (small grids) under one compute-sanitizer tool; cmake -P script.
# Inputs: TOOL, TEST_BINARY, CUDA_BIN. Lives outside tests/*.cmake, which are included at configure.
if(NOT DEFINED TEST_BINARY)
  return()
endif()
execute_process(COMMAND ${TEST_BINARY} --gtest_filter=*ZeroGenerationsChangeNothing*
                OUTPUT_VARIABLE probe ERROR_VARIABLE probe RESULT_VARIABLE probe_rc)
if(probe MATCHES "skipped: no CUDA device")
  message("skipped: no CUDA device")
  return()
endif()
find_program(SANITIZER compute-sanitizer HINTS ${CUDA_BIN} /usr/local/cuda/bin)
if(NOT SANITIZER)
  message("skipped: no compute-sanitizer")
  return()
endif()
set(ENV{GPULIFE_GPU_TEST_SMALL} 1)
execute_process(COMMAND ${SANITIZER} --tool ${TOOL} --error-exitcode 3 ${TEST_BINARY}
                        --gtest_filter=-*RefusesGridsLargerThanGpuMemory*
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compute-sanitizer --tool ${TOOL} failed (exit code ${rc})")
endif()
