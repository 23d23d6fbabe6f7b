import torch
import torch.nn as nn
# torch.jit.optimize_for_inference on a scripted module in training mode: it puts the module in eval
# mode, freezes it and folds batch norm and dropout away; the result computes what the module does.
# (PyTorch's CPU build also moves convolutions to MKL-DNN; only outcomes both builds share are printed.)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.bn = nn.BatchNorm2d(2)
        self.drop = nn.Dropout(0.25)

    def forward(self, x):
        return self.drop(self.bn(self.conv(x))) * 2


m = Net()
with torch.no_grad():
    m.conv.weight.copy_(torch.arange(18.0).reshape(2, 1, 3, 3) / 16 - 0.5)
    m.conv.bias.copy_(torch.tensor([0.25, -0.5]))
    m.bn.running_mean.copy_(torch.tensor([0.5, -1.0]))
    m.bn.running_var.copy_(torch.tensor([4.0, 0.25]))
s = torch.jit.script(m)
print(s.training)
o = torch.jit.optimize_for_inference(s)
g = str(o.graph)
print(type(o).__name__, s.training, hasattr(o, "training"))
print("aten::batch_norm" in g, "aten::dropout" in g, "prim::CallMethod" in g)
x = torch.arange(36.0).reshape(1, 1, 6, 6) / 8 - 2
with torch.no_grad():
    y = m.eval()(x)
    oy = o(x)
print(oy.shape, torch.allclose(oy, y, atol=1e-5))
try:
    torch.jit.optimize_for_inference(m)
except RuntimeError as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
