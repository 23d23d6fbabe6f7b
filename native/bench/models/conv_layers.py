# The convolutions of resnet18.py and mnist_cnn.py one at a time (F.conv2d): median and min ms and
# GFLOP/s per layer shape, the profile behind the CPU convolution work of issue 32 (ResNet-18 at 32x32
# inputs ends in 2x2 and 1x1 output planes, where a GEMM per sample is a matrix-vector product that
# rereads the whole weight). Forward under no_grad by default; --backward times the backward instead
# (the input's and the weight's gradient of one F.conv2d, torch.autograd.grad over a fixed
# grad_output, 2x the forward's FLOPs), the half of a training step that conv's forward timing misses.
# The last column is the CPU time of all threads per call (time.process_time): on a shared machine the
# wall clock of several threads says little, and CPU time over wall time shows how the work was split
# (run with OMP_WAIT_POLICY=passive there, so that waiting threads do not spin). Runs in Kiln and in
# PyTorch alike:
#   kiln conv_layers.py [--small] [--threads N] [--backward]  /  python3 conv_layers.py ...
import sys
import time

import torch
import torch.nn.functional as F

threads = int(sys.argv[sys.argv.index("--threads") + 1]) if "--threads" in sys.argv else 0
if threads > 0:
    torch.set_num_threads(threads)
batch = 8 if "--small" in sys.argv else 128
backward = "--backward" in sys.argv
# (name, in channels, out channels, input size, kernel, stride, padding)
LAYERS = [("resnet stem 7x7/2", 3, 64, 32, 7, 2, 3), ("resnet layer1 3x3", 64, 64, 8, 3, 1, 1),
          ("resnet layer2 3x3/2", 64, 128, 8, 3, 2, 1), ("resnet layer2 3x3", 128, 128, 4, 3, 1, 1),
          ("resnet layer2 down 1x1/2", 64, 128, 8, 1, 2, 0), ("resnet layer3 3x3", 256, 256, 2, 3, 1, 1),
          ("resnet layer4 3x3/2", 256, 512, 2, 3, 2, 1), ("resnet layer4 3x3", 512, 512, 1, 3, 1, 1),
          ("mnist conv1 3x3", 1, 32, 28, 3, 1, 0), ("mnist conv2 3x3", 32, 64, 26, 3, 1, 0)]


def timed(fn):
    times, cpu = [], []
    for i in range(23):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    times, cpu = sorted(times[3:]), sorted(cpu[3:])
    return times[len(times) // 2], times[0], cpu[len(cpu) // 2]


print("conv2d layers%s, batch %d, %d threads: median ms (min ms), GFLOP/s at the median, CPU ms (all threads)" %
      (" (backward: input and weight gradients)" if backward else "", batch, torch.get_num_threads()))
total = total_low = total_cpu = 0.0
for name, cin, cout, size, k, s, p in LAYERS:
    torch.manual_seed(0)
    x = torch.randn(batch, cin, size, size)
    w = torch.randn(cout, cin, k, k)
    if backward:
        # the first layer of a network needs no input gradient; every other one does
        x.requires_grad_(cin != 3 and cin != 1)
        w.requires_grad_(True)
        y = F.conv2d(x, w, stride=s, padding=p)
        gy = torch.randn(y.shape)
        wrt = [x, w] if x.requires_grad else [w]
        flops = 2 * y.numel() * cin * k * k * len(wrt)
        med, low, cpu = timed(lambda: torch.autograd.grad(y, wrt, gy, retain_graph=True))
    else:
        with torch.no_grad():
            y = F.conv2d(x, w, stride=s, padding=p)
            flops = 2 * y.numel() * cin * k * k
            med, low, cpu = timed(lambda: F.conv2d(x, w, stride=s, padding=p))
    total += med
    total_low += low
    total_cpu += cpu
    print("%-26s out %dx%dx%d  %9.3f (%8.3f)  %7.1f  %9.3f" % (name, cout, y.shape[2], y.shape[3], med, low,
                                                             flops / med / 1e6, cpu))
print("sum: median %.3f ms, min %.3f ms, CPU %.3f ms" % (total, total_low, total_cpu))
