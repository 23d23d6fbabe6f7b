import torch
import torch.nn as nn
# module.training is guarded: train()/eval() switch between two compiled entries.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 3

    def forward(self, x):
        if self.training:
            return x * self.scale
        return x + self.scale

m = Net()
cm = torch.compile(m, backend=counting)
x = torch.tensor([1., 2.])
for mode in ["train", "train", "eval", "train", "eval"]:
    if mode == "train":
        m.train()
    else:
        m.eval()
    out = cm(x)
    print(mode, m.training, out, torch.equal(out, m(x)), "compiles", len(calls))
m.scale = 4
out = cm(x)
print("scale 4", out, torch.equal(out, m(x)), "compiles", len(calls))
