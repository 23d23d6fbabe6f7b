# Where a compiled model's GPU time goes, kernel by kernel, in either engine (issue 32's profiles):
# one forward case of the model suite (eval, no_grad), compiled with torch.compile(mode=MODE), 3
# warm-up calls, then CALLS profiled calls. PyTorch prints torch.profiler's CUDA kernel self times per
# call; Kiln's torch.profiler records no CUDA kernels, so Kiln's side runs under Nsight Compute, which
# times every launch (the compile's and the warm-up's too: the profiled calls are the last CALLS
# repeats of one launch sequence at the end of its list).
#
#   python3 profile_model.py torch MODEL [MODE] [CALLS]
#   ncu --clock-control none --metrics gpu__time_duration.sum --csv kiln profile_model.py kiln MODEL ...
#   {python3|kiln} profile_model.py ENGINE MODEL MODE CALLS host
# The last form, in either engine, times CALLS calls on the host clock: the time to issue them (the
# host's work per call: guards, argument handling, launches or a graph replay; the GPU does not hold
# the host back until its queue fills) and the time until the GPU has finished them (wall), per call.
# When host ~ wall, the host is the bottleneck and faster kernels gain nothing.
# MODEL: mnist_b1024 | mnist_b64 | resnet18_b128 | dcgan_b64 (the suite's definitions: mnist_cnn.py's Net,
# torchvision's resnet18 on 32x32 inputs, dcgan.py's Generator sampling 64 images). MODE: a torch.compile
# mode, or eager (no compile: the eager kernels).
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):  # mnist_cnn.py's (pytorch/examples mnist/main.py)
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 32, 3, 1)
        self.conv2 = nn.Conv2d(32, 64, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(9216, 128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.max_pool2d(x, 2)
        x = torch.flatten(self.dropout1(x), 1)
        x = self.dropout2(F.relu(self.fc1(x)))
        return F.log_softmax(self.fc2(x), dim=1)


def make(name):
    torch.manual_seed(0)
    if name.startswith("mnist_b"):
        model, x = Net(), torch.randn(int(name[7:]), 1, 28, 28)
    elif name == "resnet18_b128":
        import torchvision
        model, x = torchvision.models.resnet18(num_classes=10), torch.randn(128, 3, 32, 32)
    elif name.startswith("dcgan_b"):
        import os
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from dcgan import Generator, weights_init
        model, x = Generator(64), torch.randn(int(name[7:]), 100, 1, 1)
        model.apply(weights_init)
    else:
        raise SystemExit("unknown model " + name)
    return model.to("cuda").eval(), x.to("cuda")


def main():
    engine, name = sys.argv[1], sys.argv[2]
    mode = sys.argv[3] if len(sys.argv) > 3 else "default"
    calls = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    model, x = make(name)
    with torch.no_grad():
        cm = model if mode == "eager" else torch.compile(model, mode=mode)
        for _ in range(3):
            cm(x)
        torch.cuda.synchronize()
        if len(sys.argv) > 5 and sys.argv[5] == "host":
            import time
            t0 = time.perf_counter()
            for _ in range(calls):
                cm(x)
            t1 = time.perf_counter()
            torch.cuda.synchronize()
            t2 = time.perf_counter()
            print("HOST %s %s %s: issue %.4f ms per call, wall %.4f ms per call (%d calls)" % (
                engine, name, mode, (t1 - t0) / calls * 1e3, (t2 - t0) / calls * 1e3, calls))
            return
        if engine == "kiln":
            for _ in range(calls):
                cm(x)
            torch.cuda.synchronize()
            return
        from torch.profiler import profile, ProfilerActivity
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(calls):
                cm(x)
            torch.cuda.synchronize()
    rows = []
    for e in prof.key_averages():
        t = getattr(e, "self_device_time_total", 0) or getattr(e, "self_cuda_time_total", 0)
        if t > 0:
            rows.append((t, e.count, e.key))
    rows.sort(reverse=True)
    total = sum(r[0] for r in rows)
    print("PROFILE torch %s %s: %d calls, %.4f ms of GPU kernels per call" % (name, mode, calls, total / calls / 1000.0))
    for t, n, k in rows[:40]:
        print("%10.4f ms %5.1f%% %5d  %s" % (t / calls / 1000.0, 100.0 * t / total, n // calls, k[:120]))


main()
