# The GPU engine tests under compute-sanitizer (memcheck, racecheck) on small grids, label gpu;
# reported as skipped when there is no CUDA device or no compute-sanitizer.
if(GPULIFE_HAVE_CUDA AND TARGET gpu_engines_test)
  foreach(tool memcheck racecheck)
    add_test(NAME gpu_engines_${tool}
             COMMAND ${CMAKE_COMMAND} -DTOOL=${tool} -DTEST_BINARY=$<TARGET_FILE:gpu_engines_test>
                     -DCUDA_BIN=${CUDAToolkit_BIN_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/scripts/gpu_sanitizer.cmake)
    set_tests_properties(gpu_engines_${tool} PROPERTIES
      LABELS gpu SKIP_REGULAR_EXPRESSION "skipped: no CUDA device;skipped: no compute-sanitizer"
      TIMEOUT 900)
  endforeach()
endif()
