# The GPU benchmark's program, which both engines run unchanged, Kiln (`kiln`) and PyTorch
# (`python3`), so both time literally the same code. run_all.sh puts it after the CPU bench's case
# definitions (../inductor/cases.py: the pointwise chain, softmax and LayerNormGelu come from there)
# and appends the call that starts it (`main(...)`: the engines do not read argv alike), then joins
# the two outputs into one table and one JSON file (compare.py).
#
# Cases: shared/anchors.md's GPU cases (pointwise chain 2^26, softmax 16384x4096, layernorm+gelu
# 16384x4096, MLP 8192x1024x4096, tiny MLP 16x64 at batch 32, transformer 6 x (b32 s128 d512)), all
# float32 on cuda under no_grad, full fp32 matmul precision; and train_step_transformer6 (issue 8: one
# AdamW training step of the same blocks, the whole step compiled). The softmax takes its row max with
# amax (the anchors write .max(-1, keepdim=True).values: the same kernel).
#
# Timing (the same for both engines): after warm-up calls, batches of K calls between two
# torch.cuda.synchronize() calls; K is chosen so that a batch lasts about 20 ms; the reported time is
# the median over batches of (batch time / K). First call: the wall clock of the first compiled call
# (cold compile caches: run_all.sh gives each engine a fresh cache directory). Warm call: the first
# call of a second torch.compile of the same function after torch._dynamo.reset() (on-disk and
# in-memory compile caches hot). Output: lines `RESULT|engine|case|variant|...` that compare.py reads.
#
# Modes: run_all.sh --modes default,reduce-overhead,max-autotune (any torch.compile modes; training runs
# the default only). Under max-autotune both engines tune at the first call (PyTorch's compile takes
# minutes on the bigger cases; Kiln prints its AUTOTUNE tables on stderr) and the first/warm columns
# include that tuning.
import time


class MHABlock(nn.Module):
    # pre-norm: LayerNorm, MultiheadAttention (batch_first), residual, LayerNorm, MLP 4x with GELU, residual
    def __init__(self, d, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        h = self.ln1(x)
        a, _ = self.attn(h, h, h, need_weights=False)
        x = x + a
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


def param_bytes(m):
    n = 0
    for p in m.parameters():
        n += p.numel()
    return 4 * n


def make_gpu(name, quick, dev):
    # -> (fn, args, min_bytes (0: not memory-bound), flops (0: not matmul-bound), label)
    torch.manual_seed(0)
    if name == "pointwise_chain":
        n = (1 << 20) if quick else (1 << 26)
        return pointwise_chain_anchor, (torch.randn(n, device=dev),), 8 * n, 0, "pointwise_chain_" + str(n >> 20) + "M"
    if name == "softmax":
        r, c = (256, 4096) if quick else (16384, 4096)
        return softmax, (torch.randn(r, c, device=dev),), 8 * r * c, 0, "softmax_" + str(r) + "x" + str(c)
    if name == "layernorm_gelu":
        r, c = (256, 4096) if quick else (16384, 4096)
        m = LayerNormGelu(c).to(dev)
        m.eval()
        return m, (torch.randn(r, c, device=dev),), 8 * r * c + param_bytes(m), 0, "layernorm_gelu_" + str(r) + "x" + str(c)
    if name == "mlp":
        b, d, h = (256, 256, 1024) if quick else (8192, 1024, 4096)
        m = nn.Sequential(nn.Linear(d, h), nn.GELU(), nn.Linear(h, d)).to(dev)
        m.eval()
        return m, (torch.randn(b, d, device=dev),), 0, 4 * b * d * h, "mlp_" + str(b) + "x" + str(d) + "x" + str(h)
    if name == "tiny_mlp":
        layers = []
        for _ in range(16):
            layers.append(nn.Linear(64, 64))
            layers.append(nn.Tanh())
        m = nn.Sequential(*layers).to(dev)
        m.eval()
        return m, (torch.randn(32, 64, device=dev),), 0, 0, "tiny_mlp_16x64_b32"
    if name == "transformer6":
        b, s, d, blocks = (4, 32, 128, 2) if quick else (32, 128, 512, 6)
        m = nn.Sequential(*[MHABlock(d, 8) for _ in range(blocks)]).to(dev)
        m.eval()
        return m, (torch.randn(b, s, d, device=dev),), 0, 0, "transformer" + str(blocks) + "_b" + str(b) + "s" + str(s) + "d" + str(d)
    raise ValueError("unknown case " + name)


GPU_NAMES = ["pointwise_chain", "softmax", "layernorm_gelu", "mlp", "tiny_mlp", "transformer6", "train_step_transformer6"]


def make_train_step(quick, dev):
    # shared/anchors.md's train_step_transformer6: the transformer6 blocks in training mode, AdamW(lr=1e-4),
    # MSE against a random target, one zero_grad/forward/backward/step per call. Compiled, the whole
    # step goes to torch.compile: Dynamo breaks at loss.backward(); the forward (with AOT autograd's
    # backward) and the optimizer's update are compiled graphs.
    b, s, d, blocks = (4, 32, 128, 2) if quick else (32, 128, 512, 6)
    torch.manual_seed(0)
    m = nn.Sequential(*[MHABlock(d, 8) for _ in range(blocks)]).to(dev)
    opt = torch.optim.AdamW(m.parameters(), lr=1e-4)
    torch.manual_seed(1)
    x = torch.randn(b, s, d, device=dev)
    target = torch.randn(b, s, d, device=dev)

    def step(x, target):
        opt.zero_grad()
        loss = F.mse_loss(m(x), target)
        loss.backward()
        opt.step()
        return loss

    # the GEMMs' FLOPs: forward once, backward twice (grad input, grad weight)
    flops = 3 * 2 * b * s * d * (3 * d + d + 8 * d) * blocks
    return step, (x, target), flops, "train_step_transformer" + str(blocks) + "_b" + str(b) + "s" + str(s) + "d" + str(d)


def saved_activation_bytes(engine, name, quick, dev):
    # The memory a training forward holds for its backward: the activations autograd saves (eager)
    # or AOT autograd's forward graph returns as saved tensors (compiled), plus the loss. Measured as
    # the allocator's bytes in use after the forward minus before it, model compiled with
    # torch.compile(model) (the whole step's forward is the same graph), after a warm-up step.
    b, s, d, blocks = (4, 32, 128, 2) if quick else (32, 128, 512, 6)
    torch.manual_seed(0)
    m = nn.Sequential(*[MHABlock(d, 8) for _ in range(blocks)]).to(dev)
    x = torch.randn(b, s, d, device=dev)
    target = torch.randn(b, s, d, device=dev)
    held = []
    for compiled in [False, True]:
        f = torch.compile(m) if compiled else m
        F.mse_loss(f(x), target).backward()
        m.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        before = torch.cuda.memory_allocated()
        loss = F.mse_loss(f(x), target)
        torch.cuda.synchronize()
        held.append(torch.cuda.memory_allocated() - before)
        loss.backward()
        del loss  # the graph (its saved tensors are freed by the backward already, in both engines)
        m.zero_grad(set_to_none=True)
    print("MEM|%s|%s|%d|%d" % (engine, name, held[0], held[1]))


def run_train_case(engine, name, dev, quick, modes, batches, warmup):
    # Each variant trains its own model from the same seed; after 3 steps the losses are compared
    # (the max-diff column), then the steps are timed as the forward cases' calls are.
    step, args, flops, label = make_train_step(quick, dev)
    want = [step(*args).item() for _ in range(3)]
    ms = time_calls(step, args, dev, warmup, batches)
    print("RESULT|%s|%s|%s|eager|%.4f|-|-|0|%d|-" % (engine, name, label, ms, flops))
    for mode in modes.split(","):
        if mode != "default":
            continue  # training steps: the default mode only
        torch._dynamo.reset()
        step, args, flops, label = make_train_step(quick, dev)
        cs = torch.compile(step, mode=mode)
        first, got0 = first_call_ms(cs, args, dev)
        got = [got0.item()] + [cs(*args).item() for _ in range(2)]
        ms = time_calls(cs, args, dev, warmup, batches)
        torch._dynamo.reset()
        cs2 = torch.compile(step, mode=mode)
        warm, _ = first_call_ms(cs2, args, dev)
        diff = max(abs(a - b) for a, b in zip(got, want))
        print("RESULT|%s|%s|%s|%s|%.4f|%.1f|%.1f|0|%d|%.2e" % (engine, name, label, mode, ms, first, warm, flops, diff))
        torch._dynamo.reset()
        saved_activation_bytes(engine, name, quick, dev)


def sync(dev):
    if dev == "cuda":
        torch.cuda.synchronize()


def time_calls(fn, args, dev, warmup, batches):
    for _ in range(warmup):
        fn(*args)
    sync(dev)
    t0 = time.perf_counter()
    fn(*args)
    sync(dev)
    one = time.perf_counter() - t0
    k = max(1, min(200, int(0.02 / max(one, 1e-6))))
    per = []
    for _ in range(batches):
        sync(dev)
        t0 = time.perf_counter()
        for _ in range(k):
            fn(*args)
        sync(dev)
        per.append((time.perf_counter() - t0) / k * 1000.0)
    per.sort()
    return per[len(per) // 2]


def first_call_ms(fn, args, dev):
    sync(dev)
    t0 = time.perf_counter()
    out = fn(*args)
    sync(dev)
    ms = (time.perf_counter() - t0) * 1000.0
    # A copy: under reduce-overhead PyTorch's later replays overwrite a CUDA graph's outputs in place.
    return ms, out.clone()


def copy_gbs(dev, quick):
    n = (1 << 22) if quick else (1 << 28)
    src = torch.ones(n, device=dev)
    dst = torch.zeros(n, device=dev)
    ms = time_calls(lambda: dst.copy_(src), (), dev, 3, 9)
    return 2.0 * 4.0 * n / (ms / 1000.0) / 1e9


def max_diff(a, b):
    return float((a.float() - b.float()).abs().max())


def main(engine, dev="cuda", quick=False, only="", modes="default,reduce-overhead", batches=9, warmup=3):
    torch.set_float32_matmul_precision("highest")
    print("COPY|" + engine + "|" + "%.1f" % copy_gbs(dev, quick))
    for name in GPU_NAMES:
        if only != "" and name not in only.split(","):
            continue
        # One failing case (an op Kiln lacks on the GPU, say) is reported and the others still run.
        try:
            if name.startswith("train_step"):
                run_train_case(engine, name, dev, quick, modes, batches, warmup)
            else:
                run_case(engine, name, dev, quick, modes, batches, warmup)
        except Exception as e:
            print("ERROR|%s|%s|%s: %s" % (engine, name, type(e).__name__, str(e).replace("\n", " ")))
        torch._dynamo.reset()


def run_case(engine, name, dev, quick, modes, batches, warmup):
    with torch.no_grad():
        fn, args, nbytes, flops, label = make_gpu(name, quick, dev)
        ms = time_calls(fn, args, dev, warmup, batches)
        want = fn(*args)
        print("RESULT|%s|%s|%s|eager|%.4f|-|-|%d|%d|-" % (engine, name, label, ms, nbytes, flops))
        for mode in modes.split(","):
            torch._dynamo.reset()
            cf = torch.compile(fn, mode=mode)
            first, got = first_call_ms(cf, args, dev)
            ms = time_calls(cf, args, dev, warmup, batches)
            torch._dynamo.reset()
            cf2 = torch.compile(fn, mode=mode)
            warm, _ = first_call_ms(cf2, args, dev)
            print("RESULT|%s|%s|%s|%s|%.4f|%.1f|%.1f|%d|%d|%.2e" % (engine, name, label, mode, ms, first, warm, nbytes,
                                                                     flops, max_diff(got, want)))
