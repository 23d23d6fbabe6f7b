#!/usr/bin/env bash
# Thread scaling of eager ops (issue 32), one command: runs threads.py at each thread count, ROUNDS times,
# interleaved (1, N, 1, N, ...: a shared machine's load then hits every count alike), and prints one
# table (threads_summary.py): per case, the median of the rounds' medians and the minimum of their minimums
# at each count, and the ratio N/1 of each. A benchmark, not a test: it never fails on a slow number.
#
#   native/bench/models/threads.sh KILN [--threads LIST] [--rounds R] [--batches B] [--only SUBSTR] [--out FILE]
#     KILN       the built `kiln` CLI (build/native/native/cli/kiln), or "torch" for python3 + PyTorch
#     --threads  comma-separated thread counts (default: 1,<cores>)
#     --rounds   how many times each count runs (default 5)
#     --batches  timed batches per case and run (default 15)
#     --only     run only the cases whose name contains SUBSTR
#     --out      also write the table to FILE (with the machine named on top)
# OMP_NUM_THREADS and the program's --threads (torch.set_num_threads) both get the thread count.
# Threads are bound one per core (OMP_PROC_BIND=close OMP_PLACES=cores, unless set): on a shared
# machine the scheduler otherwise now and then stacks both threads of a region on one core, where
# the one spinning at the region's barrier holds the core for a whole time slice before the other
# runs (every region of such a process then takes ~12 ms on the 2-core dev VM).
export OMP_PROC_BIND="${OMP_PROC_BIND:-close}" OMP_PLACES="${OMP_PLACES:-cores}"
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
engine="${1:?usage: threads.sh KILN|torch [--threads LIST] [--rounds R] [--batches B] [--only SUBSTR] [--out FILE]}"
shift
cores="$(nproc)"
threads="1,$cores" rounds=5 batches=15 only="" out=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --threads) threads="$2"; shift ;;
        --rounds) rounds="$2"; shift ;;
        --batches) batches="$2"; shift ;;
        --only) only="$2"; shift ;;
        --out) out="$2"; shift ;;
        *) echo "threads.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
args=(--batches "$batches")
[[ -n "$only" ]] && args+=(--only "$only")
for ((r = 1; r <= rounds; ++r)); do
    for t in ${threads//,/ }; do
        echo "round $r, $t threads" >&2
        if [[ "$engine" == torch ]]; then
            OMP_NUM_THREADS="$t" python3 "$here/threads.py" --threads "$t" "${args[@]}" >> "$tmp/results"
        else
            OMP_NUM_THREADS="$t" "$engine" "$here/threads.py" --threads "$t" "${args[@]}" >> "$tmp/results"
        fi
    done
done
cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //' || true)"
header="# $(date +%Y-%m-%d), $(hostname): $cores cores ($cpu), load average $(cut -d' ' -f1-3 /proc/loadavg)
# engine: $engine; OMP_PROC_BIND=$OMP_PROC_BIND OMP_PLACES=$OMP_PLACES; $rounds rounds of threads $threads interleaved, $batches batches per case and run"
python3 "$here/threads_summary.py" "$tmp/results" --header "$header" ${out:+--out "$out"}
