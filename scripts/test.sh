#!/usr/bin/env bash
# Quick start: set up, build and run every test (GPU suites report "skipped: no CUDA device"
# on a machine without one). Extra arguments go to ctest.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

install_missing "${BUILD_PACKAGES[@]}" "${GUI_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
configure_and_build -DGPULIFE_TESTS=ON
cd "$BUILD_DIR"
ctest --output-on-failure -j "$(nproc)" "$@"
