# Op-level profile of a model suite case on the CPU, the same program in both engines (issue 32): warm-up
# calls, the per-call time (process CPU time: robust on a shared machine at 1 thread), then torch.profiler
# over a few calls and the operators' self CPU times (key_averages, sorted by self time). Used to compare
# Kiln's and PyTorch's 1-thread ViT and MLP operator by operator.
#
#   kiln cpu_profile.py vit|mlp train|forward [--threads N] [--steps N] [--rows N]  /  python3 cpu_profile.py ...
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def build(name):
    torch.manual_seed(1)
    if name == "vit":
        import vit
        x, y = torch.randn(16, 3, 32, 32), torch.randint(10, (16,))
        torch.manual_seed(0)
        model = vit.ViT(3, 10, 32, 8, dropout=0.0, num_layers=7, hidden=384, mlp_hidden=384, head=12)
        opt = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.999), weight_decay=5e-5)
        crit = nn.CrossEntropyLoss(label_smoothing=0.1)
    else:
        import mlp
        x, y = torch.randn(128, 1, 28, 28), torch.randint(10, (128,))
        torch.manual_seed(0)
        model = mlp.make_model()
        opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
        crit = F.cross_entropy
    return model, opt, crit, x, y


def main():
    name, case = sys.argv[1], sys.argv[2]
    threads, steps, rows = 1, 5, 25
    i = 3
    while i < len(sys.argv):
        if sys.argv[i] == "--threads":
            threads = int(sys.argv[i + 1])
        elif sys.argv[i] == "--steps":
            steps = int(sys.argv[i + 1])
        elif sys.argv[i] == "--rows":
            rows = int(sys.argv[i + 1])
        else:
            raise SystemExit("unknown option " + sys.argv[i])
        i += 2
    torch.set_num_threads(threads)
    model, opt, crit, x, y = build(name)

    def train():
        opt.zero_grad()
        loss = crit(model(x), y)
        loss.backward()
        opt.step()

    def forward():
        with torch.no_grad():
            model(x)

    if case == "forward":
        model.eval()
    step = train if case == "train" else forward
    for _ in range(3):
        step()
    times = []
    for _ in range(4 * steps):
        t0 = time.process_time()
        step()
        times.append(time.process_time() - t0)
    times.sort()
    print("%s %s cpu ms: median %.3f min %.3f" % (name, case, times[len(times) // 2] * 1e3, times[0] * 1e3))
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        for _ in range(steps):
            step()
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=rows))


if __name__ == "__main__":
    main()
