#!/usr/bin/env bash
# Where a compiled case's GPU time goes, per kernel, in Kiln and in PyTorch: each engine runs
# profile_case.py under Nsight Systems and its kernel summary (time, calls, name) is printed.
#
#   native/bench/cuda/run_profile.sh KILN [CASE] [OUTDIR]   (CASE: a bench.py GPU case, default transformer6)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
kiln="${1:?usage: run_profile.sh KILN [CASE] [OUTDIR]}"
case="${2:-transformer6}"
out="${3:-$(mktemp -d)}"
mkdir -p "$out"
nsys="$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | head -1 || true)"
[[ -n "$nsys" ]] || { echo "run_profile.sh: no nsys on this machine" >&2; exit 2; }
for engine in kiln torch; do
    cat "$here/../inductor/cases.py" "$here/bench.py" "$here/profile_case.py" > "$out/$engine.py"
    printf '\nprofile("%s")\n' "$engine" >> "$out/$engine.py"
    if [[ $engine == kiln ]]; then cmd=("$kiln" "$out/$engine.py"); else cmd=(python3 "$out/$engine.py"); fi
    PROFILE_CASE="$case" KILN_CACHE_DIR="$out/kiln_cache" "$nsys" profile -q -t cuda -o "$out/$engine" -f true "${cmd[@]}" >/dev/null
    echo "==== $engine: $case, GPU kernels (all calls: 3 warm-up + 20 timed)"
    "$nsys" stats -q -r cuda_gpu_kern_sum -f csv "$out/$engine.nsys-rep" 2>/dev/null |
        python3 -c '
import csv, sys
rows = list(csv.DictReader(sys.stdin))
total = sum(float(r["Total Time (ns)"]) for r in rows)
print("%8s %6s %9s  %s" % ("ms/call", "share", "launches", "kernel"))
for r in rows[:25]:
    t = float(r["Total Time (ns)"])
    print("%8.4f %5.1f%% %9s  %s" % (t / 23 / 1e6, 100 * t / total, r["Instances"], r["Name"][:110]))
print("%8.4f total GPU kernel time per call" % (total / 23 / 1e6))'
done
