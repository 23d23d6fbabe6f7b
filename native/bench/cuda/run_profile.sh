#!/usr/bin/env bash
# Where a compiled case's GPU time goes, per kernel, in Kiln and in PyTorch: the case (a bench.py GPU
# case, default transformer6) compiled, 3 warm-up calls, 20 profiled calls. Kiln: its step profile
# (tests/cuda/profile_program.cpp, CUDA events around each launch of the compiled plans, warm-up
# included); PyTorch: torch.profiler's self CUDA time per kernel (timed calls only).
#
#   native/bench/cuda/run_profile.sh KILN_TESTS [CASE]   (KILN_TESTS: a CUDA build's tests/kiln_tests)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tests="${1:?usage: run_profile.sh KILN_TESTS [CASE]}"
case="${2:-transformer6}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for engine in kiln torch; do
    cat "$here/../inductor/cases.py" "$here/bench.py" "$here/profile_case.py" > "$tmp/${engine}_side.py"
    printf '\nprofile("%s", "%s")\n' "$engine" "$case" >> "$tmp/${engine}_side.py"
done
echo "==== Kiln: $case (23 calls: 3 warm-up + 20)"
KILN_CACHE_DIR="$tmp/kiln_cache" KILN_PROFILE_PROGRAM="$tmp/kiln_side.py" "$tests" "[.profile]" | grep -v "^Filters\|^====\|^All tests\|^$"
echo "==== PyTorch: $case (20 calls)"
TORCHINDUCTOR_CACHE_DIR="$tmp/torch_cache" python3 "$tmp/torch_side.py"
