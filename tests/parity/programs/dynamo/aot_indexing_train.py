import torch
import torch.nn as nn
import torch.nn.functional as F
# Compiled training through the ops real model code uses and Kiln's AOT autograd used to refuse:
# nanoGPT's x[:, [-1], :] and tensor/list indexing (aten::index), x[idx] = v and x[mask] = c
# (aten::index_put_), writes through slices (x[:, 0] = v), flip, repeat, cumprod through zeros,
# diagonal/trace, F.normalize. loss.backward() runs inside the compiled function; the optimizer steps
# outside. Values are built from linspace (no random draws); sums print to 4 decimals.

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(7, 4)
        self.lin = nn.Linear(4, 4)
        self.head = nn.Linear(4, 7, bias=False)
        with torch.no_grad():
            for i, p in enumerate(self.parameters()):
                p.copy_(torch.linspace(-0.8, 0.9, p.numel()).reshape(p.shape) * (1.0 + 0.1 * i))

    def forward(self, idx, perm):
        x = self.emb(idx)                      # (B, T, 4)
        h = torch.tanh(self.lin(x))
        h = h + h[:, :, [3, 2, 1, 0]].flip(-1) * 0.5
        h = h - h[perm].repeat(1, 1, 1) * 0.25
        z = h.clone()
        z[:, 0] = h[:, 0] * 2.0                # a write through a select view
        z[perm[:1]] = z[perm[:1]] * 0.5        # index_put_
        z[z > 0.6] = 0.6                       # a bool mask assigned a value
        c = ((z + 1.1) - (z + 1.1).detach() * (z.detach() > 0.55)).cumprod(dim=1)  # zeros inside
        d = torch.diagonal(z, 0, 1, 2).sum() + torch.trace(z[0])
        y = F.normalize(c, dim=-1) + d * 0.01
        return self.head(y[:, [-1], :])        # nanoGPT's last position

idx = torch.tensor([[1, 2, 3, 4], [5, 6, 0, 1], [2, 2, 4, 6]])
perm = torch.tensor([2, 0, 1])
target = torch.tensor([3, 0, 6])

def run(compiled):
    torch._dynamo.reset()
    m = Model()
    opt = torch.optim.SGD(m.parameters(), lr=0.5)

    def step(idx, perm, target):
        logits = m(idx, perm)
        loss = F.cross_entropy(logits.view(-1, 7), target)
        loss.backward()
        return loss

    f = torch.compile(step) if compiled else step
    losses = []
    for _ in range(3):
        opt.zero_grad()
        losses.append(f(idx, perm, target).item())
        opt.step()
    return losses, [p.detach().clone() for p in m.parameters()]

eager_losses, eager_params = run(False)
comp_losses, comp_params = run(True)
print("eager   ", [f"{l:.4f}" for l in eager_losses])
print("compiled", [f"{l:.4f}" for l in comp_losses])
print("params equal", all(torch.allclose(a, b, rtol=1e-4, atol=1e-5) for a, b in zip(eager_params, comp_params)))

# A compiled function's output keeps AOT autograd's node.
torch._dynamo.reset()
x = torch.linspace(-1.0, 1.0, 20).reshape(4, 5).requires_grad_()
out = torch.compile(lambda t: t[[0, 2]].cumprod(1).flip(0) + t[1:3].diagonal().sum())(x)
print(type(out.grad_fn).__name__, tuple(out.shape))
out.sum().backward()
print(f"{x.grad.sum().item():.4f}")
