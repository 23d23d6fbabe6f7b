# The host overhead of calling a torch.compile'd module (issue 32): models with many parameters and
# inputs so small that the kernels cost next to nothing, so a compiled call's time is its host work:
# the guard check (a TENSOR_MATCH per parameter and buffer, a TYPE_MATCH / ID_MATCH per module), the
# transformed code's loads of every parameter and buffer as graph inputs, the wrapper's argument and
# output handling and, with grad on, the autograd function around the compiled graph.
#
# Cases (each eager and compiled with the default mode, CPU, one thread):
#   resnet18_1x3x8x8   torchvision's resnet18(num_classes=10), eval, no_grad, input 1x3x8x8
#                      (62 parameters + 60 buffers as graph inputs; its 512-channel convolutions still cost
#                      milliseconds on a CPU)
#   resnet18w8_1x3x8x8 the same module tree (torchvision's BasicBlock, ResNet's forward and attribute names)
#                      at widths 8/16/32/64 instead of 64..512: the same guards and graph inputs, tiny kernels
#   mlp50_b1           50 x (Linear(16, 16) + ReLU), eval, no_grad, input 1x16 (100 parameters)
#   resnet18w8_2x3x16x16_train  the tiny ResNet in train mode at 2x3x16x16 (batch statistics, num_batches_tracked updates):
#                      zero_grad(set_to_none), forward, sum().backward()
#   mlp50_b1_train     the same MLP in train mode: zero_grad(set_to_none), forward, sum().backward()
#                      (the compiled graph's autograd function, forward and backward)
#
#   kiln call_overhead.py [--engine NAME] [--calls N] [--batches N] [--only CASE,...] [--clock wall|cpu]
#                         [--loop CASE VARIANT SECONDS]
#   python3 call_overhead.py ...
# Prints one line per case and variant: RESULT|engine|case|variant|median us per call|min us per call.
# --clock cpu times with time.process_time (the process's CPU time: on a shared, loaded machine the stable
# measure of the work a one-thread call does; the default is the wall clock).
# --loop runs one case's calls for SECONDS (for `perf record -e cpu-clock -g`), nothing timed.
import sys
import time

import torch
import torch.nn as nn


def resnet18():
    import torchvision
    torch.manual_seed(0)
    return torchvision.models.resnet18(num_classes=10).eval(), torch.randn(1, 3, 8, 8)


class TinyResNet18(nn.Module):
    # torchvision.models.resnet.ResNet's layers and forward at 1/8 of its widths.
    def __init__(self, num_classes=10):
        super().__init__()
        from torchvision.models.resnet import BasicBlock
        self.inplanes = 8
        self.conv1 = nn.Conv2d(3, 8, kernel_size=7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(8)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)

        def layer(planes, stride):
            downsample = None
            if stride != 1 or self.inplanes != planes:
                downsample = nn.Sequential(nn.Conv2d(self.inplanes, planes, 1, stride=stride, bias=False),
                                           nn.BatchNorm2d(planes))
            blocks = [BasicBlock(self.inplanes, planes, stride, downsample)]
            self.inplanes = planes
            blocks.append(BasicBlock(planes, planes))
            return nn.Sequential(*blocks)

        self.layer1 = layer(8, 1)
        self.layer2 = layer(16, 2)
        self.layer3 = layer(32, 2)
        self.layer4 = layer(64, 2)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(64, num_classes)

    def forward(self, x):
        x = self.conv1(x)
        x = self.bn1(x)
        x = self.relu(x)
        x = self.maxpool(x)
        x = self.layer1(x)
        x = self.layer2(x)
        x = self.layer3(x)
        x = self.layer4(x)
        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        return self.fc(x)


def mlp50():
    torch.manual_seed(0)
    layers = []
    for _ in range(50):
        layers.append(nn.Linear(16, 16))
        layers.append(nn.ReLU())
    return nn.Sequential(*layers), torch.randn(1, 16)


def make(case, compiled):
    if case.startswith("resnet18w8"):
        torch.manual_seed(0)
        model, x = TinyResNet18(), torch.randn(1, 3, 8, 8)
        if case.endswith("_train"):
            x = torch.randn(2, 3, 16, 16)  # batch norm in training needs two values per channel
    elif case.startswith("resnet18"):
        model, x = resnet18()
    else:
        model, x = mlp50()
    if case.endswith("_train"):
        model.train()
        f = torch.compile(model) if compiled else model

        def step():
            model.zero_grad(set_to_none=True)
            f(x).sum().backward()

        return step
    model.eval()
    f = torch.compile(model) if compiled else model

    def call():
        with torch.no_grad():
            return f(x)

    return call


clock = time.perf_counter


def time_us(fn, calls, batches):
    for _ in range(5):
        fn()
    per = []
    for _ in range(batches):
        t0 = clock()
        for _ in range(calls):
            fn()
        per.append((clock() - t0) / calls * 1e6)
    per.sort()
    return per[len(per) // 2], per[0]


def main():
    engine, calls, batches, only, loop = "torch", 200, 9, "", None
    args = sys.argv[1:]
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--engine":
            engine = args[i + 1]
        elif a == "--calls":
            calls = int(args[i + 1])
        elif a == "--batches":
            batches = int(args[i + 1])
        elif a == "--only":
            only = args[i + 1]
        elif a == "--clock":
            global clock
            clock = time.process_time if args[i + 1] == "cpu" else time.perf_counter
        elif a == "--loop":
            loop = (args[i + 1], args[i + 2], float(args[i + 3]))
            i += 2
        else:
            raise SystemExit("unknown option " + a)
        i += 2
    torch.set_num_threads(1)
    if loop:
        fn = make(loop[0], loop[1] == "compiled")
        for _ in range(5):
            fn()
        end = time.perf_counter() + loop[2]
        n = 0
        while time.perf_counter() < end:
            for _ in range(50):
                fn()
            n += 50
        print("LOOP|%s|%s|%s|%d calls" % (engine, loop[0], loop[1], n))
        return
    for case in ("resnet18_1x3x8x8", "resnet18w8_1x3x8x8", "resnet18w8_2x3x16x16_train", "mlp50_b1", "mlp50_b1_train"):
        if only and case not in only.split(","):
            continue
        for variant in ("eager", "compiled"):
            med, best = time_us(make(case, variant == "compiled"), calls, batches)
            print("RESULT|%s|%s|%s|%.1f|%.1f" % (engine, case, variant, med, best))
            sys.stdout.flush()


main()
