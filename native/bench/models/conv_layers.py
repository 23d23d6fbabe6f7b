# The convolutions of resnet18.py and mnist_cnn.py one at a time (F.conv2d, forward, no_grad):
# median and min ms and GFLOP/s per layer shape, the profile behind the CPU convolution work of
# issue 32 (ResNet-18 at 32x32 inputs ends in 2x2 and 1x1 output planes, where a GEMM per sample
# is a matrix-vector product that rereads the whole weight). Runs in Kiln and in PyTorch alike:
#   kiln conv_layers.py [--small] [--threads N]  /  python3 conv_layers.py ...
import sys
import time

import torch
import torch.nn.functional as F

threads = int(sys.argv[sys.argv.index("--threads") + 1]) if "--threads" in sys.argv else 0
if threads > 0:
    torch.set_num_threads(threads)
batch = 8 if "--small" in sys.argv else 128
# (name, in channels, out channels, input size, kernel, stride, padding)
LAYERS = [("resnet stem 7x7/2", 3, 64, 32, 7, 2, 3), ("resnet layer1 3x3", 64, 64, 8, 3, 1, 1),
          ("resnet layer2 3x3/2", 64, 128, 8, 3, 2, 1), ("resnet layer2 3x3", 128, 128, 4, 3, 1, 1),
          ("resnet layer2 down 1x1/2", 64, 128, 8, 1, 2, 0), ("resnet layer3 3x3", 256, 256, 2, 3, 1, 1),
          ("resnet layer4 3x3/2", 256, 512, 2, 3, 2, 1), ("resnet layer4 3x3", 512, 512, 1, 3, 1, 1),
          ("mnist conv1 3x3", 1, 32, 28, 3, 1, 0), ("mnist conv2 3x3", 32, 64, 26, 3, 1, 0)]
print("conv2d layers, batch %d, %d threads: median ms (min ms), GFLOP/s at the median" % (batch, torch.get_num_threads()))
for name, cin, cout, size, k, s, p in LAYERS:
    torch.manual_seed(0)
    x = torch.randn(batch, cin, size, size)
    w = torch.randn(cout, cin, k, k)
    with torch.no_grad():
        y = F.conv2d(x, w, stride=s, padding=p)
        flops = 2 * y.numel() * cin * k * k
        times = []
        for i in range(23):
            t0 = time.perf_counter()
            F.conv2d(x, w, stride=s, padding=p)
            times.append((time.perf_counter() - t0) * 1000)
    times = sorted(times[3:])
    med = times[len(times) // 2]
    print("%-26s out %dx%dx%d  %9.3f (%8.3f)  %7.1f" % (name, cout, y.shape[2], y.shape[3], med, times[0],
                                                      flops / med / 1e6))
