#!/usr/bin/env bash
# Regenerates the expected outputs of the real-program corpus (tests/realworld/*.py).
#
#   bash tests/realworld/gen_goldens.sh              # the programs that import torch or numpy, with
#                                                    # PyTorch 2.11 (the GPU machine)
#   bash tests/realworld/gen_goldens.sh --no-torch   # the other (pure-Python) programs, with CPython
#                                                    # 3.12 (any machine; no torch needed)
#   bash tests/realworld/gen_goldens.sh NAME.py ...  # only these programs (either mode)
# PYTHON=/path/to/python3 picks the interpreter (default python3).
#
# For every NAME.py this runs `python3 -X utf8 NAME.py` with the working directory tests/realworld/
# and writes, exactly as tests/parity/programs/gen_torch_goldens.sh does:
#   NAME.out  the program's stdout, byte for byte;
#   NAME.err  only when the exit status is not 0: two lines, `exit N` and the last line of stderr
#             (the exception line of the traceback).
# Every program here must exit 0 (a non-zero exit is reported as a problem, its .err still written).
# Stale NAME.err files of programs that now exit 0, and outputs of deleted programs, are removed.
#
# PyTorch is kept on the CPU (CUDA_VISIBLE_DEVICES is empty) and single-threaded (OMP_NUM_THREADS=1),
# so the outputs do not depend on the machine's GPU or core count. The full mode refuses any PyTorch
# whose version does not start with 2.11; --no-torch refuses any Python but CPython 3.12 (printing,
# float repr and error messages are pinned to those versions). Needs only bash and python3 (files are
# removed through python3, no coreutils).
set -euo pipefail

self="${BASH_SOURCE[0]}"
[[ "$self" == */* ]] && here="${self%/*}" || here=.
here="$(cd "$here" && pwd)"
py="${PYTHON:-python3}"

no_torch=0
if [[ "${1:-}" == --no-torch ]]; then
    no_torch=1
    shift
fi
for arg in "$@"; do
    if [[ "$arg" != *.py || "$arg" == */* || ! -e "$here/$arg" ]]; then
        echo "usage: gen_goldens.sh [--no-torch] [NAME.py ...]   (programs of tests/realworld/)" >&2
        exit 2
    fi
done

remove() {  # rm -f without coreutils
    "$py" -c 'import os, sys
for p in sys.argv[1:]:
    if os.path.lexists(p):
        os.remove(p)' "$@"
}

export CUDA_VISIBLE_DEVICES="" PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1 PYTHONIOENCODING=utf-8
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
unset PYTHONWARNINGS PYTHONSTARTUP PYTHONPATH TORCH_SHOW_CPP_STACKTRACES TORCH_LOGS || true

if [[ $no_torch -eq 1 ]]; then
    ver="$("$py" -c 'import sys, platform; print(platform.python_implementation(), "%d.%d" % sys.version_info[:2])')"
    if [[ "$ver" != "CPython 3.12" ]]; then
        echo "gen_goldens.sh --no-torch: needs CPython 3.12, but $py is $ver" >&2
        exit 1
    fi
else
    if ! ver="$("$py" -c 'import torch; print(torch.__version__)' 2>/dev/null)"; then
        echo "gen_goldens.sh: $py cannot import torch (use --no-torch for the pure-Python programs)" >&2
        exit 1
    fi
    if [[ "$ver" != 2.11* ]]; then
        echo "gen_goldens.sh: needs PyTorch 2.11, but $py has torch $ver" >&2
        exit 1
    fi
    ver="torch $ver"
fi

cd "$here"
shopt -s nullglob

if [[ $# -eq 0 ]]; then
    # Outputs of deleted programs go (each mode may remove them: they belong to no program).
    stale=()
    for f in *.out *.err; do
        [[ -e "${f%.*}.py" ]] || stale+=("$f")
    done
    if [[ ${#stale[@]} -gt 0 ]]; then
        remove "${stale[@]}"
    fi
    set -- *.py
fi

count=0
failures=0
for src in "$@"; do
    name="${src%.py}"
    # The two modes split the corpus: programs that import torch or numpy get their goldens from
    # PyTorch 2.11 (full mode), the others from CPython 3.12 (--no-torch), the Python Kiln matches
    # (the GPU machine's Python 3.12.3 makes both).
    uses_torch=0
    grep -Eq '^\s*(import|from)\s+(torch|numpy)\b' "$src" && uses_torch=1
    if [[ $uses_torch -eq $no_torch ]]; then
        continue
    fi
    set +e
    err="$("$py" -X utf8 "$src" 2>&1 >"$name.out")"
    rc=$?
    set -e
    mapfile -t lines <<<"$err"
    if [[ $rc -ne 0 ]]; then
        printf 'exit %d\n%s\n' "$rc" "${lines[${#lines[@]}-1]}" >"$name.err"
        echo "error: $src exited $rc:" >&2
        first=$(( ${#lines[@]} > 5 ? ${#lines[@]} - 5 : 0 ))
        printf '%s\n' "${lines[@]:first}" >&2
        failures=$((failures + 1))
    elif [[ -e "$name.err" ]]; then
        remove "$name.err"
    fi
    count=$((count + 1))
done

echo "gen_goldens.sh: realworld/: $count programs, $failures problems ($ver)"
[[ $failures -eq 0 ]]
