# The chart suites read the PNGs they write back with libpng (tests/xvfb_check_support.hpp), a
# test dependency like GoogleTest.
find_package(PNG REQUIRED)
foreach(suite app_bar_chart_test cmd_bench_plot_test)
  if(TARGET ${suite})
    target_link_libraries(${suite} PRIVATE PNG::PNG)
  endif()
endforeach()
