# The viewer's tests, all on the viewer library (no viewer, none of them):
# - suites without a window: navigation driven by synthetic events, compare mode, pacing and the
#   interop path choice, the demo tour's stages, editing, the UX (key routing, dialogs,
#   notices, memory checks), the state, and the watch (graph, stops, Identify, Track/Autofit,
#   themes, step exponent);
# - checks that run `gpulife view`/`demo` under Xvfb with the CPU engines and read the saved
#   screenshots back: exactly the pattern's cells lit, compare's tiles and an injected fault
#   caught, the tour, a paste, real key and mouse events (xdotool), the watch; and the watch once
#   more on every GPU engine through EGL (label gpu);
# - the renderer's region path (bands on GPUs) against its whole-grid path on any EGL device.
if(NOT TARGET gpulife_viewer)
  return()
endif()

gpulife_add_suite(viewer_input_test SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_input_checks.cpp
                  LIBS gpulife_viewer LABELS viewer)
foreach(suite compare pacing demo edit ux state)
  gpulife_add_suite(viewer_${suite}_test
                    SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_${suite}_checks.cpp
                    LIBS gpulife_viewer LABELS viewer)
endforeach()
gpulife_add_suite(viewer_watch_test
                  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_watch_checks.cpp
                          ${CMAKE_CURRENT_SOURCE_DIR}/viewer_watch_logic_checks.cpp
                  LIBS gpulife_viewer LABELS viewer)

gpulife_add_viewer_check(TEST viewer_xvfb_screenshot PROGRAM viewer_screenshot_check
                         SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_screenshot_check.cpp
                         WORK viewer_screenshot)
gpulife_add_viewer_check(TEST viewer_xvfb_compare PROGRAM viewer_compare_check
                         SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_compare_check.cpp
                         WORK viewer_compare TIMEOUT 300)
gpulife_add_viewer_check(TEST viewer_xvfb_demo PROGRAM viewer_demo_screenshot_check
                         SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_demo_screenshot_checks.cpp
                         WORK viewer_demo)
gpulife_add_viewer_check(TEST viewer_xvfb_paste PROGRAM viewer_paste_check
                         SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_paste_check.cpp
                         WORK viewer_paste)
foreach(scenario tab slow-taps escape menu error)
  gpulife_add_viewer_check(TEST viewer_xvfb_keys_${scenario} PROGRAM viewer_keys_check
                           SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_keys_check.cpp
                           WORK viewer_keys/${scenario} ARGS ${scenario})
endforeach()
# Two CPU engines through every watch scenario under llvmpipe: about 270 s on two cores alone,
# most of it drawing frames after a stop condition has paused the run.
gpulife_add_viewer_check(TEST viewer_xvfb_watch PROGRAM viewer_watch_check
                         SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/viewer_watch_check.cpp
                         LIBS gpulife_core WORK viewer_watch ARGS cpu TIMEOUT 900)
if(GPULIFE_HAVE_CUDA)
  # Headless EGL on the GPU: every GPU engine's graph counts, history plane and stops.
  gpulife_add_viewer_check(TEST viewer_gpu_watch PROGRAM viewer_watch_check
                           WORK viewer_watch_gpu ARGS gpu LABELS gpu viewer TIMEOUT 600)
endif()

add_executable(viewer_regions_check ${CMAKE_CURRENT_SOURCE_DIR}/viewer_regions_checks.cpp)
target_link_libraries(viewer_regions_check PRIVATE gpulife_viewer gpulife_warnings)
add_test(NAME viewer_regions COMMAND viewer_regions_check)
set_tests_properties(viewer_regions PROPERTIES
  LABELS viewer SKIP_RETURN_CODE 77 TIMEOUT 300
  ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
