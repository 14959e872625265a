# The viewer's editing layer: tools driven by synthetic events, files, the library (no window),
# and a paste made through `gpulife view --paste` checked on a screenshot under Xvfb.
if(TARGET gpulife_viewer)
  add_executable(viewer_edit_test ${CMAKE_CURRENT_SOURCE_DIR}/viewer_edit_checks.cpp)
  target_link_libraries(viewer_edit_test PRIVATE gpulife_viewer GTest::gtest GTest::gtest_main
                                                 gpulife_warnings)
  gtest_discover_tests(viewer_edit_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS viewer)
endif()

if(TARGET gpulife_viewer)
  find_package(PNG REQUIRED)
  if(PNG_FOUND)
    add_executable(viewer_paste_check ${CMAKE_CURRENT_SOURCE_DIR}/viewer_paste_check.cpp)
    target_link_libraries(viewer_paste_check PRIVATE PNG::PNG gpulife_warnings)
    target_compile_features(viewer_paste_check PRIVATE cxx_std_20)
    add_test(NAME viewer_xvfb_paste
             COMMAND viewer_paste_check $<TARGET_FILE:gpulife>
                     ${CMAKE_CURRENT_BINARY_DIR}/viewer_paste)
    set_tests_properties(viewer_xvfb_paste PROPERTIES
      LABELS viewer SKIP_RETURN_CODE 77 TIMEOUT 180
      ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
  endif()
endif()
