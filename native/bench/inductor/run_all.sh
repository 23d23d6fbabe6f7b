#!/usr/bin/env bash
# Runs kiln_inductor_bench and torch_inductor_bench.py (the same cases, inductor/cases.py) one after
# the other on this machine and prints one combined table. Builds nothing.
#
#   native/bench/inductor/run_all.sh KILN_INDUCTOR_BENCH [flags...]
#     KILN_INDUCTOR_BENCH  path to the built kiln_inductor_bench binary
#     flags                passed to both: --quick, --threads N, --reps N, --warmup N, --case NAME
#   PYTHON=python3 (default) runs the PyTorch side; without torch it is skipped.
# Pin both to the same cores for a fair comparison, e.g. taskset -c 0-15 run_all.sh ... --threads 16.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:?usage: run_all.sh KILN_INDUCTOR_BENCH [--quick] [--threads N] [--reps N] [--warmup N] [--case NAME]}"
shift
py="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "==== Kiln ($bin $*)"
"$bin" --dir "$here" --results "$tmp/kiln.tsv" "$@"
echo
echo "==== PyTorch ($py $here/torch_inductor_bench.py $*)"
if "$py" -c "import torch" 2>/dev/null; then
    "$py" "$here/torch_inductor_bench.py" --results "$tmp/torch.tsv" "$@"
else
    echo "(no torch for $py: PyTorch columns left empty)"
    : > "$tmp/torch.tsv"
fi
echo
echo "==== Combined (median ms; x = speedup over the same engine's eager)"
awk -F'\t' '
function ms(k) { return (k in med) ? sprintf("%.3f", med[k]) : "-" }
function pc(g, c) { return (g != "" && g != "-" && c + 0 > 0) ? sprintf("%.0f%%", 100 * g / c) : "-" }
function sp(k, e) { return ((k in med) && (e in med) && med[k] > 0) ? sprintf("%.1fx", med[e] / med[k]) : "" }
$1 == "COPY" { copy[$2] = sprintf("%s: %.1f GB/s (%d threads), %.1f GB/s (1 thread)", $2, $4, $3, $5) }
$1 == "COPYCASE" { dram[$2 "/" $3] = $4; same[$2 "/" $3] = $5 }
$1 == "RESULT" {
    k = $2 "/" $3 "/" $4
    if ($5 != "-") med[k] = $5 + 0
    first[k] = $6; cc[k] = $7; nat[k] = $8; kern[k] = $9; gbs[k] = $11
    if (!($3 in seen)) { seen[$3] = 1; order[n++] = $3 }
}
END {
    printf "memcpy ceiling: %s; %s\n\n", ("kiln" in copy) ? copy["kiln"] : "-", ("torch" in copy) ? copy["torch"] : "torch: -"
    printf "%-24s %15s %15s %15s %15s %12s %15s %10s %9s %9s %9s %9s\n", "case", "kiln eager", "kiln interp",
           "kiln native", "kiln unfused", "torch eager", "torch compile", "native/tc", "kiln cc", "kiln 1st", "native", "torch 1st"
    printf "%-24s %15s %15s %15s %15s %12s %15s %10s %9s %9s %9s %9s\n", "", "ms", "ms", "ms", "ms", "ms", "ms",
           "speed", "ms", "ms", "ready s", "call s"
    for (i = 0; i < n; i++) {
        c = order[i]
        ke = "kiln/" c "/eager"; ki = "kiln/" c "/compiled-interp"; kn = "kiln/" c "/compiled-native"
        ku = "kiln/" c "/unfused-interp"; te = "torch/" c "/eager"; tc = "torch/" c "/compiled"
        rel = ((kn in med) && (tc in med) && med[kn] > 0) ? sprintf("%.2fx", med[tc] / med[kn]) : "-"
        tfirst = (tc in first && first[tc] != "-") ? sprintf("%.1f", first[tc] / 1000) : "-"
        printf "%-24s %9s %5s %9s %5s %9s %5s %9s %5s %12s %9s %5s %10s %9s %9s %9s %9s\n", c,
               ms(ke), "", ms(ki), sp(ki, ke), ms(kn), sp(kn, ke), ms(ku), sp(ku, ke), ms(te), ms(tc), sp(tc, te), rel,
               (ki in cc) ? cc[ki] : "-", (ki in first) ? first[ki] : "-", (kn in nat) ? nat[kn] : "-", tfirst
    }
    printf "\nBandwidth (min bytes / median time) as a %% of copies measured next to the case: of the same bytes\n"
    printf "(cache-resident where the case is) and of 256 MiB (main memory)\n"
    printf "%-24s %12s %7s %7s %14s %7s %7s\n", "case", "native GB/s", "%same", "%256M", "tc GB/s", "%same", "%256M"
    for (i = 0; i < n; i++) {
        c = order[i]; kn = "kiln/" c "/compiled-native"; tc = "torch/" c "/compiled"
        if (!(kn in gbs) || gbs[kn] == "-") continue
        printf "%-24s %12.1f %7s %7s %14s %7s %7s\n", c, gbs[kn], pc(gbs[kn], same["kiln/" c]), pc(gbs[kn], dram["kiln/" c]),
               (tc in gbs) ? gbs[tc] : "-", pc(gbs[tc], same["torch/" c]), pc(gbs[tc], dram["torch/" c])
    }
    print "\nnative/tc: torch.compile time / Kiln native time (> 1: Kiln faster). kiln cc: capture + re-trace + passes +"
    print "schedule + codegen (no compiler); kiln 1st: first compiled call (interpreter); native ready: until the"
    print "system compiler built the library (fresh cache); torch 1st call: torch.compile first call (fresh cache)."
}' "$tmp/kiln.tsv" "$tmp/torch.tsv"
