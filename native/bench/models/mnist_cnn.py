# The pytorch/examples MNIST CNN (mnist/main.py's Net, written as that file writes it: two 3x3
# convolutions, ReLU, max_pool2d, Dropout(0.25), flatten, Linear(9216, 128), ReLU, Dropout(0.5),
# Linear(128, 10), log_softmax) on 1x28x28 inputs: inference (eval, no_grad) and main.py's training
# step (nll_loss, Adadelta(lr=1.0)), at batch 64 (main.py's default) and 1024; compiled as
# torch.compile(model).
#
# Sizes: batches 64 and 1024; --small: 8 and 64.
#   kiln mnist_cnn.py [--small] [--threads N] [--device cpu|cuda]  /  python3 mnist_cnn.py ...   (see common.py)
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

import common


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 32, 3, 1)
        self.conv2 = nn.Conv2d(32, 64, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(9216, 128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        x = self.conv1(x)
        x = F.relu(x)
        x = self.conv2(x)
        x = F.relu(x)
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = self.fc1(x)
        x = F.relu(x)
        x = self.dropout2(x)
        x = self.fc2(x)
        output = F.log_softmax(x, dim=1)
        return output


def main():
    opts = common.setup(sys.argv)
    dev = opts["device"]
    for batch in ([8, 64] if opts["small"] else [64, 1024]):
        torch.manual_seed(1)
        # MNIST-shaped data, normalized as main.py's transform leaves it (mean 0.1307, std 0.3081)
        data = ((torch.rand(batch, 1, 28, 28) - 0.1307) / 0.3081).to(dev)
        target = torch.randint(10, (batch,)).to(dev)

        def make_forward():
            torch.manual_seed(0)
            model = Net().to(dev)
            model.eval()
            return model, (data,)

        def make_train(compiled, mode):
            torch.manual_seed(0)
            model = Net().to(dev)
            optimizer = optim.Adadelta(model.parameters(), lr=1.0)
            f = torch.compile(model, mode=mode) if compiled else model

            def step():
                optimizer.zero_grad()
                output = f(data)
                loss = F.nll_loss(output, target)
                loss.backward()
                optimizer.step()
                return loss.detach()

            return step, model, lambda: model(data)

        label = "b%d" % batch
        common.guarded(opts, "mnist_cnn", "forward", lambda: common.run_forward(opts, "mnist_cnn", "forward_" + label,
                                                                                make_forward))
        common.guarded(opts, "mnist_cnn", "train", lambda: common.run_train(opts, "mnist_cnn", "train_adadelta_" + label,
                                                                            make_train, True))


main()
