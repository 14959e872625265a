# The viewer's watch (population graph, stop conditions, Identify, Track/Autofit, history
# planes, step exponent) driven without a window on the CPU engines, its logic on its own
# (Track/Autofit, themes, options), and the same through
# `gpulife view --headless` on every GPU engine (label gpu) and on screenshots under Xvfb.
if(TARGET gpulife_viewer)
  add_executable(viewer_watch_test ${CMAKE_CURRENT_SOURCE_DIR}/viewer_watch_checks.cpp
                                   ${CMAKE_CURRENT_SOURCE_DIR}/viewer_watch_logic_checks.cpp)
  target_link_libraries(viewer_watch_test PRIVATE gpulife_viewer GTest::gtest GTest::gtest_main
                                                  gpulife_warnings)
  gtest_discover_tests(viewer_watch_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS viewer)

  find_package(PNG REQUIRED)
  if(PNG_FOUND)
    add_executable(viewer_watch_check ${CMAKE_CURRENT_SOURCE_DIR}/viewer_watch_check.cpp)
    target_link_libraries(viewer_watch_check PRIVATE PNG::PNG gpulife_core gpulife_warnings)
    target_compile_features(viewer_watch_check PRIVATE cxx_std_20)
    target_compile_definitions(viewer_watch_check PRIVATE GPULIFE_ASSETS="${GPULIFE_ASSETS}")
    add_test(NAME viewer_xvfb_watch
             COMMAND viewer_watch_check $<TARGET_FILE:gpulife>
                     ${CMAKE_CURRENT_BINARY_DIR}/viewer_watch cpu)
    set_tests_properties(viewer_xvfb_watch PROPERTIES
      LABELS viewer SKIP_RETURN_CODE 77 TIMEOUT 300
      ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
    if(GPULIFE_HAVE_CUDA)
      # Headless EGL on the GPU: every GPU engine's graph counts, history plane and stops.
      add_test(NAME viewer_gpu_watch
               COMMAND viewer_watch_check $<TARGET_FILE:gpulife>
                       ${CMAKE_CURRENT_BINARY_DIR}/viewer_watch_gpu gpu)
      set_tests_properties(viewer_gpu_watch PROPERTIES
        LABELS "gpu;viewer" SKIP_RETURN_CODE 77 TIMEOUT 600
        ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
    endif()
  endif()
endif()
