# `gpulife demo`: the tour's stage logic without a display (viewer_demo_test), and the tour itself
# under Xvfb with the CPU engines, its screenshots, printed figures and error messages
# (viewer_xvfb_demo; skipped without xvfb-run).
if(TARGET gpulife_viewer)
  add_executable(viewer_demo_test ${CMAKE_CURRENT_SOURCE_DIR}/viewer_demo_checks.cpp)
  target_link_libraries(viewer_demo_test PRIVATE gpulife_viewer GTest::gtest GTest::gtest_main
                                                 gpulife_warnings)
  gtest_discover_tests(viewer_demo_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS viewer)

  find_package(PNG REQUIRED)
  if(PNG_FOUND)
    add_executable(viewer_demo_screenshot_check
                   ${CMAKE_CURRENT_SOURCE_DIR}/viewer_demo_screenshot_checks.cpp)
    target_link_libraries(viewer_demo_screenshot_check PRIVATE PNG::PNG gpulife_warnings)
    target_compile_features(viewer_demo_screenshot_check PRIVATE cxx_std_20)
    add_test(NAME viewer_xvfb_demo
             COMMAND viewer_demo_screenshot_check $<TARGET_FILE:gpulife>
                     ${CMAKE_CURRENT_BINARY_DIR}/viewer_demo)
    set_tests_properties(viewer_xvfb_demo PROPERTIES
      LABELS viewer SKIP_RETURN_CODE 77 TIMEOUT 180
      ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
  endif()
endif()
