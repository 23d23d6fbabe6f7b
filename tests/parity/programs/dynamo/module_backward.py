import torch
import torch.nn as nn
# Gradients through a compiled module equal the eager gradients.

def build():
    m = nn.Linear(2, 1)
    with torch.no_grad():
        m.weight.copy_(torch.tensor([[1., -1.]]))
        m.bias.copy_(torch.tensor([0.5]))
    return m

x = torch.tensor([[1., 2.], [3., 0.5]])
t = torch.tensor([[1.], [2.]])
eager = build()
loss = ((eager(x) - t) ** 2).mean()
loss.backward()
print("eager loss", loss.item())
print("eager grads", eager.weight.grad, eager.bias.grad)
m = build()
cm = torch.compile(m, backend="eager")
out = cm(x)
print("grad_fn", out.grad_fn is not None, out.requires_grad)
loss2 = ((out - t) ** 2).mean()
loss2.backward()
print("compiled loss", loss2.item())
print("compiled grads", m.weight.grad, m.bias.grad)
print(torch.equal(m.weight.grad, eager.weight.grad), torch.equal(m.bias.grad, eager.bias.grad))
