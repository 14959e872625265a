# The viewer as a user meets it, without a window: key routing (no key lost to ImGui or to a low
# frame rate), Esc and Enter over dialogs, notices, the menu's shortcuts, the title, memory
# checks before growing the grid, undo across loads and engine switches, rule suffixes and
# saving a torus. Then under Xvfb, real key and mouse events sent with xdotool.
if(TARGET gpulife_viewer)
  foreach(suite viewer_ux viewer_state)
    add_executable(${suite}_test ${CMAKE_CURRENT_SOURCE_DIR}/${suite}_checks.cpp)
    target_link_libraries(${suite}_test PRIVATE gpulife_viewer GTest::gtest GTest::gtest_main
                                                gpulife_warnings)
    target_compile_definitions(${suite}_test PRIVATE GPULIFE_TEST_DATA="${GPULIFE_TEST_DATA}")
    gtest_discover_tests(${suite}_test DISCOVERY_TIMEOUT 60 PROPERTIES LABELS viewer)
  endforeach()

  find_package(PNG REQUIRED)
  add_executable(viewer_keys_check ${CMAKE_CURRENT_SOURCE_DIR}/viewer_keys_check.cpp)
  target_compile_features(viewer_keys_check PRIVATE cxx_std_20)
  target_link_libraries(viewer_keys_check PRIVATE PNG::PNG gpulife_warnings)
  foreach(scenario tab slow-taps escape menu error)
    add_test(NAME viewer_xvfb_keys_${scenario}
             COMMAND viewer_keys_check $<TARGET_FILE:gpulife>
                     ${CMAKE_CURRENT_BINARY_DIR}/viewer_keys/${scenario} ${scenario})
    set_tests_properties(viewer_xvfb_keys_${scenario} PROPERTIES
      LABELS viewer SKIP_RETURN_CODE 77 TIMEOUT 180
      ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
  endforeach()
endif()
