# Compare mode: its logic without a window (viewer_compare_checks.cpp), and under Xvfb with the
# CPU engines: agreement checks, identical tiles, and a fault injected into one engine's copy
# caught and named (viewer_compare_check.cpp).
if(TARGET gpulife_viewer)
  add_executable(viewer_compare_test ${CMAKE_CURRENT_SOURCE_DIR}/viewer_compare_checks.cpp)
  target_link_libraries(viewer_compare_test PRIVATE gpulife_viewer GTest::gtest GTest::gtest_main
                                                    gpulife_warnings)
  gtest_discover_tests(viewer_compare_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS viewer)

  find_package(PNG REQUIRED)
  add_executable(viewer_compare_check ${CMAKE_CURRENT_SOURCE_DIR}/viewer_compare_check.cpp)
  target_link_libraries(viewer_compare_check PRIVATE PNG::PNG gpulife_warnings)
  target_compile_features(viewer_compare_check PRIVATE cxx_std_20)
  add_test(NAME viewer_xvfb_compare
           COMMAND viewer_compare_check $<TARGET_FILE:gpulife>
                   ${CMAKE_CURRENT_BINARY_DIR}/viewer_compare)
  set_tests_properties(viewer_xvfb_compare PROPERTIES
    LABELS viewer SKIP_RETURN_CODE 77 TIMEOUT 300
    ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
endif()

# Pacing and the interop path choice, without a window or a GPU.
if(TARGET gpulife_viewer)
  add_executable(viewer_pacing_test ${CMAKE_CURRENT_SOURCE_DIR}/viewer_pacing_checks.cpp)
  target_link_libraries(viewer_pacing_test PRIVATE gpulife_viewer GTest::gtest GTest::gtest_main
                                                   gpulife_warnings)
  gtest_discover_tests(viewer_pacing_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS viewer)
endif()
