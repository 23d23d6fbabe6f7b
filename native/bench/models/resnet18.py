# ResNet-18 as torchvision defines it (torchvision.models.resnet18: BasicBlock x [2, 2, 2, 2], 7x7
# stride-2 stem, max pool, BatchNorm, adaptive average pool; here num_classes=10) on 32x32 inputs
# (CIFAR-sized), batch 128: inference (eval mode, no_grad) and an SGD-momentum training step
# (cross-entropy, lr 0.1, momentum 0.9, weight decay 5e-4), compiled as torch.compile(model).
# Kiln's torchvision (engine/stdlib/torchvision) carries the same definition; PyTorch needs the
# torchvision package installed.
#
# Sizes: batch 128; --small: batch 8.
#   kiln resnet18.py [--small] [--threads N] [--device cpu|cuda]  /  python3 resnet18.py ...   (see common.py)
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision

import common


def main():
    opts = common.setup(sys.argv)
    dev = opts["device"]
    batch = 8 if opts["small"] else 128
    torch.manual_seed(1)
    x = torch.randn(batch, 3, 32, 32).to(dev)
    y = torch.randint(10, (batch,)).to(dev)

    def make_forward():
        torch.manual_seed(0)
        model = torchvision.models.resnet18(num_classes=10).to(dev)
        model.eval()
        return model, (x,)

    def make_train(compiled, mode):
        torch.manual_seed(0)
        model = torchvision.models.resnet18(num_classes=10).to(dev)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=5e-4)
        f = torch.compile(model, mode=mode) if compiled else model

        def step():
            optimizer.zero_grad()
            loss = F.cross_entropy(f(x), y)
            loss.backward()
            optimizer.step()
            return loss.detach()

        return step, model, lambda: model(x)

    label = "32x32_b%d" % batch
    common.guarded(opts, "resnet18", "forward", lambda: common.run_forward(opts, "resnet18", "forward_" + label, make_forward))
    common.guarded(opts, "resnet18", "train", lambda: common.run_train(opts, "resnet18", "train_sgd_" + label, make_train,
                                                                       False))


main()
