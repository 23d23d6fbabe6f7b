import torch
import torch.nn as nn
# Tracing nn.Sequential(Linear, ReLU, Linear): repr, names, outputs on fresh inputs.

seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
with torch.no_grad():
    seq[0].weight.copy_(torch.tensor([[1., 0.], [0., 1.], [1., -1.]]))
    seq[0].bias.copy_(torch.tensor([0., 0.5, -0.5]))
    seq[2].weight.copy_(torch.tensor([[0.5, 0.25, -1.]]))
    seq[2].bias.copy_(torch.tensor([0.25]))
x = torch.tensor([[1., 2.]])
with torch.no_grad():
    ts = torch.jit.trace(seq, x)
    print(type(ts).__name__)
    print(ts.original_name)
    print(ts(x))
    print(seq(x))
    x2 = torch.tensor([[0., 0.], [2., 1.], [-1., 3.], [4., 4.]])
    print(ts(x2))
    print(torch.equal(ts(x2), seq(x2)))
    print(ts)
    names = []
    for name, p in ts.named_parameters():
        names.append(name)
    print(names)
