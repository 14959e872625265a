# libFuzzer targets for the pattern and rule parsers and the whole load path, built with clang
# (ASan + UBSan) beside the main build, and one ctest per target (label "fuzz") that fuzzes a
# copy of its seed corpus for a bounded time. Without a clang that can link libFuzzer there are no fuzz tests.
if(GPULIFE_FUZZ STREQUAL "OFF")
  return()
endif()

find_program(GPULIFE_FUZZ_CLANGXX NAMES clang++ clang++-19 clang++-18 clang++-17 clang++-16
                                        clang++-15 clang++-14)
set(GPULIFE_FUZZ_FLAGS -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined
                       -fno-sanitize-recover=undefined)
set(GPULIFE_FUZZ_TIME 30 CACHE STRING "Seconds each fuzz test runs")
# ctest fuzzes from a fixed seed, so a failing run can be repeated exactly; 0 lets each run pick
# its own (a longer campaign: ctest -L fuzz with -DGPULIFE_FUZZ_TIME=600 -DGPULIFE_FUZZ_SEED=0).
set(GPULIFE_FUZZ_SEED 1 CACHE STRING "libFuzzer seed of the fuzz tests (0: a new one each run)")

# A clang without the libFuzzer runtime (a separate package on some systems) is as good as none:
# probe by building and running an empty fuzzer once.
set(_fuzz_ok OFF)
if(GPULIFE_FUZZ_CLANGXX)
  set(_probe_dir ${CMAKE_CURRENT_BINARY_DIR}/fuzz/probe)
  file(MAKE_DIRECTORY ${_probe_dir})
  file(WRITE ${_probe_dir}/probe.cpp
       "#include <cstddef>\n#include <cstdint>\n"
       "extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n")
  execute_process(COMMAND ${GPULIFE_FUZZ_CLANGXX} ${GPULIFE_FUZZ_FLAGS} ${_probe_dir}/probe.cpp
                          -o ${_probe_dir}/probe
                  RESULT_VARIABLE _probe_rc OUTPUT_QUIET ERROR_QUIET)
  # Sanitizer runtimes can fail at start-up in some environments (address-space layout,
  # ptrace); a fuzzer that cannot start would only make every fuzz test fail.
  if(_probe_rc EQUAL 0)
    execute_process(COMMAND ${_probe_dir}/probe -runs=1 RESULT_VARIABLE _probe_run_rc
                    OUTPUT_QUIET ERROR_QUIET TIMEOUT 60)
    if(_probe_run_rc EQUAL 0)
      set(_fuzz_ok ON)
    endif()
  endif()
endif()

if(NOT _fuzz_ok)
  if(GPULIFE_FUZZ STREQUAL "ON")
    message(FATAL_ERROR "GPULIFE_FUZZ=ON but no clang++ able to build libFuzzer targets was found "
                        "(install clang and its runtime libraries, or use -DGPULIFE_FUZZ=OFF)")
  endif()
  message(STATUS "gpulife: no clang++ with libFuzzer found, fuzz tests are not built")
  return()
endif()
message(STATUS "gpulife: fuzz tests built with ${GPULIFE_FUZZ_CLANGXX}, "
               "${GPULIFE_FUZZ_TIME} s each")

file(GLOB _fuzz_headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/core/*.hpp
     ${PROJECT_SOURCE_DIR}/app/grid_setup.hpp ${CMAKE_CURRENT_LIST_DIR}/fuzz/*.hpp)
# Every fuzzer links all of core (the SIMD variants, which need their own flags, aside) and the
# grid setup the commands share, each source compiled once with the sanitizers.
file(GLOB _fuzz_core_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/core/*.cpp)
list(FILTER _fuzz_core_sources EXCLUDE REGEX "simd_engine_avx")
list(APPEND _fuzz_core_sources ${PROJECT_SOURCE_DIR}/app/grid_setup.cpp
     ${PROJECT_SOURCE_DIR}/app/engines.cpp ${PROJECT_SOURCE_DIR}/app/universe.cpp)
set(GPULIFE_FUZZ_OBJECT_FLAGS -std=c++20 -O1 -g -fsanitize=fuzzer-no-link,address,undefined
                              -fno-sanitize-recover=undefined)
set(_fuzz_objects)
foreach(source ${_fuzz_core_sources})
  get_filename_component(_name ${source} NAME_WE)
  set(_object ${CMAKE_CURRENT_BINARY_DIR}/fuzz/objects/${_name}.o)
  add_custom_command(
    OUTPUT ${_object}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/fuzz/objects
    COMMAND ${GPULIFE_FUZZ_CLANGXX} ${GPULIFE_FUZZ_OBJECT_FLAGS} -I${PROJECT_SOURCE_DIR}
            -DGPULIFE_SOURCE_DIR="${PROJECT_SOURCE_DIR}" -c ${source} -o ${_object}
    DEPENDS ${source} ${_fuzz_headers}
    COMMENT "Compiling ${_name}.cpp for the fuzzers"
    VERBATIM)
  list(APPEND _fuzz_objects ${_object})
endforeach()

foreach(target rle cells life106 life105 macrocell mcell rule load)
  set(_exe ${CMAKE_CURRENT_BINARY_DIR}/fuzz/${target}_fuzz)
  set(_source ${CMAKE_CURRENT_LIST_DIR}/fuzz/${target}_fuzz.cpp)
  add_custom_command(
    OUTPUT ${_exe}
    COMMAND ${GPULIFE_FUZZ_CLANGXX} ${GPULIFE_FUZZ_FLAGS} -I${PROJECT_SOURCE_DIR} ${_source}
            ${_fuzz_objects} -lz -lzip -lpthread -o ${_exe}
    DEPENDS ${_source} ${_fuzz_objects} ${_fuzz_headers}
    COMMENT "Building fuzzer ${target}_fuzz with clang"
    VERBATIM)
  add_custom_target(${target}_fuzz ALL DEPENDS ${_exe})

  # The fuzzer adds what it finds to its corpus, so it works on a copy, never on the tree.
  add_test(NAME fuzz_${target}
           COMMAND ${CMAKE_COMMAND} -DFUZZER=${_exe}
                   -DSEEDS=${CMAKE_CURRENT_LIST_DIR}/fuzz/corpus/${target}
                   -DWORK=${CMAKE_CURRENT_BINARY_DIR}/fuzz/work/${target}
                   -DSECONDS=${GPULIFE_FUZZ_TIME}
                   -DDICT=${CMAKE_CURRENT_LIST_DIR}/fuzz/${target}.dict
                   -DSEED=${GPULIFE_FUZZ_SEED}
                   -P ${CMAKE_CURRENT_LIST_DIR}/fuzz/run_fuzzer.cmake)
  math(EXPR _timeout "${GPULIFE_FUZZ_TIME} + 120")
  set_tests_properties(fuzz_${target} PROPERTIES LABELS fuzz TIMEOUT ${_timeout})
endforeach()
