#!/bin/sh
# Builds Kiln on a GPU machine and runs the [cuda] tests twice: plainly, then under
# compute-sanitizer (memcheck). Everything else about the build is the `native` preset.
#   tests/cuda/run_on_gpu.sh [BUILD_DIR] [JOBS]
# Catch2 (2.x, header-only) is taken from the system, or from $CATCH2_PREFIX (a prefix holding
# include/catch2/catch.hpp and lib/cmake/Catch2/) on machines without it.
set -eu
dir=${1:-build/gpu}
jobs=${2:-16}
mkdir -p "$(dirname "$dir")"
prefix=""
[ -n "${CATCH2_PREFIX:-}" ] && prefix="-DCMAKE_PREFIX_PATH=$CATCH2_PREFIX"
cmake --preset native -B "$dir" -DKILN_WEB_DIR= -DKILN_USE_CCACHE=OFF $prefix >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log"; exit 1; }
tail -8 "$dir.configure.log"
cmake --build "$dir" -j"$jobs" --target kiln_tests kiln 2>&1 | grep -E "error|warning: unused|FAILED" || true
test -x "$dir/tests/kiln_tests"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
echo "== [cuda] tests"
KILN_CPP_JIT=0 "$dir/tests/kiln_tests" "[cuda]" --durations yes
echo "== [cuda] tests under compute-sanitizer memcheck"
KILN_CPP_JIT=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$dir/tests/kiln_tests" "[cuda]"
