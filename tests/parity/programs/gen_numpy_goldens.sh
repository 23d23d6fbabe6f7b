#!/usr/bin/env bash
# Regenerates the expected outputs of the numpy parity programs (numpy/NAME.py) with real NumPy 2.
#
# For every numpy/NAME.py this runs `python3 -X utf8 NAME.py` with numpy/ as the working directory
# and writes numpy/NAME.out (stdout, byte for byte); every program must exit 0. NumPy 1.x prints
# scalars differently (`1.5` instead of `np.float64(1.5)`), so the script refuses it. The goldens
# committed so far were made with NumPy 2.5.2 on CPython 3.12 (the GPU machine's python3), the
# Python Kiln follows. PYTHON picks the interpreter.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="$here/numpy"
py="${PYTHON:-python3}"
ver="$("$py" -c 'import numpy; print(numpy.__version__)')"
if [[ "$ver" != 2.* ]]; then
    echo "gen_numpy_goldens.sh: needs NumPy 2.x, but $py has $ver" >&2
    exit 1
fi
cd "$dir"
export PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1
shopt -s nullglob
for f in *.out; do [[ -e "${f%.out}.py" ]] || rm -f -- "$f"; done
failures=0
for src in *.py; do
    if ! "$py" -X utf8 "$src" >"${src%.py}.out"; then
        echo "error: $src failed" >&2
        failures=$((failures + 1))
    fi
done
echo "gen_numpy_goldens.sh: $failures problems (numpy $ver, $("$py" -V))"
[[ $failures -eq 0 ]]
