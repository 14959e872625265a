#!/usr/bin/env bash
# Quick start: set up, build and run every test (GPU suites report "skipped: no CUDA device"
# on a machine without one). Extra arguments go to ctest.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

install_missing "${BUILD_PACKAGES[@]}" "${GUI_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
configure_and_build -DGPULIFE_TESTS=ON
cd "$BUILD_DIR"
ctest --output-on-failure -j "$(nproc)" "$@"
# ctest lists skipped tests only as "Skipped"; say why the GPU ones were.
log="$BUILD_DIR/Testing/Temporary/LastTest.log"
if skipped=$(grep -cx "skipped: no CUDA device" "$log" 2>/dev/null) && [ "$skipped" -gt 0 ]; then
  echo "gpulife: $skipped GPU tests skipped: no CUDA device"
fi
