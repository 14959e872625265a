# The viewer under Xvfb: `gpulife view` renders a pattern with the CPU reference engine and saves
# a screenshot; viewer_screenshot_check reads it back (libpng) and verifies that exactly the
# pattern's cells are lit where the viewer says the cells are. Skipped without xvfb-run.
if(TARGET gpulife_viewer)
  # The navigation tool, driven by synthetic events (needs the viewer library, so it is not one
  # of the automatically collected *_test.cpp suites).
  add_executable(viewer_input_test ${CMAKE_CURRENT_SOURCE_DIR}/viewer_input_checks.cpp)
  target_link_libraries(viewer_input_test PRIVATE gpulife_viewer GTest::gtest GTest::gtest_main
                                                  gpulife_warnings)
  gtest_discover_tests(viewer_input_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS viewer)

  find_package(PNG REQUIRED)
  if(PNG_FOUND)
    add_executable(viewer_screenshot_check ${CMAKE_CURRENT_SOURCE_DIR}/viewer_screenshot_check.cpp)
    target_link_libraries(viewer_screenshot_check PRIVATE PNG::PNG gpulife_warnings)
    target_compile_features(viewer_screenshot_check PRIVATE cxx_std_20)
    add_test(NAME viewer_xvfb_screenshot
             COMMAND viewer_screenshot_check $<TARGET_FILE:gpulife>
                     ${CMAKE_CURRENT_BINARY_DIR}/viewer_screenshot)
    set_tests_properties(viewer_xvfb_screenshot PROPERTIES
      LABELS viewer SKIP_RETURN_CODE 77 TIMEOUT 180
      ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
  else()
    message(STATUS "gpulife: libpng not found, the viewer screenshot test is not built")
  endif()
endif()
