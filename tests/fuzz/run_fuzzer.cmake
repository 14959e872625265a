# Runs one libFuzzer target for SECONDS on a fresh copy of its seed corpus (ctest entry point).
# Usage: cmake -DFUZZER=exe -DSEEDS=dir -DWORK=dir -DSECONDS=n [-DDICT=file] [-DSEED=n]
#        -P run_fuzzer.cmake
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

# A fixed SEED makes a run reproducible (ctest); SEED=0 lets libFuzzer pick one (campaigns).
set(seed_arg)
if(DEFINED SEED)
  set(seed_arg -seed=${SEED})
endif()

# The fuzzer's progress lines run to thousands; they go to a log, and what matters is printed:
# the final stats, or on a failure the report and the reproducer.
set(log ${WORK}/fuzzer.log)
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
          -print_final_stats=1 ${seed_arg} ${dict_arg} -artifact_prefix=${WORK}/artifacts/
          ${WORK}/corpus
  OUTPUT_FILE ${log} ERROR_FILE ${log}
  RESULT_VARIABLE rc)
file(READ ${log} output)
if(NOT rc EQUAL 0)
  file(GLOB found ${WORK}/artifacts/*)
  string(REGEX MATCH "Seed: [0-9]+" seed_line "${output}")
  set(report "${output}")
  foreach(marker "fuzz invariant broken" "==ERROR" "ERROR: libFuzzer" "runtime error")
    string(FIND "${output}" "${marker}" at)
    if(at GREATER -1)
      string(SUBSTRING "${output}" ${at} -1 report)
      break()
    endif()
  endforeach()
  string(LENGTH "${report}" length)
  if(length GREATER 12000)
    string(SUBSTRING "${report}" 0 12000 report)
  endif()
  message(FATAL_ERROR "${FUZZER} failed (exit ${rc}, ${seed_line}); reproducer: ${found}\n"
                      "${report}\nfull log: ${log}")
endif()
string(REGEX MATCHALL "stat::[^\n]*" stats "${output}")
string(REPLACE ";" "\n" stats "${stats}")
message(STATUS "${stats}")
