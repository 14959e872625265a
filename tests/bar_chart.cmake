# The chart suites read the PNGs they write back with libpng (tests/xvfb_check_support.hpp); without
# it they skip those checks.
find_package(PNG)
if(PNG_FOUND)
  foreach(suite app_bar_chart_test cmd_bench_plot_test)
    if(TARGET ${suite})
      target_link_libraries(${suite} PRIVATE PNG::PNG)
    endif()
  endforeach()
endif()
