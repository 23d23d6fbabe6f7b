# An MLP classifier, 784-512-512-10 with ReLU (nn.Sequential of nn.Flatten and nn.Linear layers, as the
# PyTorch tutorials write it), on MNIST-shaped 1x28x28 inputs: an AdamW training step (cross_entropy,
# lr 1e-3) and inference; compiled as torch.compile(model).
#
# Sizes: batch 128; --small: batch 32.
#   kiln mlp.py [--small] [--threads N] [--device cpu|cuda]  /  python3 mlp.py ...   (see common.py)
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

import common


def make_model():
    return nn.Sequential(
        nn.Flatten(),
        nn.Linear(28 * 28, 512),
        nn.ReLU(),
        nn.Linear(512, 512),
        nn.ReLU(),
        nn.Linear(512, 10),
    )


def main():
    opts = common.setup(sys.argv)
    dev = opts["device"]
    batch = 32 if opts["small"] else 128
    torch.manual_seed(1)
    x = torch.randn(batch, 1, 28, 28).to(dev)
    y = torch.randint(10, (batch,)).to(dev)

    def make_forward():
        torch.manual_seed(0)
        model = make_model().to(dev)
        model.eval()
        return model, (x,)

    def make_train(compiled, mode):
        torch.manual_seed(0)
        model = make_model().to(dev)
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        f = torch.compile(model, mode=mode) if compiled else model

        def step():
            optimizer.zero_grad()
            loss = F.cross_entropy(f(x), y)
            loss.backward()
            optimizer.step()
            return loss.detach()

        return step, model, lambda: model(x)

    label = "784x512x512x10_b%d" % batch
    common.guarded(opts, "mlp", "forward", lambda: common.run_forward(opts, "mlp", "forward_" + label, make_forward))
    common.guarded(opts, "mlp", "train", lambda: common.run_train(opts, "mlp", "train_adamw_" + label, make_train, True))


if __name__ == "__main__":
    main()
