#!/usr/bin/env bash
# Regenerates the expected outputs of the pure-Python parity programs with CPython 3.12.
#
# For every python/NAME.py this runs `python3 -X utf8 NAME.py` with the working directory
# python/ and writes:
#   python/NAME.out  the program's stdout, byte for byte;
#   python/NAME.err  only when the exit status is not 0: two lines, `exit N` and the last line of
#                    stderr (the exception line of the traceback, e.g. `ValueError: bad value 3`).
# Stale NAME.err files of programs that now exit 0, and outputs of deleted programs, are removed.
# Programs named uncaught_*.py must exit non-zero; every other program must exit 0.
#
# Must be run with CPython 3.12 (sum()'s compensated float summation, error messages, reprs such as
# OrderedDict's and format specs are pinned to it; the goldens come from the GPU machine's 3.12.3);
# the script refuses any other version. Set PYTHON to pick the interpreter (default python3).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="$here/python"
py="${PYTHON:-python3}"

ver="$("$py" -c 'import sys, platform; print(platform.python_implementation(), "%d.%d" % sys.version_info[:2])')"
if [[ "$ver" != "CPython 3.12" ]]; then
    echo "gen_python_goldens.sh: needs CPython 3.12, but $py is $ver" >&2
    exit 1
fi

cd "$dir"
export PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1
unset PYTHONWARNINGS PYTHONSTARTUP PYTHONPATH || true

shopt -s nullglob
for f in *.out *.err; do
    [[ -e "${f%.*}.py" ]] || rm -f -- "$f"
done

count=0
failures=0
tmp_err="$(mktemp)"
trap 'rm -f "$tmp_err"' EXIT
for src in *.py; do
    name="${src%.py}"
    set +e
    "$py" -X utf8 "$src" >"$name.out" 2>"$tmp_err"
    rc=$?
    set -e
    if [[ $rc -ne 0 ]]; then
        printf 'exit %d\n%s\n' "$rc" "$(tail -n 1 "$tmp_err")" >"$name.err"
    else
        rm -f -- "$name.err"
    fi
    if [[ "$name" == uncaught_* && $rc -eq 0 ]]; then
        echo "error: $src should end with an uncaught exception but exited 0" >&2
        failures=$((failures + 1))
    elif [[ "$name" != uncaught_* && $rc -ne 0 ]]; then
        echo "error: $src exited $rc:" >&2
        tail -n 5 "$tmp_err" >&2
        failures=$((failures + 1))
    fi
    count=$((count + 1))
done

echo "gen_python_goldens.sh: $count programs, $failures problems ($ver)"
[[ $failures -eq 0 ]]
