import torch
import torch.nn as nn
import torch.nn.functional as F
# Gradients through torch.compile's AOT autograd (aot_eager, aot_eager_decomp_partition, inductor)
# equal eager's; the compiled output's grad_fn is CompiledFunctionBackward.
# (sums printed to 3 decimals: float32 sums in another order differ in the 6th digit, in PyTorch too)

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(4, 6)
        self.l2 = nn.Linear(6, 2)

    def forward(self, x):
        h = self.l1(x)
        return self.l2(torch.tanh(h) * 2 + F.relu(h))

def make():
    m = MLP()
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-1.0, 1.0, p.numel()).reshape(p.shape) * (0.5 + 0.1 * i))
    return m

x = torch.linspace(-2.0, 2.0, 12).reshape(3, 4)
ref = make()
ref(x).pow(2).sum().backward()
for backend in ["aot_eager", "aot_eager_decomp_partition", "inductor"]:
    torch._dynamo.reset()
    m = make()
    out = torch.compile(m, backend=backend)(x)
    print(backend, type(out.grad_fn).__name__)
    out.pow(2).sum().backward()
    for (name, p), q in zip(m.named_parameters(), ref.parameters()):
        print(" ", name, f"{p.grad.sum().item():.3f}", torch.allclose(p.grad, q.grad, rtol=1e-5, atol=1e-6))
