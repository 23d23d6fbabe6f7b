import torch
import torch.nn as nn
# torch.jit.freeze of a scripted conv -> batch norm -> relu -> dropout module in eval mode: submodule
# calls are inlined, parameters become constants, batch norm folds into the convolution's weights
# (named *_fused_bn) and dropout disappears; the frozen module computes what the module computes.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, padding=1)
        self.bn = nn.BatchNorm2d(3)
        self.drop = nn.Dropout(0.5)

    def forward(self, x):
        return self.drop(torch.relu(self.bn(self.conv(x))))


m = Net()
with torch.no_grad():
    m.conv.weight.copy_(torch.arange(54.0).reshape(3, 2, 3, 3) / 32 - 0.75)
    m.conv.bias.copy_(torch.tensor([0.5, -0.25, 0.0]))
    m.bn.running_mean.copy_(torch.tensor([0.5, -0.25, 1.0]))
    m.bn.running_var.copy_(torch.tensor([2.0, 0.5, 1.5]))
    m.bn.weight.copy_(torch.tensor([1.5, 0.75, -1.0]))
    m.bn.bias.copy_(torch.tensor([0.25, 0.5, -0.5]))
m.eval()
s = torch.jit.script(m)
print("aten::batch_norm" in str(s.graph), "prim::CallMethod" in str(s.graph))
f = torch.jit.freeze(s)
g = str(f.graph)
print(type(f).__name__, f.original_name)
print("aten::batch_norm" in g, "aten::dropout" in g, "prim::CallMethod" in g, "prim::GetAttr" in g)
print("aten::conv2d" in g, "aten::relu" in g, "weight_fused_bn" in g, "bias_fused_bn" in g)
x = torch.arange(50.0).reshape(1, 2, 5, 5) / 10 - 2
with torch.no_grad():
    y = m(x)
    fy = f(x)
print(fy.shape, torch.allclose(fy, y, atol=1e-5))
print(len(list(f.parameters())), hasattr(f, "training"))
print(f)
