# Runs one libFuzzer target for SECONDS on a fresh copy of its seed corpus (ctest entry point).
# Usage: cmake -DFUZZER=exe -DSEEDS=dir -DWORK=dir -DSECONDS=n [-DDICT=file] -P run_fuzzer.cmake
foreach(var FUZZER SEEDS WORK SECONDS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzzer.cmake needs -D${var}=...")
  endif()
endforeach()
if(NOT EXISTS ${FUZZER})
  message(FATAL_ERROR "${FUZZER} is not built (build the default target first)")
endif()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts)
file(GLOB seeds ${SEEDS}/*)
file(COPY ${seeds} DESTINATION ${WORK}/corpus)

# An optional DICT (tokens of the format) helps the fuzzer past keywords quickly.
set(dict_arg)
if(DEFINED DICT AND EXISTS ${DICT})
  set(dict_arg -dict=${DICT})
endif()

execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
          -print_final_stats=1 ${dict_arg} -artifact_prefix=${WORK}/artifacts/ ${WORK}/corpus
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(GLOB found ${WORK}/artifacts/*)
  message(FATAL_ERROR "${FUZZER} failed (exit ${rc}); reproducer: ${found}")
endif()
