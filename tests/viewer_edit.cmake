# The viewer's editing layer: tools driven by synthetic events, files, the library (no window),
# and a paste made through `gpulife view --paste` checked on a screenshot under Xvfb.
if(TARGET gpulife_viewer)
  add_executable(viewer_edit_test ${CMAKE_CURRENT_SOURCE_DIR}/viewer_edit_checks.cpp)
  target_link_libraries(viewer_edit_test PRIVATE gpulife_viewer GTest::gtest GTest::gtest_main
                                                 gpulife_warnings)
  gtest_discover_tests(viewer_edit_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS viewer)
endif()
