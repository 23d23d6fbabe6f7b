#!/usr/bin/env bash
# Runs train_step.py in Kiln (native C++ kernels compiled at once, then the kernel interpreter) and,
# when python3 has torch, in PyTorch, one after the other on this machine. Builds nothing.
#
#   native/bench/train/run.sh KILN_BINARY      e.g. build/native/native/cli/kiln
#   PYTHON=python3 (default) runs the PyTorch side; without torch it is skipped.
# Pin both to the same cores for a fair comparison (taskset -c 0-15 ...); OMP_NUM_THREADS applies to both.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
kiln="${1:?usage: run.sh KILN_BINARY}"
py="${PYTHON:-python3}"
echo "==== Kiln, compiled kernels as native C++ (KILN_CPP_JIT=1 $kiln train_step.py)"
KILN_CPP_JIT=1 "$kiln" "$here/train_step.py"
echo
echo "==== Kiln, compiled kernels interpreted (KILN_CPP_JIT=0)"
KILN_CPP_JIT=0 "$kiln" "$here/train_step.py"
echo
echo "==== PyTorch ($py train_step.py)"
if "$py" -c "import torch" 2>/dev/null; then
    "$py" "$here/train_step.py"
else
    echo "(no torch for $py)"
fi
