# The renderer's region path (grids in no one buffer: bands on GPUs) against its whole-grid path,
# pixel for pixel, on any EGL device (llvmpipe here); skipped without one.
if(TARGET gpulife_viewer)
  add_executable(viewer_regions_check ${CMAKE_CURRENT_SOURCE_DIR}/viewer_regions_checks.cpp)
  target_link_libraries(viewer_regions_check PRIVATE gpulife_viewer gpulife_warnings)
  add_test(NAME viewer_regions COMMAND viewer_regions_check)
  set_tests_properties(viewer_regions PROPERTIES
    LABELS viewer SKIP_RETURN_CODE 77 TIMEOUT 300
    ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
endif()
