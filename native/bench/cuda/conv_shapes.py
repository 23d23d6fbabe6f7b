# Convolution layer shapes of the models people train (MNIST's CNN, CIFAR ResNets, torchvision's
# ResNet-18 at 32x32, a U-Net level), each alone on the GPU, forward (with and without its bias), forward + backward and
# forward + the weight's backward only (a first layer), in
# whichever engine runs this file (Kiln: `kiln conv_shapes.py`; PyTorch: `python3 conv_shapes.py`).
# Kiln's A/B of its two algorithms per part: KILN_CONV_IGEMM=<mask> (1 forward, 2 input gradient,
# 4 weight gradient as implicit GEMMs; 0 none) — how ops/conv.cpp's conv_igemm_parts was chosen.
# `--benchmark` sets torch.backends.cudnn.benchmark (both engines: cuDNN times its algorithms); each
# line also gives the host's time to queue one forward (no synchronization: launch overhead).
# A diagnosis, not a benchmark of record. Prints ms per call.
import sys
import time
import torch
import torch.nn.functional as F

# name, N, C, H, W, Cout, k, stride, pad
shapes = [
    ("mnist_c1_b1024", 1024, 1, 28, 28, 32, 3, 1, 0),
    ("mnist_c1_b64", 64, 1, 28, 28, 32, 3, 1, 0),
    ("mnist_c2_b1024", 1024, 32, 26, 26, 64, 3, 1, 0),
    ("mnist_c2_b64", 64, 32, 26, 26, 64, 3, 1, 0),
    ("cifar_l1_b128", 128, 64, 32, 32, 64, 3, 1, 1),
    ("cifar_l2_b128", 128, 128, 16, 16, 128, 3, 1, 1),
    ("cifar_l2s_b128", 128, 64, 32, 32, 128, 3, 2, 1),
    ("cifar_l3_b128", 128, 256, 8, 8, 256, 3, 1, 1),
    ("cifar_l4_b128", 128, 512, 4, 4, 512, 3, 1, 1),
    ("tv_conv1_b128", 128, 3, 32, 32, 64, 7, 2, 3),
    ("tv_l1_b128", 128, 64, 8, 8, 64, 3, 1, 1),
    ("tv_l3_b128", 128, 256, 2, 2, 256, 3, 1, 1),
    ("unet_b8", 8, 64, 128, 128, 64, 3, 1, 1),
]


def timeit(f, reps=20):
    for _ in range(3):
        f()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        f()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps * 1000


torch.backends.cudnn.benchmark = "--benchmark" in sys.argv
# `--channels-last`: input and weight channels-last (the layout Inductor's layout optimization gives)
fmt = torch.channels_last if "--channels-last" in sys.argv else torch.contiguous_format


def host_ms(f, reps=200):
    f()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        f()
    t = (time.perf_counter() - t0) / reps * 1000
    torch.cuda.synchronize()
    return t


torch.manual_seed(0)
for name, N, C, H, W, Co, k, s, p in shapes:
    x = torch.randn(N, C, H, W, device="cuda").contiguous(memory_format=fmt).requires_grad_()
    w = torch.randn(Co, C, k, k, device="cuda").contiguous(memory_format=fmt).requires_grad_()
    b = torch.randn(Co, device="cuda", requires_grad=True)
    y = F.conv2d(x, w, b, s, p)
    g = torch.randn_like(y)

    def fwd():
        with torch.no_grad():
            F.conv2d(x, w, b, s, p)

    def fwd_nb():  # without a bias: as Inductor calls it (the bias add fused into the next kernel)
        with torch.no_grad():
            F.conv2d(x, w, None, s, p)

    def bwd():
        x.grad = None
        w.grad = None
        b.grad = None
        F.conv2d(x, w, b, s, p).backward(g)

    def bwd_w():  # a network's first layer: its input needs no gradient
        w.grad = None
        b.grad = None
        F.conv2d(x.detach(), w, b, s, p).backward(g)

    tf = timeit(fwd)
    tn = timeit(fwd_nb)
    tb = timeit(bwd)
    tw = timeit(bwd_w)
    th = host_ms(fwd)
    print(f"{name:16s} fwd {tf:8.3f} ms  fwd(no bias) {tn:8.3f} ms  fwd+bwd {tb:8.3f} ms  fwd+bwd(w) {tw:8.3f} ms  host/fwd {th:7.3f} ms")
