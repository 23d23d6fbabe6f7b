import torch
import torch.nn as nn

# optimize_for_inference = eval + freeze + folding (batch norm into the conv, dropout gone).
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.bn = nn.BatchNorm2d(2)
        self.drop = nn.Dropout(0.25)

    def forward(self, x):
        return self.drop(self.bn(self.conv(x)))

m = Net()
with torch.no_grad():
    m.conv.weight.copy_(torch.arange(18.0).reshape(2, 1, 3, 3) / 16 - 0.5)
    m.conv.bias.copy_(torch.tensor([0.25, -0.5]))
    m.bn.running_mean.copy_(torch.tensor([0.5, -1.0]))
    m.bn.running_var.copy_(torch.tensor([4.0, 0.25]))
o = torch.jit.optimize_for_inference(torch.jit.script(m))
g = str(o.graph)
print("batch_norm left:", "aten::batch_norm" in g, "dropout left:", "aten::dropout" in g)
x = torch.arange(36.0).reshape(1, 1, 6, 6) / 8 - 2
with torch.no_grad():
    print(torch.allclose(o(x), m.eval()(x), atol=1e-5))

# quantize_dynamic swaps Linear layers for int8 versions in a copy of the model.
model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
with torch.no_grad():
    model[0].weight.copy_(torch.arange(12.0).reshape(3, 4) / 8 - 0.5)
    model[0].bias.fill_(0.25)
    model[2].weight.copy_(torch.tensor([[0.5, -0.25, 1.0], [-1.0, 0.75, 0.5]]))
    model[2].bias.fill_(-0.5)
q = torch.quantization.quantize_dynamic(model, {nn.Linear: torch.quantization.default_dynamic_qconfig}, dtype=torch.qint8)
print("still a float nn.Linear:", isinstance(model[0], nn.Linear), isinstance(q[0], nn.Linear))
x = torch.tensor([[1.0, -1.0, 0.5, 2.0]])
with torch.no_grad():
    print("close to float:", torch.allclose(q(x), model(x), atol=0.1))
