#!/usr/bin/env bash
# The oracle check on Golly's own collection (tests/golly_check.cpp): every file of its Life,
# Life-Like and HashLife folders runs and agrees with bgolly at generation 500, or is refused at
# once with the memory it would need. Installs golly when missing and builds what the check needs.
# Extra arguments go to golly_check, e.g. a file name or --max-memory 8G.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

install_missing "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S "$GPULIFE_ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGPULIFE_TESTS=ON
fi
cmake --build "$BUILD_DIR" --target gpulife golly_check
"$BUILD_DIR/tests/golly_check" --gpulife "$BUILD_DIR/app/gpulife" --jobs "$(nproc)" \
  --work "$BUILD_DIR/golly_check_work" "$@"
