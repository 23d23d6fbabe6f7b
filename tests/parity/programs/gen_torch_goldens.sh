#!/usr/bin/env bash
# Regenerates the expected outputs of the PyTorch parity programs with real PyTorch 2.11 (CPU).
#
# Run it on a machine that has PyTorch 2.11 (the GPU machine), from any directory:
#   bash tests/parity/programs/gen_torch_goldens.sh [HALF]   # PYTHON=/path/to/python3 to choose the interpreter
# HALF is the folder next to this script that holds the programs: `torch` (the default) or `jit`
# (the TorchScript half), e.g. `bash tests/parity/programs/gen_torch_goldens.sh jit`; or `lessons`:
# the programs of every lesson folder lessons/NN-slug/ (the course, lessons/README.md), whose
# entries in lessons/GOLDENS_TODO.txt are then dropped (the file too, once empty).
# For every HALF/NAME.py this runs `python3 -X utf8 NAME.py` with the working directory HALF/
# and writes:
#   HALF/NAME.out  the program's stdout, byte for byte;
#   HALF/NAME.err  only when the exit status is not 0: two lines, `exit N` and the last line of
#                   stderr (the exception line of the traceback, e.g. `RuntimeError: ...`).
# Stale NAME.err files of programs that now exit 0, and outputs of deleted programs, are removed.
# Programs named err_uncaught_*.py must exit non-zero; every other program must exit 0.
#
# Needs only bash, python3 and torch (no coreutils: files are removed through python3). PyTorch
# is kept on the CPU (CUDA_VISIBLE_DEVICES is empty) and single-threaded, so the outputs do not
# depend on the machine's GPU or core count. The script refuses any PyTorch whose version does not
# start with 2.11 (printing and error messages are pinned to it).
set -euo pipefail

self="${BASH_SOURCE[0]}"
[[ "$self" == */* ]] && here="${self%/*}" || here=.
here="$(cd "$here" && pwd)"
half="${1:-torch}"
lessons="$(cd "$here/../../../lessons" 2>/dev/null && pwd || true)"
if [[ $# -gt 1 || -z "$half" || "$half" == */* || "$half" == .* ||
      ( ! -d "$here/$half" && ! ( "$half" == lessons && -n "$lessons" ) ) ]]; then
    echo "usage: gen_torch_goldens.sh [HALF]   (HALF: a program folder next to the script, e.g. torch or jit; or lessons)" >&2
    exit 2
fi
dirs=("$here/$half")
if [[ "$half" == lessons ]]; then
    shopt -s nullglob
    dirs=("$lessons"/[0-9][0-9]*-*/)
    shopt -u nullglob
fi
py="${PYTHON:-python3}"

remove() {  # rm -f without coreutils
    "$py" -c 'import os, sys
for p in sys.argv[1:]:
    if os.path.lexists(p):
        os.remove(p)' "$@"
}

export CUDA_VISIBLE_DEVICES="" PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1 PYTHONIOENCODING=utf-8
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
unset PYTHONWARNINGS PYTHONSTARTUP PYTHONPATH TORCH_SHOW_CPP_STACKTRACES TORCH_LOGS || true

if ! ver="$("$py" -c 'import torch; print(torch.__version__)' 2>/dev/null)"; then
    echo "gen_torch_goldens.sh: $py cannot import torch" >&2
    exit 1
fi
if [[ "$ver" != 2.11* ]]; then
    echo "gen_torch_goldens.sh: needs PyTorch 2.11, but $py has torch $ver" >&2
    exit 1
fi

count=0
failures=0
shopt -s nullglob
for dir in "${dirs[@]}"; do
cd "$dir"

stale=()
for f in *.out *.err; do
    [[ -e "${f%.*}.py" ]] || stale+=("$f")
done
if [[ ${#stale[@]} -gt 0 ]]; then
    remove "${stale[@]}"
fi

for src in *.py; do
    name="${src%.py}"
    set +e
    err="$("$py" -X utf8 "$src" 2>&1 >"$name.out")"
    rc=$?
    set -e
    mapfile -t lines <<<"$err"
    if [[ $rc -ne 0 ]]; then
        printf 'exit %d\n%s\n' "$rc" "${lines[${#lines[@]}-1]}" >"$name.err"
    elif [[ -e "$name.err" ]]; then
        remove "$name.err"
    fi
    if [[ "$name" == err_uncaught_* && $rc -eq 0 ]]; then
        echo "error: $src should end with an uncaught exception but exited 0" >&2
        failures=$((failures + 1))
    elif [[ "$name" != err_uncaught_* && $rc -ne 0 ]]; then
        echo "error: $src exited $rc:" >&2
        first=$(( ${#lines[@]} > 5 ? ${#lines[@]} - 5 : 0 ))
        printf '%s\n' "${lines[@]:first}" >&2
        failures=$((failures + 1))
    fi
    count=$((count + 1))
done
done

if [[ "$half" == lessons && -e "$lessons/GOLDENS_TODO.txt" ]]; then
    # Programs that now have a golden leave the to-do list; an empty list is deleted.
    "$py" -c 'import os, sys
root = sys.argv[1]
path = os.path.join(root, "GOLDENS_TODO.txt")
keep = []
for line in open(path):
    entry = line.split("#")[0].strip()
    if entry and os.path.exists(os.path.join(root, entry[:-3] + ".out")):
        continue
    keep.append(line)
if any(l.split("#")[0].strip() for l in keep):
    open(path, "w").writelines(keep)
else:
    os.remove(path)' "$lessons"
fi

echo "gen_torch_goldens.sh: $half/: $count programs, $failures problems (torch $ver)"
[[ $failures -eq 0 ]]
