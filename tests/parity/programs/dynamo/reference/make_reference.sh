#!/usr/bin/env bash
# Reference printouts of PyTorch 2.11's Dynamo for the Kiln implementer (NOT parity tests: the ctest
# runner only globs programs/*/*.py, one level down, so nothing in reference/ is compared).
#
# For every reference/NAME.py this runs, with the working directory reference/ and the same
# environment as gen_torch_goldens.sh (CPU only, single-threaded, PyTorch 2.11):
#   TORCH_LOGS="graph_code,guards,recompiles,graph_breaks,bytecode" python3 -X utf8 NAME.py 2>&1
# i.e. stdout (gm.code, gm.graph and gm.graph.print_tabular() of the first backend call, the
# example-input types of every backend call, str(explain output) without most of its Out Guards,
# caught exception texts) interleaved with the logs on stderr, into NAME.log. The logging prefix
# of each log line ("V1123 06:27:30.290000 1330 torch/_dynamo/guards.py:4204] ": level, date,
# time, pid, emitting file:line) is shortened to its level letter ("V "); the compile id
# ("[0/1]") and artifact tag ("[__guards]") that follow it are kept. To stay under 40000 bytes a
# log is made again without the `bytecode` artifact, and if still too long it is cut at 40000
# bytes; its first line says which. Scripts named bytecode_*.py run with TORCH_LOGS=bytecode alone
# (the original and the transformed bytecode of each compiled frame). Logs hold addresses, uuids
# and the paths of the machine that made them: they are for reading, never for comparing.
#   bash tests/parity/programs/dynamo/reference/make_reference.sh    # PYTHON=... picks the interpreter
set -uo pipefail
self="${BASH_SOURCE[0]}"
[[ "$self" == */* ]] && here="${self%/*}" || here=.
cd "$here"
py="${PYTHON:-python3}"
export CUDA_VISIBLE_DEVICES="" PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1 PYTHONIOENCODING=utf-8 PYTHONUNBUFFERED=1
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
unset PYTHONWARNINGS PYTHONSTARTUP PYTHONPATH TORCH_SHOW_CPP_STACKTRACES || true
ver="$("$py" -c 'import torch; print(torch.__version__)')"
limit=40000

make_log() {  # NAME LOGS NOTE
    local rc
    {
        echo "# $1.py, torch $ver, TORCH_LOGS=$2$3"
        TORCH_LOGS="$2" "$py" -X utf8 "$1.py" 2>&1 | sed -E 's/^([VWIE])[0-9]{4} [0-9:.]+ +[0-9]+ [^]]*\] /\1 /'
        rc=${PIPESTATUS[0]}
        echo "# exit $rc"
    } >"$1.log"
}

for src in *.py; do
    name="${src%.py}"
    [[ "$name" == _* ]] && continue  # _common.py: what the scripts import, not a script
    if [[ "$name" == bytecode_* ]]; then
        make_log "$name" "bytecode" ""
    else
        make_log "$name" "graph_code,guards,recompiles,graph_breaks,bytecode" ""
    fi
    if [[ $(wc -c <"$name.log") -gt $limit ]]; then
        make_log "$name" "graph_code,guards,recompiles,graph_breaks" " (bytecode left out: the log was over $limit bytes with it)"
    fi
    if [[ $(wc -c <"$name.log") -gt $limit ]]; then
        "$py" - "$name.log" "$limit" <<'PY'
import sys
path, limit = sys.argv[1], int(sys.argv[2])
text = open(path, encoding="utf-8").read()
lines = text.split("\n")
lines[0] += " (cut at %d bytes)" % limit
out = []
size = 0
for line in lines:
    size += len(line.encode("utf-8")) + 1
    if size > limit - 200:
        out.append("# ... cut here: the rest of the log (%d bytes in all) is left out" % len(text.encode("utf-8")))
        break
    out.append(line)
open(path, "w", encoding="utf-8").write("\n".join(out) + "\n")
PY
    fi
    echo "$name.log: $(wc -c <"$name.log") bytes"
done
