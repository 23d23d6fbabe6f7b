#!/usr/bin/env bash
# The GPU benchmark against PyTorch, one command: runs bench.py in Kiln and in PyTorch, one after
# the other on this machine's GPU, and prints one table (compare.py) plus a JSON file.
#
#   native/bench/cuda/run_all.sh KILN [--quick] [--cpu] [--only CASES] [--modes MODES] [--json OUT]
#     KILN     the built `kiln` CLI (build/native/native/cli/kiln)
#     --quick  small sizes (a smoke run)          --cpu    run on the CPU (checks the script without a GPU)
#     --only   comma-separated case names (default: all)
#     --modes  comma-separated torch.compile modes (default: default,reduce-overhead; also max-autotune)
#     --json   where to write the joined results (default: ./cuda_bench.json)
#   PYTHON=python3 (default) runs the PyTorch side; without torch it is skipped.
# Each engine gets fresh compile caches, so first calls are cold compiles (NVRTC for Kiln; Inductor,
# Triton and the host compiler for PyTorch).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
kiln="${1:?usage: run_all.sh KILN [--quick] [--cpu] [--only CASES] [--modes MODES] [--json OUT]}"
shift
quick=False dev=cuda only="" modes="default,reduce-overhead" json="cuda_bench.json"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) quick=True ;;
        --cpu) dev=cpu ;;
        --only) only="$2"; shift ;;
        --modes) modes="$2"; shift ;;
        --json) json="$2"; shift ;;
        *) echo "run_all.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
py="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
call() { printf '\nmain("%s", dev="%s", quick=%s, only="%s", modes="%s")\n' "$1" "$dev" "$quick" "$only" "$modes"; }
program() { cat "$here/../inductor/cases.py" "$here/bench.py"; call "$1"; }
program kiln > "$tmp/kiln_bench.py"
program torch > "$tmp/torch_bench.py"

echo "==== Kiln ($kiln)"
KILN_CACHE_DIR="$tmp/kiln_cache" "$kiln" "$tmp/kiln_bench.py" | tee "$tmp/kiln.out"
echo
echo "==== PyTorch ($py)"
if "$py" -c "import torch" 2>/dev/null; then
    TORCHINDUCTOR_CACHE_DIR="$tmp/torch_cache" TRITON_CACHE_DIR="$tmp/triton_cache" \
        "$py" "$tmp/torch_bench.py" | tee "$tmp/torch.out"
else
    echo "(no torch for $py: PyTorch columns left empty)"
    : > "$tmp/torch.out"
fi
echo
"$py" "$here/compare.py" "$tmp/kiln.out" "$tmp/torch.out" --json "$json"
