# The oracle check on Golly's collection (tests/golly_check.cpp): a ctest labelled "golly" when
# bgolly and Golly's patterns are installed (Debian's golly package; scripts/common.sh installs it
# for the tests). scripts/golly_check.sh runs the same check by hand.
add_executable(golly_check ${CMAKE_CURRENT_LIST_DIR}/golly_check.cpp)
target_link_libraries(golly_check PRIVATE gpulife_core gpulife_warnings)

find_program(GPULIFE_BGOLLY bgolly)
set(GPULIFE_GOLLY_PATTERNS /usr/share/golly/Patterns CACHE PATH "Golly's pattern collection")
# Memory the check lets each run use: larger patterns must be refused at once, which keeps the
# check's time within a few minutes on CI's two cores.
set(GPULIFE_GOLLY_CHECK_MEMORY 2G CACHE STRING "--max-memory of each run in the Golly check")
if(GPULIFE_BGOLLY AND IS_DIRECTORY ${GPULIFE_GOLLY_PATTERNS}/Life)
  add_test(NAME golly_check
           COMMAND golly_check --gpulife $<TARGET_FILE:gpulife> --bgolly ${GPULIFE_BGOLLY}
                   --patterns ${GPULIFE_GOLLY_PATTERNS} --jobs 2
                   --max-memory ${GPULIFE_GOLLY_CHECK_MEMORY}
                   --work ${CMAKE_CURRENT_BINARY_DIR}/golly_check_work)
  set_tests_properties(golly_check PROPERTIES LABELS golly TIMEOUT 2400 PROCESSORS 2)
else()
  message(STATUS "gpulife: bgolly or Golly's patterns not found, no Golly check")
endif()
