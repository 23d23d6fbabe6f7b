import torch
import torch.nn as nn
# Parameters are graph inputs: updating them in place (an SGD step) does not recompile.

calls = []

def counting(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward

m = nn.Linear(2, 1)
with torch.no_grad():
    m.weight.copy_(torch.tensor([[1., 1.]]))
    m.bias.copy_(torch.tensor([0.]))
cm = torch.compile(m, backend=counting)
opt = torch.optim.SGD(m.parameters(), lr=0.25)
x = torch.tensor([[1., 2.]])
t = torch.tensor([[1.]])
for step in range(3):
    opt.zero_grad()
    out = cm(x)
    loss = ((out - t) ** 2).sum()
    loss.backward()
    opt.step()
    print(step, out.detach(), loss.item(), m.weight.detach(), m.bias.detach(), "compiles", len(calls))
print("graph inputs", calls)
with torch.no_grad():
    print(torch.equal(cm(x), m(x)))
