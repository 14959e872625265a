# gpulife_cpu_bench: Google Benchmark program for the CPU engines (run by hand; see
# docs/BENCHMARKS.md). ctest only runs a one-second smoke case so the suite stays fast.
find_package(benchmark QUIET)
if(benchmark_FOUND)
  add_executable(gpulife_cpu_bench ${CMAKE_CURRENT_SOURCE_DIR}/bench/cpu_bench.cpp)
  target_link_libraries(gpulife_cpu_bench PRIVATE gpulife_core benchmark::benchmark
                                                  gpulife_warnings)
  add_test(NAME cpu_bench_smoke
           COMMAND gpulife_cpu_bench --benchmark_filter=^Smoke --benchmark_min_time=0.05)
  set_tests_properties(cpu_bench_smoke PROPERTIES LABELS "core;bench" TIMEOUT 60)
else()
  message(STATUS "gpulife: Google Benchmark not found, gpulife_cpu_bench not built")
endif()
