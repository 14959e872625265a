# Shared by run.sh and test.sh: install missing Debian packages, configure and build Release.
set -euo pipefail

GPULIFE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${GPULIFE_BUILD_DIR:-$GPULIFE_ROOT/build}"

# Packages every build needs, the viewer's, and the test tools'.
BUILD_PACKAGES=(build-essential cmake ninja-build pkg-config libfreetype-dev fonts-dejavu-core
  libstb-dev nlohmann-json3-dev zlib1g-dev libzip-dev)
GUI_PACKAGES=(libglfw3-dev libimgui-dev python3-glad libglm-dev libgl-dev libegl-dev)
TEST_PACKAGES=(libgtest-dev libbenchmark-dev clang libclang-rt-14-dev xvfb xauth xdotool libpng-dev
  golly)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_missing() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "gpulife: installing ${missing[*]}"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      "${missing[@]}"
  fi
}

# Configures (CUDA engines when nvcc is found, see README) and builds everything in Release.
configure_and_build() {
  local cuda_args=()
  if [ -z "${CUDACXX:-}" ] && ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    cuda_args+=(-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc)
  fi
  cmake -S "$GPULIFE_ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    "${cuda_args[@]}" "$@"
  cmake --build "$BUILD_DIR" -j "$(nproc)"
}
