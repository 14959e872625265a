#!/usr/bin/env bash
# Quick start: set up, build and open the viewer on the built-in demo (CPU engines when there is
# no CUDA GPU). Extra arguments go to `gpulife view`.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

install_missing "${BUILD_PACKAGES[@]}" "${GUI_PACKAGES[@]}"
# Without the tests the build is quicker. A build folder test.sh set up keeps them (and rebuilds
# them), so that ctest there never runs test binaries older than the sources.
tests=OFF
if grep -qsx 'GPULIFE_TESTS:BOOL=ON' "$BUILD_DIR/CMakeCache.txt"; then tests=ON; fi
configure_and_build -DGPULIFE_TESTS=$tests

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "gpulife: no display found (DISPLAY is not set); running the demo headless instead:"
  exec "$BUILD_DIR/app/gpulife" run gosper_glider_gun -g 300
fi
exec "$BUILD_DIR/app/gpulife" view "$@"
