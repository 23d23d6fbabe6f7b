# Where PyTorch's own GPU time goes in a model of the suite, eager against torch.compile: the CUDA
# kernels of one call (torch.profiler, self CUDA time per kernel name, summed over 10 calls), the
# output's strides (channels_last or not) and Inductor's layout decision. A diagnosis tool for issue
# 32's GPU gaps (what Kiln's compiled convolution graphs must do to match), run with PyTorch only:
#   python3 native/bench/models/torch_kernels.py [mnist_cnn|resnet18|...] [--batch N] [--train]
import os
import sys

import torch
import torch.nn.functional as F

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)


def build(name, batch):
    torch.manual_seed(0)
    if name == "resnet18":
        import torchvision

        return torchvision.models.resnet18(num_classes=10), torch.randn(batch, 3, 32, 32)
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, os.path.join(here, name + ".py"))
    src = open(spec.origin).read().split("\ndef main():")[0]  # the model classes, not the benchmark's main()
    scope = {"__name__": name}
    exec(compile(src, spec.origin, "exec"), scope)
    return scope["Net"](), torch.rand(batch, 1, 28, 28)


def table(fn, calls=10):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            fn()
        torch.cuda.synchronize()
    rows = []
    for e in prof.key_averages():
        t = getattr(e, "self_device_time_total", 0) or getattr(e, "self_cuda_time_total", 0)
        if t > 0:
            rows.append((t / calls, e.count // calls, e.key))
    rows.sort(reverse=True)
    total = sum(r[0] for r in rows)
    print("  total %.1f us of kernels per call" % total)
    for t, n, k in rows[:14]:
        print("  %8.1f us %3d x  %s" % (t, n, k[:110]))


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "mnist_cnn"
    batch = int(sys.argv[sys.argv.index("--batch") + 1]) if "--batch" in sys.argv else 1024
    train = "--train" in sys.argv
    model, x = build(name, batch)
    model, x = model.cuda(), x.cuda()
    print("%s batch %d %s; inductor layout_optimization=%s, cudnn.allow_tf32=%s" % (
        name, batch, "train" if train else "eval no_grad", torch._inductor.config.layout_optimization,
        torch.backends.cudnn.allow_tf32))
    if train:
        model.train()
        y = torch.randint(10, (batch,), device="cuda")
    else:
        model.eval()
    for label, f in (("eager", model), ("compiled", torch.compile(model))):
        def call():
            if train:
                out = f(x)
                F.cross_entropy(out, y).backward()
                return out
            with torch.no_grad():
                return f(x)

        out = call()
        print("%s: output strides %s" % (label, out.stride()))
        table(call)


main()
