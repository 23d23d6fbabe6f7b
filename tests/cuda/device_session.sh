#!/usr/bin/env bash
# One call on the lent GPU machine (the `device` tool), everything that needs the GPU or real
# PyTorch 2.11, in the order that fits a 10-minute call:
#   goldens  (in the background from the start) PyTorch (and NumPy) goldens for the programs that have
#            none yet: lessons/GOLDENS_TODO.txt's, the parity and realworld programs without NAME.out (REGEN="a.py b.py"
#            adds programs to make again); unpack $OUT/goldens.tgz at the root (lessons/ whole: a
#            GOLDENS_TODO.txt missing from it was emptied and must be deleted)
#   build    the native preset with CUDA in build/gpu (Catch2/nlohmann headers from $DEPS if the
#            machine has none: a prefix with include/ and lib/cmake/Catch2)
#   test     kiln_tests "[cuda],[device]" (the playground's device option and the op matrix's CUDA column included;
#            its summary: $OUT/op_matrix_cuda.txt)
#   sanitize the same under compute-sanitizer memcheck
#   bench    native/bench/cuda/run_all.sh (Kiln vs PyTorch on the GPU)
#   parts    native/bench/cuda/parts.py in both engines (the transformer block's pieces, eager)
#   models   native/bench/models/run.sh (real models, Kiln vs PyTorch): on the GPU, then on the CPU at
#            1 and all threads; not in the default list (it needs most of a call: build,models)
#   suite    the whole ctest suite but the browser tests, -j16 (BUILD_TARGETS=all goldens,build,suite: one call)
#
#   tests/cuda/device_session.sh [STAGES] [BENCH ARGS...]   STAGES: comma list (default: the first six)
#   (BUILD_TARGETS="kiln" builds only the CLI; MODEL_DEVICES, MODEL_BATCHES, GPU_MODELS, CPU_MODELS tune the models stage)
# Logs and results go to $OUT (the device tool's folder; /tmp/kiln_out elsewhere); the goldens come
# back as $OUT/goldens.tgz (unpack at the repository root). Each stage is skipped when too little
# of the call's budget ($BUDGET seconds, default 570) is left for it.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT="${OUT:-/tmp/kiln_out}"
mkdir -p "$OUT"
stages="${1:-goldens,build,test,sanitize,bench,parts}"
shift || true
BUDGET="${BUDGET:-570}"
DEPS="${DEPS:-$PWD/.devdeps}"
start=$SECONDS
has() { [[ ",$stages," == *",$1,"* ]]; }
left() { echo $((BUDGET - (SECONDS - start))); }
say() { printf '\n=== [%4ds] %s\n' $((SECONDS - start)) "$*"; }
status=0

gpid=""
# One program's golden, as gen_torch_goldens.sh writes it (run from the program's folder).
gen_one() {
    local src="$1" dir name rc
    dir="$(dirname "$src")" name="$(basename "${src%.py}")"
    (cd "$dir" && python3 -X utf8 "$name.py" >"$name.out" 2>"/tmp/golden_$name.stderr")
    rc=$?
    if [[ $rc -ne 0 ]]; then
        printf 'exit %d\n%s\n' "$rc" "$(tail -1 "/tmp/golden_$name.stderr")" >"$dir/$name.err"
        [[ "$name" == err_uncaught_* ]] || { echo "error: $src exited $rc:"; tail -5 "/tmp/golden_$name.stderr"; }
    else
        rm -f "$dir/$name.err"
        echo "ok: $src"
    fi
}
export -f gen_one
if has goldens; then
    # Only what has no golden yet (lessons/GOLDENS_TODO.txt, parity programs without NAME.out) and
    # $REGEN (programs whose golden must be made again), 12 at a time: each PyTorch run is one thread.
    say "goldens (background, log: goldens.log)"
    # save_interop_load reads checkpoints PyTorch wrote: make them first when they are missing.
    [[ -d tests/parity/programs/torch/serialize_files ]] ||
        python3 tests/serialize/make_torch_files.py >"$OUT/serialize_files.log" 2>&1
    (
        export CUDA_VISIBLE_DEVICES="" PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1 PYTHONIOENCODING=utf-8
        export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
        unset PYTHONWARNINGS PYTHONSTARTUP PYTHONPATH TORCH_LOGS || true
        {
            [[ -e lessons/GOLDENS_TODO.txt ]] && sed -e 's/#.*//' -e '/^ *$/d' -e 's|^ *|lessons/|' lessons/GOLDENS_TODO.txt
            # the real-program corpus too (tests/realworld/gen_goldens.sh's run: its folder, CUDA hidden, one thread)
            for src in tests/parity/programs/{torch,jit,dynamo,inductor,numpy}/*.py tests/realworld/*.py; do
                [[ -e "${src%.py}.out" ]] || echo "$src"
            done
            for src in ${REGEN:-}; do echo "$src"; done
        } | sort -u | xargs -P 12 -I{} bash -c 'gen_one "$1"' _ {}
        python3 - <<'PY'
import os
path = "lessons/GOLDENS_TODO.txt"
if os.path.exists(path):
    keep = [l for l in open(path) if not (l.split("#")[0].strip() and os.path.exists("lessons/" + l.split("#")[0].strip()[:-3] + ".out"))]
    if any(l.split("#")[0].strip() for l in keep):
        open(path, "w").writelines(keep)
    else:
        os.remove(path)
        print("lessons/GOLDENS_TODO.txt: every program has its golden (file removed)")
PY
    ) >"$OUT/goldens.log" 2>&1 &
    gpid=$!
fi

if has build; then
    say "build (log: build.log)"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    prefix=()
    [[ -d "$DEPS" ]] && prefix=(-DCMAKE_PREFIX_PATH="$DEPS")
    if cmake --preset native -B build/gpu -DKILN_WEB_DIR= -DKILN_USE_CCACHE=OFF "${prefix[@]}" >"$OUT/build.log" 2>&1 &&
       cmake --build build/gpu -j"$(nproc)" --target ${BUILD_TARGETS:-kiln_tests kiln} >>"$OUT/build.log" 2>&1; then
        grep -E "CUDA toolkit|Catch2" "$OUT/build.log" | head -3
        echo "built"
    else
        grep -E "error|FAILED" "$OUT/build.log" | head -30
        echo "BUILD FAILED"
        status=1
    fi
fi
bin=build/gpu/tests/kiln_tests

if has test && [[ -x $bin ]]; then
    say "[cuda] tests (log: test.log)"
    # 240 s: the op matrix's CUDA column (tests/matrix, [matrix_cuda]) compiles every pointwise.def
    # row's kernels over its shapes with NVRTC, forward and backward, besides the other [cuda] tests.
    KILN_CPP_JIT=0 timeout $(( $(left) > 240 ? 240 : $(left) )) "$bin" "[cuda],[device]" --durations yes >"$OUT/test.log" 2>&1
    rc=$?
    grep -E "FAILED|failed|passed|REQUIRE|with expansion|^  [a-z]" "$OUT/test.log" | grep -v "^[0-9.]* s:" | head -40
    tail -3 "$OUT/test.log"
    # The op matrix's summary on the GPU (its cells and gap list per path): commit it as
    # tests/matrix/cuda_summary.txt (issue 27).
    grep -E "^op matrix|^  gap|^    [a-z]" "$OUT/test.log" >"$OUT/op_matrix_cuda.txt" && cat "$OUT/op_matrix_cuda.txt"
    [[ $rc -eq 0 ]] || { echo "TESTS rc=$rc"; status=1; }
fi

if has sanitize && [[ -x $bin ]] && [[ $(left) -gt 200 ]]; then
    say "[cuda] under compute-sanitizer memcheck (log: sanitize.log)"
    # Without the op matrix: its thousands of generated kernels are the code the other [cuda] tests run,
    # and under memcheck they would not fit the call.
    KILN_CPP_JIT=0 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 "$bin" "[cuda]~[matrix_cuda],[device]" >"$OUT/sanitize.log" 2>&1
    rc=$?
    grep -E "ERROR SUMMARY|test cases|========= (Invalid|Program hit)" "$OUT/sanitize.log" | head -10
    [[ $rc -eq 0 ]] || { echo "SANITIZER rc=$rc"; status=1; }
fi

if [[ -n "$gpid" ]]; then
    say "waiting for the goldens"
    wait "$gpid"
    tail -4 "$OUT/goldens.log"
    grep -E "exit [1-9]|error" "$OUT/goldens.log" | head
    tar czf "$OUT/goldens.tgz" lessons tests/parity/programs/torch/serialize_files \
        tests/parity/programs/{torch,jit,dynamo,inductor,numpy}/*.{out,err} tests/realworld/*.{out,err} 2>/dev/null
fi

if has bench && [[ -x build/gpu/native/cli/kiln ]] && [[ $(left) -gt 60 ]]; then
    say "GPU benchmark (log: bench.log, json: cuda_bench.json)"
    timeout $(( $(left) - 10 )) native/bench/cuda/run_all.sh build/gpu/native/cli/kiln --json "$OUT/cuda_bench.json" "$@" \
        >"$OUT/bench.log" 2>&1
    rc=$?
    sed -n "/^==== PyTorch/,\$p" "$OUT/bench.log" | grep -v "^RESULT" | tail -60
    [[ $rc -eq 0 ]] || { echo "BENCH rc=$rc"; tail -30 "$OUT/bench.log"; status=1; }
fi
if has parts && [[ -x build/gpu/native/cli/kiln ]] && [[ $(left) -gt 40 ]]; then
    say "transformer block pieces, eager, both engines (native/bench/cuda/parts.py)"
    { timeout 40 build/gpu/native/cli/kiln native/bench/cuda/parts.py; timeout 60 python3 native/bench/cuda/parts.py; } \
        2>&1 | tee "$OUT/parts.log" | grep "^PART" | sort -t'|' -k3,3 -s
fi
if has models && [[ -x build/gpu/native/cli/kiln ]] && [[ $(left) -gt 60 ]]; then
    say "model suite (log: models_*.log; results: models_*.md/json)"
    for dev in ${MODEL_DEVICES:-cuda cpu}; do
        [[ $(left) -gt 30 ]] || break
        args=(--device "$dev" --batches "${MODEL_BATCHES:-7}" --out "$OUT")
        [[ "$dev" == cuda && -n "${GPU_MODELS:-}" ]] && args+=(--only "$GPU_MODELS")
        [[ "$dev" == cpu ]] && args+=(--threads "1,all" --only "${CPU_MODELS:-gpt,resnet18,mnist_cnn,mlp,lstm,vit,dcgan}")
        timeout $(( $(left) - 10 )) native/bench/models/run.sh build/gpu/native/cli/kiln "${args[@]}" >"$OUT/models_$dev.log" 2>&1
        rc=$?
        tail -40 "$OUT/models_$dev.log"
        [[ $rc -eq 0 ]] || { echo "MODELS ($dev) rc=$rc"; status=1; }
    done
fi
if has suite && [[ $(left) -gt 120 ]]; then
    # The whole ctest suite but the browser tests, 16 at a time (~240 s after the build; ctest -j2 on the CI
    # machine takes most of an hour). Needs every target: run it with BUILD_TARGETS=all. Expect the programs
    # that print torch.cuda.is_available() to differ here, where a GPU is present.
    say "suite: ctest -j16 -E browser (log: ctest.log, failures: failed.log)"
    (cd build/gpu && timeout $(( $(left) - 40 )) ctest -j16 -E browser --timeout 200 >"$OUT/ctest.log" 2>&1)
    grep -E "tests passed|tests failed" "$OUT/ctest.log"
    grep -E "\*\*\*|Timeout" "$OUT/ctest.log" | head -40
    (cd build/gpu && timeout 30 ctest --rerun-failed --output-on-failure -j16 -E "badinput|browser" >"$OUT/failed.log" 2>&1)
fi
say "done (status $status)"
exit $status
