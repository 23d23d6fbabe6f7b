#!/usr/bin/env bash
# The model suite (issue 32), one command: runs each model's program (gpt.py, resnet18.py, mnist_cnn.py,
# mlp.py, lstm.py, vit.py, dcgan.py) in Kiln and, when python3 has torch, in PyTorch, one engine after the other on this
# machine, at each thread count, and writes one table (markdown) and one JSON file (compare.py).
#
#   native/bench/models/run.sh KILN [--small] [--device cpu|cuda] [--threads LIST] [--only MODELS]
#                                   [--batches N] [--clock wall|cpu] [--machine NAME] [--out DIR]
#     KILN       the built `kiln` CLI (build/native/native/cli/kiln)
#     --small    small sizes (a 2-core machine; the programs' --small)
#     --device   cpu (default) or cuda (compile modes default and reduce-overhead; threads: all cores)
#     --threads  comma-separated CPU thread counts, "all" = every core (default: 1,all)
#     --only     comma-separated models (default: gpt,resnet18,mnist_cnn,mlp,lstm,vit,dcgan)
#     --batches  timed batches per case (default 15: medians of many batches on a shared machine)
#     --clock    wall (default) or cpu: CPU time of all threads per call (common.py; a shared machine's
#                stable measure; run with OMP_WAIT_POLICY=passive so that idle threads do not spin)
#     --machine  the machine's name in the results' file names (default: local-<cores>core, or the GPU's name)
#     --out      where the results go (default: native/bench/results), as DATE-MACHINE-models.{md,json}
#   PYTHON=python3 (default) runs the PyTorch side; without torch its columns stay empty.
# Kiln runs with KILN_CPP_JIT=wait (a compiled call waits for its native code, as PyTorch's first call
# waits for Inductor's), each engine with fresh compile caches per program (first calls are cold).
# OMP_NUM_THREADS and the programs' --threads (torch.set_num_threads) both get the thread count.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
kiln="${1:?usage: run.sh KILN [--small] [--device cpu|cuda] [--threads LIST] [--only MODELS] [--batches N] [--clock wall|cpu] [--machine NAME] [--out DIR]}"
kiln="$(cd "$(dirname "$kiln")" && pwd)/$(basename "$kiln")"
shift
small="" dev=cpu threads="1,all" only="gpt,resnet18,mnist_cnn,mlp,lstm,vit,dcgan" batches=15 clock=wall machine="" out="$here/../results"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --small) small="--small" ;;
        --device) dev="$2"; shift ;;
        --threads) threads="$2"; shift ;;
        --only) only="$2"; shift ;;
        --batches) batches="$2"; shift ;;
        --clock) clock="$2"; shift ;;
        --machine) machine="$2"; shift ;;
        --out) out="$2"; shift ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
py="${PYTHON:-python3}"
cores="$(nproc)"
modes=default
if [[ "$dev" == cuda ]]; then
    modes="default,reduce-overhead"
    threads=all
fi
if [[ -z "$machine" ]]; then
    machine="local-${cores}core"
    if [[ "$dev" == cuda ]] && command -v nvidia-smi > /dev/null; then
        machine="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr ' ' '-' | tr -cd 'A-Za-z0-9-' | tr 'A-Z' 'a-z')"
    fi
fi
have_torch=0
"$py" -c "import torch" 2> /dev/null && have_torch=1
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/kiln.out"
: > "$tmp/torch.out"
for model in ${only//,/ }; do
    for t in ${threads//,/ }; do
        [[ "$t" == all ]] && t="$cores"
        args=(--device "$dev" --threads "$t" --modes "$modes" --batches "$batches" --clock "$clock" $small)
        echo "==== Kiln: $model, $t threads"
        (cd "$tmp" && KILN_CPP_JIT=wait KILN_CACHE_DIR="$tmp/kiln_cache_${model}_$t" OMP_NUM_THREADS="$t" \
            "$kiln" "$here/$model.py" --engine kiln "${args[@]}") 2>&1 | tee -a "$tmp/kiln.out"
        if [[ $have_torch == 1 ]]; then
            echo "==== PyTorch: $model, $t threads"
            (cd "$tmp" && TORCHINDUCTOR_CACHE_DIR="$tmp/torch_cache_${model}_$t" TRITON_CACHE_DIR="$tmp/triton_cache_${model}_$t" \
                OMP_NUM_THREADS="$t" "$py" "$here/$model.py" --engine torch "${args[@]}") 2>&1 | tee -a "$tmp/torch.out"
        fi
    done
done
[[ $have_torch == 1 ]] || echo "(no torch for $py: PyTorch columns left empty)"
mkdir -p "$out"
stem="$out/$(date +%Y-%m-%d)-$machine-models"
cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //' || true)"
"$py" "$here/compare.py" "$tmp/kiln.out" "$tmp/torch.out" --machine "$machine ($cores cores, $cpu; $dev; clock: $clock)" \
    --md "$stem.md" --json "$stem.json"
echo "wrote $stem.md and $stem.json"
