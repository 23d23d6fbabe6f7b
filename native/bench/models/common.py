# The model suite's harness (issue 32), imported by each model's program (gpt.py, resnet18.py,
# mnist_cnn.py, mlp.py, lstm.py, vit.py, dcgan.py). Every program runs unchanged in Kiln (`kiln gpt.py ...`) and in
# PyTorch (`python3 gpt.py ...`); run.sh runs both engines and compare.py joins their output lines
# into one table.
#
# Command line (the same in both engines): --engine NAME (the label on each line), --device cpu|cuda,
# --threads N (torch.set_num_threads; 0 keeps the default), --small (sizes for a small CPU), --modes
# default[,reduce-overhead,...] (torch.compile modes; `eager` alone: no compiled variant, for a quick
# eager-only measurement), --batches N (timed batches per case).
#
# Per case and variant (eager, then each compile mode) a program prints one line
#   RESULT|engine|model|case|variant|device|threads|median ms|min ms|first ms|warm ms|flops|max diff|peak bytes
# median/min: over `batches` batches of K calls each (K chosen so that a batch lasts about 50 ms), per
#   call; the median of many batches because the machine may be shared.
# first: the wall clock of the first call (eager: allocation and first-touch; compiled: capture and
#   compilation, with whatever compile caches run.sh gave the engine: fresh ones, i.e. cold).
# warm: the first call of a second torch.compile of the same model after torch._dynamo.reset()
#   (in-memory and on-disk caches hot).
# flops: matmul/convolution FLOPs of one call, counted by forward hooks on Linear, Conv2d, ConvTranspose2d and LSTM
#   modules plus what the model adds (attention); a training step counts 3x its forward.
# max diff: compiled against eager: the largest |difference| of the outputs (forward), or of the
#   losses over 3 training steps from the same weights and data with dropout off (train: the models
#   whose only train/eval difference is dropout are stepped in eval mode for the check; ResNet's
#   BatchNorm trains with its batch statistics in both).
# peak bytes: torch.cuda.max_memory_allocated() over the timed calls on the GPU; "-" on the CPU.
# A case that fails in one engine prints ERROR|engine|model|case|message and the others still run.
# --clock cpu times with time.process_time (CPU time of all the process's threads) instead of the wall
# clock: on a machine shared with other work the stable measure of how much work a call does (at one
# thread, the call's time without the waits for a core; with OMP_WAIT_POLICY=passive, idle threads add
# nothing). First-call columns then leave out the C++ compiler, which runs as a child process.
import sys
import time
import traceback

import torch
import torch.nn as nn


def parse_args(argv):
    opts = {"engine": "torch", "device": "cpu", "threads": 0, "small": False, "modes": "default", "batches": 15,
            "only": "", "clock": "wall"}
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--small":
            opts["small"] = True
        elif a in ("--engine", "--device", "--modes", "--only", "--clock"):
            opts[a[2:]] = argv[i + 1]
            i += 1
        elif a in ("--threads", "--batches"):
            opts[a[2:]] = int(argv[i + 1])
            i += 1
        else:
            raise SystemExit("unknown option " + a)
        i += 1
    return opts


# The clock of every timing (--clock: setup() picks it).
clock = time.perf_counter


def compile_modes(opts):
    # the torch.compile modes to time after eager ("eager" or "" alone: none)
    return [m for m in opts["modes"].split(",") if m and m != "eager"]


def sync(dev):
    if dev == "cuda":
        torch.cuda.synchronize()


def time_calls(fn, dev, batches, warmup=3):
    for _ in range(warmup):
        fn()
    sync(dev)
    t0 = clock()
    fn()
    sync(dev)
    one = clock() - t0
    k = max(1, min(200, int(0.05 / max(one, 1e-6))))
    per = []
    for _ in range(batches):
        sync(dev)
        t0 = clock()
        for _ in range(k):
            fn()
        sync(dev)
        per.append((clock() - t0) / k * 1000.0)
    per.sort()
    return per[len(per) // 2], per[0]


def first_call(fn, dev):
    sync(dev)
    t0 = clock()
    out = fn()
    sync(dev)
    return (clock() - t0) * 1000.0, out


def count_flops(model, call):
    # Matmul and convolution FLOPs of one forward, from hooks on the modules that do them.
    total = [0]

    def linear(m, inp, out):
        total[0] += 2 * out.numel() * m.in_features

    def conv(m, inp, out):
        kh, kw = m.kernel_size
        total[0] += 2 * out.numel() * (m.in_channels // m.groups) * kh * kw

    def conv_transpose(m, inp, out):
        # each input element meets out_channels / groups x kh x kw weights
        kh, kw = m.kernel_size
        total[0] += 2 * inp[0].numel() * (m.out_channels // m.groups) * kh * kw

    def lstm(m, inp, out):
        x = inp[0]
        steps = x.numel() // x.shape[-1]  # time x batch
        for layer in range(m.num_layers):
            width = m.input_size if layer == 0 else m.hidden_size
            total[0] += 2 * steps * 4 * m.hidden_size * (width + m.hidden_size)

    hooks = []
    for mod in model.modules():
        if isinstance(mod, nn.Linear):
            hooks.append(mod.register_forward_hook(linear))
        elif isinstance(mod, nn.Conv2d):
            hooks.append(mod.register_forward_hook(conv))
        elif isinstance(mod, nn.ConvTranspose2d):
            hooks.append(mod.register_forward_hook(conv_transpose))
        elif isinstance(mod, nn.LSTM):
            hooks.append(mod.register_forward_hook(lstm))
    with torch.no_grad():
        call()
    for h in hooks:
        h.remove()
    return total[0]


def peak_start(dev):
    if dev == "cuda":
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()


def peak_bytes(dev):
    if dev == "cuda":
        torch.cuda.synchronize()
        return str(torch.cuda.max_memory_allocated())
    return "-"


def emit(opts, model, case, variant, med, best, first, warm, flops, diff, peak):
    fmt = lambda x, f: "-" if x is None else f % x
    print("RESULT|%s|%s|%s|%s|%s|%d|%.4f|%.4f|%s|%s|%d|%s|%s" % (
        opts["engine"], model, case, variant, opts["device"], torch.get_num_threads(), med, best,
        fmt(first, "%.1f"), fmt(warm, "%.1f"), flops, fmt(diff, "%.2e"), peak))
    sys.stdout.flush()


def max_diff(a, b):
    if isinstance(a, (tuple, list)):
        return max(max_diff(x, y) for x, y in zip(a, b) if x is not None)
    return float((a.detach().float() - b.detach().float()).abs().max())


def run_forward(opts, model_name, case, make, extra_flops=0):
    # make() -> (model, inputs): a fresh model (seeded) in eval mode and its inputs on the device.
    dev = opts["device"]
    model, inputs = make()
    call = lambda: model(*inputs)
    flops = count_flops(model, call) + extra_flops
    with torch.no_grad():
        first, want = first_call(call, dev)
        peak_start(dev)
        med, best = time_calls(call, dev, opts["batches"])
        emit(opts, model_name, case, "eager", med, best, first, None, flops, None, peak_bytes(dev))
        for mode in compile_modes(opts):
            torch._dynamo.reset()
            cm = torch.compile(model, mode=mode)
            ccall = lambda: cm(*inputs)
            first, got = first_call(ccall, dev)
            diff = max_diff(got, want)
            peak_start(dev)
            med, best = time_calls(ccall, dev, opts["batches"])
            peak = peak_bytes(dev)
            torch._dynamo.reset()
            cm2 = torch.compile(model, mode=mode)
            warm, _ = first_call(lambda: cm2(*inputs), dev)
            emit(opts, model_name, case, mode, med, best, first, warm, flops, diff, peak)
    torch._dynamo.reset()


def dropout_off(model):
    # Dropout off while staying in training mode (cuDNN's RNN backward refuses eval mode on the GPU).
    for m in model.modules():
        if isinstance(m, nn.Dropout):
            m.p = 0.0
        elif isinstance(m, (nn.LSTM, nn.GRU, nn.RNN)):
            m.dropout = 0.0


def run_train(opts, model_name, case, make, check_eval, extra_flops=0):
    # make(compiled, mode) -> (step, model, flop_call): a fresh model and optimizer from the same seed;
    # step() runs one training step on fixed data and returns the loss; flop_call() runs one forward
    # (for counting). check_eval: step the check's models with dropout off.
    dev = opts["device"]
    for variant in ["eager"] + compile_modes(opts):
        try:
            torch._dynamo.reset()
            compiled = variant != "eager"
            # the check: 3 steps with dropout off, against eager's
            step, model, flop_call = make(compiled, variant)
            if check_eval:
                dropout_off(model)
            losses = [float(step()) for _ in range(3)]
            if variant == "eager":
                want = losses
                diff = None
                flops = 3 * count_flops(model, flop_call) + 3 * extra_flops
            else:
                diff = max(abs(a - b) for a, b in zip(losses, want))
            # the timed model, in training mode as its source trains it
            torch._dynamo.reset()
            step, model, flop_call = make(compiled, variant)
            model.train()
            first, _ = first_call(step, dev)
            peak_start(dev)
            med, best = time_calls(step, dev, opts["batches"])
            peak = peak_bytes(dev)
            warm = None
            if compiled:
                torch._dynamo.reset()
                step2, model2, _ = make(compiled, variant)
                model2.train()
                warm, _ = first_call(step2, dev)
            emit(opts, model_name, case, variant, med, best, first, warm, flops, diff, peak)
        except Exception as e:
            report_error(opts, model_name, case + " " + variant, e)
    torch._dynamo.reset()


def setup(argv):
    global clock
    opts = parse_args(argv)
    if opts["clock"] not in ("wall", "cpu"):
        raise SystemExit("--clock takes wall or cpu, not " + opts["clock"])
    clock = time.process_time if opts["clock"] == "cpu" else time.perf_counter
    if opts["threads"] > 0:
        torch.set_num_threads(opts["threads"])
    torch.set_float32_matmul_precision("highest")
    return opts


def wanted(opts, case):
    return opts["only"] == "" or case in opts["only"].split(",")


def report_error(opts, model_name, case, e):
    # The error and where it was raised (the innermost frames), so a failing case says which line.
    frames = [l.strip() for l in traceback.format_exc().splitlines() if l.strip().startswith('File "')]
    where = " <- ".join(l.replace('File "', "").replace('", line ', ":").split("/")[-1] for l in reversed(frames[-3:]))
    print("ERROR|%s|%s|%s|%s: %s [%s]" % (opts["engine"], model_name, case, type(e).__name__,
                                          str(e).replace("\n", " ")[:300], where))


def guarded(opts, model_name, case, fn):
    # One failing case (an op an engine lacks) is reported and the others still run.
    if not wanted(opts, case):
        return
    try:
        fn()
    except Exception as e:
        report_error(opts, model_name, case, e)
