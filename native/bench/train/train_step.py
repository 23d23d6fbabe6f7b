# One training step of an MLP, eager vs torch.compile(model) (backend inductor), timed by the program
# itself so that the same file runs in Kiln (build/native/native/cli/kiln train_step.py) and in PyTorch
# (python3 train_step.py). native/bench/train/run.sh runs both and keeps the tables. A second table times
# the optimizer step alone, eager opt.step() vs torch.compile(opt.step) (PyTorch's "compiling the
# optimizer" recipe: the update traced into one graph, each parameter's update one fused kernel), and a
# third the whole step with both the model and the optimizer step compiled, and a fourth the step
# function itself compiled (one torch.compile'd frame), on three MLPs.
#
# The step: zero_grad, forward, MSE loss, backward, optimizer step (SGD with momentum, and Adam).
# The model: 3 x (Linear(512, 512) + ReLU) at batch 256, float32 (and a small 128-wide one at batch 32). Compiled, the forward and backward
# run as compiled plans (Kiln: engine/aot's joint graph split into forward and backward graphs, each
# compiled by the Inductor-style back end; PyTorch: AOTAutograd + Inductor); the optimizer step stays
# eager in both. Each variant starts from the same weights; after the timed steps the compiled model's
# parameters are compared with the eager model's (max |diff|), so a fast wrong answer shows.
# Times are medians (and minima) of REPS steps after WARMUP steps, eager and compiled alternating; the
# first step (compilation included for the compiled model) is reported separately.
import time
import torch
import torch.nn as nn
import torch.nn.functional as F

LAYERS = 3
# (batch, width): the case, then a small one where per-op overhead rather than GEMM time counts
SIZES = [(256, 512), (32, 128)]
WARMUP = 5
REPS = 21


def make_model(WIDTH, depth=LAYERS, act=nn.ReLU):
    torch.manual_seed(0)
    layers = []
    for i in range(depth):
        layers.append(nn.Linear(WIDTH, WIDTH))
        layers.append(act())
    return nn.Sequential(*layers)


def make_opt(name, params):
    if name == "sgd":
        return torch.optim.SGD(params, lr=0.01, momentum=0.9)
    if name == "adamw":
        return torch.optim.AdamW(params, lr=0.001, weight_decay=0.01)
    return torch.optim.Adam(params, lr=0.001)


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 == 1 else (s[n // 2 - 1] + s[n // 2]) / 2


# whole: the step function itself compiled (zero_grad, forward, loss, backward and the optimizer step
# in one torch.compile'd frame, as the GPU benchmark's train_step_transformer6 does) instead of the
# model (and optionally opt.step) alone.
def make_step(opt_name, compiled, x, y, compiled_opt=False, whole=False, depth=LAYERS, act=nn.ReLU):
    model = make_model(x.shape[1], depth, act)
    f = torch.compile(model) if compiled and not whole else model
    opt = make_opt(opt_name, model.parameters())
    opt_step = torch.compile(opt.step) if compiled_opt else opt.step

    def step():
        opt.zero_grad()
        loss = F.mse_loss(f(x), y)
        loss.backward()
        opt_step()
        return loss

    return (torch.compile(step) if compiled and whole else step), model


def timed(step):
    t0 = time.perf_counter()
    loss = step()
    return (time.perf_counter() - t0) * 1000, loss


# Eager and compiled steps alternate, so that load from other processes on a shared machine falls on
# both variants alike.
def run(opt_name, x, y, compiled_opt=False, whole=False, depth=LAYERS, act=nn.ReLU):
    e_step, e_model = make_step(opt_name, False, x, y, depth=depth, act=act)
    c_step, c_model = make_step(opt_name, True, x, y, compiled_opt, whole, depth, act)
    e_first, e_loss = timed(e_step)
    c_first, c_loss = timed(c_step)
    for i in range(WARMUP - 1):
        e_step()
        c_step()
    e_times = []
    c_times = []
    for i in range(REPS):
        ms, e_loss = timed(e_step)
        e_times.append(ms)
        ms, c_loss = timed(c_step)
        c_times.append(ms)
    diff = max((p - q).abs().max().item() for p, q in zip(e_model.parameters(), c_model.parameters()))
    return [("eager", median(e_times), min(e_times), e_first, e_loss.item(), ""),
            ("compiled", median(c_times), min(c_times), c_first, c_loss.item(), f"{diff:.1e}")]


# The optimizer step alone, on the gradients of one backward (the same every step): eager opt.step()
# and torch.compile(opt.step) alternate, from the same weights.
def run_opt_alone(opt_name, x, y):
    steps = []
    models = []
    for compiled in [False, True]:
        model = make_model(x.shape[1])
        opt = make_opt(opt_name, model.parameters())
        F.mse_loss(model(x), y).backward()
        steps.append(torch.compile(opt.step) if compiled else opt.step)
        models.append(model)
    firsts = []
    for s in steps:
        t0 = time.perf_counter()
        s()
        firsts.append((time.perf_counter() - t0) * 1000)
    for i in range(WARMUP - 1):
        for s in steps:
            s()
    times = [[], []]
    for i in range(REPS):
        for k in range(2):
            t0 = time.perf_counter()
            steps[k]()
            times[k].append((time.perf_counter() - t0) * 1000)
    diff = max((p - q).abs().max().item() for p, q in zip(models[0].parameters(), models[1].parameters()))
    e_ms = median(times[0])
    return [("eager", e_ms, min(times[0]), firsts[0], ""),
            ("compiled", median(times[1]), min(times[1]), firsts[1], f"{diff:.1e}")]


for BATCH, WIDTH in SIZES:
    torch.manual_seed(1)
    x = torch.randn(BATCH, WIDTH)
    y = torch.randn(BATCH, WIDTH)
    # matmul FLOPs: one forward GEMM per layer, two backward ones (grad input, grad weight) except the
    # first layer, whose input needs no gradient
    flops = 2 * BATCH * WIDTH * WIDTH * (3 * LAYERS - 1)
    print(f"train_step: MLP {LAYERS} x (Linear({WIDTH}, {WIDTH}) + ReLU), batch {BATCH}, float32; median of {REPS} steps after {WARMUP}")
    print(f"{'optimizer':<10}{'variant':<10}{'median ms':>10}{'min ms':>9}{'vs eager':>10}{'GFLOP/s':>9}{'first ms':>10}"
          f"{'loss':>11}{'max|diff|':>11}")
    for opt_name in ["sgd", "adam"]:
        rows = run(opt_name, x, y)
        e_ms = rows[0][1]
        for variant, ms, best, first, loss, d in rows:
            print(f"{opt_name:<10}{variant:<10}{ms:>10.2f}{best:>9.2f}{e_ms / ms:>9.2f}x{flops / ms / 1e6:>9.1f}{first:>10.1f}"
                  f"{loss:>11.6f}{d:>11}")
    nparams = LAYERS * (WIDTH * WIDTH + WIDTH)
    print(f"optimizer step alone: {nparams} parameters in {2 * LAYERS} tensors; median of {REPS} steps after {WARMUP}")
    print(f"{'optimizer':<10}{'variant':<10}{'median ms':>10}{'min ms':>9}{'vs eager':>10}{'first ms':>10}{'max|diff|':>11}")
    for opt_name in ["sgd", "adam", "adamw"]:
        rows = run_opt_alone(opt_name, x, y)
        e_ms = rows[0][1]
        for variant, ms, best, first, d in rows:
            print(f"{opt_name:<10}{variant:<10}{ms:>10.3f}{best:>9.3f}{e_ms / ms:>9.2f}x{first:>10.1f}{d:>11}")
    print(f"whole step, model and optimizer step compiled (torch.compile(model), torch.compile(opt.step))")
    print(f"{'optimizer':<10}{'variant':<10}{'median ms':>10}{'min ms':>9}{'vs eager':>10}{'GFLOP/s':>9}{'first ms':>10}"
          f"{'loss':>11}{'max|diff|':>11}")
    for opt_name in ["sgd", "adam"]:
        rows = run(opt_name, x, y, compiled_opt=True)
        e_ms = rows[0][1]
        for variant, ms, best, first, loss, d in rows:
            print(f"{opt_name:<10}{variant:<10}{ms:>10.2f}{best:>9.2f}{e_ms / ms:>9.2f}x{flops / ms / 1e6:>9.1f}{first:>10.1f}"
                  f"{loss:>11.6f}{d:>11}")

# The whole step compiled, on the MLP, the small one, and a deeper narrow one with GELU, where
# the step is dispatch-bound in eager (8 layers of small GEMMs, GELU's erf and its backward, one op
# at a time) and the compiled step runs fused kernels: the case the issue's >= 1.5x goal is met on.
print(f"whole step compiled: torch.compile(step), step = zero_grad + forward + MSE + backward + opt.step; median of {REPS} steps after {WARMUP}")
print(f"{'optimizer':<10}{'model':<26}{'variant':<10}{'median ms':>10}{'min ms':>9}{'vs eager':>10}{'first ms':>10}{'loss':>11}{'max|diff|':>11}")
for BATCH, WIDTH, depth, act in [(256, 512, 3, nn.ReLU), (32, 128, 3, nn.ReLU), (64, 64, 8, nn.GELU)]:
    torch.manual_seed(1)
    x = torch.randn(BATCH, WIDTH)
    y = torch.randn(BATCH, WIDTH)
    label = f"{depth}x({WIDTH},{act.__name__}) b{BATCH}"
    for opt_name in ["sgd", "adam"]:
        rows = run(opt_name, x, y, whole=True, depth=depth, act=act)
        e_ms = rows[0][1]
        for variant, ms, best, first, loss, d in rows:
            print(f"{opt_name:<10}{label:<26}{variant:<10}{ms:>10.3f}{best:>9.3f}{e_ms / ms:>9.2f}x{first:>10.1f}{loss:>11.6f}{d:>11}")
